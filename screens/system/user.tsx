/** /system/user (用户管理): dept tree on the left, users on the right; add/edit/view dialog, 角色配置, 重置密码, 启用/停用, 解锁. */
import { IconPlus, IconRefresh } from '@douyinfe/semi-icons';
import {
  Button,
  Descriptions,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Table,
  Tag,
  Toast,
  Tree,
  TreeSelect,
} from '@douyinfe/semi-ui';
import type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
import { md5 } from 'js-md5';
import { useRef, useState } from 'react';
import {
  useDeptTreeQuery,
  useRoleTreeQuery,
  useUserGrantMutation,
  useUserPageQuery,
  useUserPostOptionsQuery,
  useUserRemoveMutation,
  useUserResetPasswordMutation,
  useUserStatusMutation,
  useUserSubmitMutation,
  useUserUnlockMutation,
} from '../../core/api/blade-system.api.ts';
import { type UserRow, userSubmitSchema } from '../../core/contract/blade-system/user.contract.ts';
import { PAGE_SIZES } from '../../core/contract/common.ts';
import { PageFrame, toSemiTree, useCan, zodFieldErrors } from '../../features/admin-page/common.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { Select } from '../../features/ui/select.tsx';

type Dialog = { mode: 'add' | 'edit' | 'view'; row?: UserRow } | null;
interface Filters {
  account?: string;
  realName?: string;
  status?: number | '';
}
const csv = (v?: string) => (v ? v.split(',').filter(Boolean) : []);

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
    { title: '所属角色', dataIndex: 'roleName', width: 160 },
    { title: '所属机构', dataIndex: 'deptName', width: 180 },
    { title: '岗位', dataIndex: 'postName', width: 110 },
    { title: '手机号码', dataIndex: 'phone', width: 130 },
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
          <div className="ly-auth-toolbar">
            <Input
              placeholder="登录账号"
              style={{ width: 160 }}
              value={draft.account ?? ''}
              onChange={(v) => setDraft({ ...draft, account: v })}
            />
            <Input
              placeholder="用户姓名"
              style={{ width: 160 }}
              value={draft.realName ?? ''}
              onChange={(v) => setDraft({ ...draft, realName: v })}
            />
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
            <Pagination
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

function UserDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
  const api = useRef<FormApi>();
  const { data: roles = [] } = useRoleTreeQuery();
  const { data: depts = [] } = useDeptTreeQuery();
  const { data: posts = [] } = useUserPostOptionsQuery();
  const [submit, { isLoading }] = useUserSubmitMutation();
  const row = dialog.row;
  const title = { add: '新增用户', edit: '编辑用户', view: '查看用户' }[dialog.mode];
  if (dialog.mode === 'view' && row) {
    return (
      <Modal title={title} visible onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={640}>
        <Descriptions
          row
          data={[
            { key: '登录账号', value: row.account },
            { key: '用户姓名', value: row.realName },
            { key: '用户昵称', value: row.name },
            { key: '用户编号', value: row.code },
            { key: '所属角色', value: row.roleName },
            { key: '所属机构', value: row.deptName },
            { key: '岗位', value: row.postName },
            { key: '手机号码', value: row.phone },
            { key: '电子邮箱', value: row.email },
            { key: '性别', value: row.sexName },
            { key: '状态', value: row.status === 1 ? '启用' : '停用' },
            { key: '创建时间', value: row.createTime },
          ]}
        />
      </Modal>
    );
  }
  const onOk = async () => {
    const v = { ...api.current?.getValues() } as Record<string, unknown>;
    const password = typeof v.password === 'string' && v.password ? v.password : '';
    if (dialog.mode === 'add' && !password) {
      api.current?.setError('password', '请输入密码');
      return;
    }
    if (password && password !== v.password2) {
      api.current?.setError('password2', '两次输入的密码不一致');
      return;
    }
    const body = {
      ...v,
      id: row?.id,
      password: password ? md5(password) : undefined,
      password2: undefined,
      roleId: (v.roleId as string[] | undefined) ?? [],
      deptId: (v.deptId as string[] | undefined) ?? [],
      postId: (v.postId as string[] | undefined) ?? [],
    };
    const errs = zodFieldErrors(userSubmitSchema, body);
    if (errs) {
      for (const [k, m] of Object.entries(errs)) api.current?.setError(k, m);
      return;
    }
    const r = await submit(body as never);
    if ('data' in r) {
      Toast.success('操作成功');
      onClose();
    }
  };
  return (
    <Modal
      title={title}
      visible
      onCancel={onClose}
      onOk={onOk}
      okText="保存"
      cancelText="取消"
      confirmLoading={isLoading}
      width={720}
    >
      <Form
        getFormApi={(a) => {
          api.current = a;
        }}
        initValues={
          row
            ? { ...row, roleId: csv(row.roleId), deptId: csv(row.deptId), postId: csv(row.postId) }
            : { sex: 1, status: 1 }
        }
        labelPosition="left"
        labelWidth={90}
      >
        <div className="ly-user-form-grid" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Input field="account" label="登录账号" rules={[{ required: true, message: '请输入登录账号' }]} />
          <Form.Input field="realName" label="用户姓名" rules={[{ required: true, message: '请输入用户姓名' }]} />
          {dialog.mode === 'add' && (
            <>
              <Form.Input
                field="password"
                label="密码"
                mode="password"
                rules={[{ required: true, message: '请输入密码' }]}
              />
              <Form.Input field="password2" label="确认密码" mode="password" />
            </>
          )}
          <Form.Input field="name" label="用户昵称" />
          <Form.Input field="code" label="用户编号" />
          <Form.Input field="phone" label="手机号码" />
          <Form.Input field="email" label="电子邮箱" />
          <Form.Select
            field="sex"
            label="性别"
            style={{ width: '100%' }}
            optionList={[
              { label: '男', value: 1 },
              { label: '女', value: 2 },
            ]}
          />
          <Form.Select
            field="status"
            label="状态"
            style={{ width: '100%' }}
            optionList={[
              { label: '启用', value: 1 },
              { label: '停用', value: 0 },
            ]}
          />
        </div>
        <Form.TreeSelect
          field="roleId"
          label="所属角色"
          multiple
          treeData={toSemiTree(roles)}
          style={{ width: '100%' }}
          rules={[{ required: true, message: '请选择所属角色' }]}
        />
        <Form.TreeSelect
          field="deptId"
          label="所属机构"
          multiple
          treeData={toSemiTree(depts)}
          style={{ width: '100%' }}
          rules={[{ required: true, message: '请选择所属机构' }]}
        />
        <Form.Select
          field="postId"
          label="所属岗位"
          multiple
          style={{ width: '100%' }}
          optionList={posts.map((p) => ({ label: p.postName, value: p.id }))}
        />
      </Form>
    </Modal>
  );
}

function RoleGrantDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { data: roles = [] } = useRoleTreeQuery();
  const [value, setValue] = useState<string[]>(csv(user.roleId));
  const [grant, { isLoading }] = useUserGrantMutation();
  return (
    <Modal
      title={`角色配置 · ${user.account}`}
      visible
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={async () => {
        if (!value.length) {
          Toast.warning('请选择角色');
          return;
        }
        const r = await grant({ userIds: user.id, roleIds: value.join(',') });
        if ('data' in r) {
          Toast.success('操作成功');
          onClose();
        }
      }}
    >
      <TreeSelect
        multiple
        treeData={toSemiTree(roles)}
        value={value}
        onChange={(v) => setValue((Array.isArray(v) ? v : []).map(String))}
        style={{ width: '100%' }}
        placeholder="请选择角色"
      />
    </Modal>
  );
}
