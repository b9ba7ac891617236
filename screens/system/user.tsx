/** /system/user (用户管理): dept tree on the left, users on the right; add/edit/view dialog, 角色配置, 重置密码, 启用/停用, 解锁. */
import { IconPlus, IconRefresh } from '@douyinfe/semi-icons';
import { Button, Dropdown, Empty, Input, Modal, Popconfirm, Table, Tag, Toast, Tree } from '@douyinfe/semi-ui';
import { useState } from 'react';
import {
  useDeptTreeQuery,
  useUserPageQuery,
  useUserRemoveMutation,
  useUserResetPasswordMutation,
  useUserStatusMutation,
  useUserUnlockMutation,
} from '../../core/api/blade-system.api.ts';
import type { UserRow } from '../../core/contract/blade-system/user.contract.ts';
import { PAGE_SIZES } from '../../core/contract/common.ts';
import { PageFrame, toSemiTree, useCan } from '../../features/admin-page/common.tsx';
import { SearchItem } from '../../features/crud/search-item.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { Pager } from '../../features/ui/pager.tsx';
import { Select } from '../../features/ui/select.tsx';
import { RoleGrantDialog, UserDialog, type UserDialogState } from './user-dialogs.tsx';

type Dialog = UserDialogState;
interface Filters {
  account?: string;
  realName?: string;
  status?: number | '';
}

export default function UserPage({ route }: ScreenProps) {
  const can = useCan('system_user');
  const { data: deptTree = [] } = useDeptTreeQuery();
  const [deptId, setDeptId] = useState<string | undefined>();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const { data, isFetching, refetch } = useUserPageQuery({ ...paging, ...filters, deptId });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [granting, setGranting] = useState<UserRow | null>(null);
  const [remove] = useUserRemoveMutation();
  const [reset] = useUserResetPasswordMutation();
  const [setStatus] = useUserStatusMutation();
  const [unlock] = useUserUnlockMutation();

  const done = (r: { data?: { msg?: string } | null } | { error: unknown }, fallback: string) => {
    if ('data' in r) Toast.success(r.data?.msg && r.data.msg !== '操作成功' ? r.data.msg : fallback);
  };

  const columns = [
    { title: '登录账号', dataIndex: 'account', width: 130 },
    { title: '用户姓名', dataIndex: 'realName', width: 110 },
    // 状态 (启用/停用/锁定) in view at 1440 px (issue 26)
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (v: number, row: UserRow) => (
        <span>
          <Tag color={v === 1 ? 'green' : 'grey'}>{v === 1 ? '启用' : '停用'}</Tag>
          {row.locked && (
            <Tag color="red" style={{ marginLeft: 4 }}>
              锁定
            </Tag>
          )}
        </span>
      ),
    },
    { title: '所属角色', dataIndex: 'roleName', width: 160 },
    { title: '所属机构', dataIndex: 'deptName', width: 180 },
    { title: '岗位', dataIndex: 'postName', width: 110 },
    { title: '手机号码', dataIndex: 'phone', width: 130 },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      dataIndex: 'op',
      width: 230,
      fixed: 'right' as const,
      render: (_: unknown, row: UserRow) => (
        <span className="ly-row-actions">
          {can('edit') && (
            <Button theme="borderless" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
              编辑
            </Button>
          )}
          {can('view') && (
            <Button theme="borderless" size="small" onClick={() => setDialog({ mode: 'view', row })}>
              查看
            </Button>
          )}
          {can('delete') && (
            <Popconfirm
              title="确定删除该条数据吗?"
              onConfirm={async () => done(await remove({ ids: row.id }), '删除成功')}
            >
              <Button theme="borderless" type="danger" size="small">
                删除
              </Button>
            </Popconfirm>
          )}
          {can('edit') && (
            <Dropdown
              trigger="click"
              position="bottomRight"
              render={
                <Dropdown.Menu>
                  <Dropdown.Item onClick={() => setGranting(row)}>角色配置</Dropdown.Item>
                  <Dropdown.Item
                    onClick={() =>
                      Modal.confirm({
                        title: `确定重置 ${row.account} 的密码吗?（新密码取页面配置 account.initPassword）`,
                        onOk: async () => done(await reset({ userIds: row.id }), '重置成功'),
                      })
                    }
                  >
                    重置密码
                  </Dropdown.Item>
                  <Dropdown.Item
                    onClick={async () =>
                      done(await setStatus({ userIds: row.id, status: row.status === 1 ? 0 : 1 }), '操作成功')
                    }
                  >
                    {row.status === 1 ? '停用' : '启用'}
                  </Dropdown.Item>
                  {row.locked && (
                    <Dropdown.Item onClick={async () => done(await unlock({ userIds: row.id }), '解锁成功')}>
                      解锁
                    </Dropdown.Item>
                  )}
                </Dropdown.Menu>
              }
            >
              <Button theme="borderless" size="small">
                更多
              </Button>
            </Dropdown>
          )}
        </span>
      ),
    },
  ];

  return (
    <PageFrame title={route.title} testId="user-page">
      <div className="ly-auth-split">
        <div className="ly-auth-side">
          <div className="ly-auth-side-title">组织机构</div>
          <Tree
            treeData={[{ key: 'all', value: 'all', label: '全部' }, ...toSemiTree(deptTree)]}
            value={deptId ?? 'all'}
            defaultExpandAll
            onChange={(v) => {
              setDeptId(v === 'all' || !v ? undefined : String(v));
              setPaging((p) => ({ ...p, current: 1 }));
            }}
          />
        </div>
        <div className="ly-auth-main">
          <div className="ly-auth-toolbar" style={{ alignItems: 'flex-end' }}>
            <SearchItem label="登录账号" wide>
              <Input
                placeholder="登录账号"
                style={{ width: 160 }}
                value={draft.account ?? ''}
                onChange={(v) => setDraft({ ...draft, account: v })}
              />
            </SearchItem>
            <SearchItem label="用户姓名" wide>
              <Input
                placeholder="用户姓名"
                style={{ width: 160 }}
                value={draft.realName ?? ''}
                onChange={(v) => setDraft({ ...draft, realName: v })}
              />
            </SearchItem>
            <SearchItem label="状态" wide>
              <Select
                placeholder="状态"
                style={{ width: 120 }}
                value={draft.status === '' ? undefined : draft.status}
                showClear
                optionList={[
                  { label: '启用', value: 1 },
                  { label: '停用', value: 0 },
                ]}
                onChange={(v) => setDraft({ ...draft, status: v === undefined ? '' : (v as number) })}
              />
            </SearchItem>
            <Button
              type="primary"
              onClick={() => {
                setFilters({ ...draft });
                setPaging((p) => ({ ...p, current: 1 }));
              }}
            >
              搜索
            </Button>
            <Button
              onClick={() => {
                setDraft({});
                setFilters({});
              }}
            >
              重置
            </Button>
            <span className="ly-auth-spacer" />
            {can('add') && (
              <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ mode: 'add' })}>
                新增
              </Button>
            )}
            <Button icon={<IconRefresh />} onClick={() => refetch()}>
              刷新
            </Button>
          </div>
          <Table
            rowKey="id"
            columns={columns}
            dataSource={data?.records ?? []}
            loading={isFetching}
            pagination={false}
            size="middle"
            scroll={{ x: 1400 }}
            empty={<Empty description="暂无数据" />}
          />
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
            <Pager
              total={data?.total ?? 0}
              currentPage={paging.current}
              pageSize={paging.size}
              pageSizeOpts={[...PAGE_SIZES]}
              showSizeChanger
              showQuickJumper
              showTotal
              onChange={(current, size) => setPaging({ current, size })}
            />
          </div>
        </div>
      </div>
      {dialog && <UserDialog dialog={dialog} onClose={() => setDialog(null)} />}
      {granting && <RoleGrantDialog user={granting} onClose={() => setGranting(null)} />}
    </PageFrame>
  );
}
