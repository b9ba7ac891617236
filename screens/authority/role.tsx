/** /authority/role (角色管理): role tree table, add/edit dialog, 权限设置 drawer (menus with buttons, data scope, API scope). */
import { IconPlus, IconRefresh } from '@douyinfe/semi-icons';
import {
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  SideSheet,
  Spin,
  Table,
  TabPane,
  Tabs,
  Toast,
  Tree,
} from '@douyinfe/semi-ui';
import type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useLazyRoleTreeKeysQuery,
  useRoleGrantMutation,
  useRoleGrantTreeQuery,
  useRoleListQuery,
  useRoleRemoveMutation,
  useRoleSubmitMutation,
  useRoleTreeQuery,
} from '../../core/api/blade-system.api.ts';
import { type RoleNode, roleSubmitSchema } from '../../core/contract/blade-system/role.contract.ts';
import {
  indexTree,
  leavesUnder,
  PageFrame,
  toSemiTree,
  useCan,
  withAncestors,
  zodFieldErrors,
} from '../../features/admin-page/common.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

type Editing = { mode: 'add' | 'edit'; row?: Partial<RoleNode> } | null;

export default function RolePage({ route }: ScreenProps) {
  const can = useCan('authority_role');
  const [filters, setFilters] = useState<{ roleName?: string; roleAlias?: string }>({});
  const [draft, setDraft] = useState<{ roleName?: string; roleAlias?: string }>({});
  const { data = [], isFetching, refetch } = useRoleListQuery(filters);
  const [remove] = useRoleRemoveMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [granting, setGranting] = useState<RoleNode | null>(null);

  const columns = [
    { title: '角色名称', dataIndex: 'roleName', width: 240 },
    { title: '角色别名', dataIndex: 'roleAlias', width: 200 },
    { title: '排序', dataIndex: 'sort', width: 90 },
    {
      title: '操作',
      dataIndex: 'op',
      width: 300,
      fixed: 'right' as const,
      render: (_: unknown, row: RoleNode) => (
        <span className="ly-row-actions">
          {can('edit') && (
            <Button theme="borderless" size="small" onClick={() => setGranting(row)}>
              权限设置
            </Button>
          )}
          {can('add') && (
            <Button
              theme="borderless"
              size="small"
              onClick={() => setEditing({ mode: 'add', row: { parentId: row.id } })}
            >
              新增下级
            </Button>
          )}
          {can('edit') && (
            <Button theme="borderless" size="small" onClick={() => setEditing({ mode: 'edit', row })}>
              编辑
            </Button>
          )}
          {can('delete') && (
            <Popconfirm
              title="确定删除该条数据吗?"
              onConfirm={async () => {
                const r = await remove({ ids: row.id });
                if ('data' in r) Toast.success('删除成功');
              }}
            >
              <Button theme="borderless" type="danger" size="small">
                删除
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  return (
    <PageFrame title={route.title} testId="role-page">
      <div className="ly-auth-toolbar">
        <Input
          placeholder="角色名称"
          style={{ width: 180 }}
          value={draft.roleName ?? ''}
          onChange={(v) => setDraft({ ...draft, roleName: v })}
        />
        <Input
          placeholder="角色别名"
          style={{ width: 180 }}
          value={draft.roleAlias ?? ''}
          onChange={(v) => setDraft({ ...draft, roleAlias: v })}
        />
        <Button type="primary" onClick={() => setFilters({ ...draft })}>
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
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'add', row: {} })}>
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
        dataSource={data}
        loading={isFetching}
        pagination={false}
        defaultExpandAllRows
        key={data.length}
        size="middle"
        empty={<Empty description="暂无数据" />}
      />
      {editing && <RoleDialog editing={editing} onClose={() => setEditing(null)} />}
      {granting && <GrantDrawer role={granting} onClose={() => setGranting(null)} />}
    </PageFrame>
  );
}

function RoleDialog({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const api = useRef<FormApi>();
  const { data: tree = [] } = useRoleTreeQuery();
  const [submit, { isLoading }] = useRoleSubmitMutation();
  const row = editing.row ?? {};
  const onOk = async () => {
    const values = { ...api.current?.getValues(), id: row.id };
    const errs = zodFieldErrors(roleSubmitSchema, values);
    if (errs) {
      for (const [k, m] of Object.entries(errs)) api.current?.setError(k, m);
      return;
    }
    const r = await submit(values);
    if ('data' in r) {
      Toast.success('操作成功');
      onClose();
    }
  };
  return (
    <Modal
      title={editing.mode === 'add' ? '新增角色' : '编辑角色'}
      visible
      onCancel={onClose}
      onOk={onOk}
      okText="保存"
      cancelText="取消"
      confirmLoading={isLoading}
      width={560}
    >
      <Form
        getFormApi={(a) => {
          api.current = a;
        }}
        initValues={{ sort: 0, ...row, parentId: row.parentId && row.parentId !== '0' ? row.parentId : undefined }}
        labelPosition="left"
        labelWidth={96}
      >
        <Form.Input field="roleName" label="角色名称" rules={[{ required: true, message: '请输入角色名称' }]} />
        <Form.Input field="roleAlias" label="角色别名" rules={[{ required: true, message: '请输入角色别名' }]} />
        <Form.TreeSelect
          field="parentId"
          label="上级角色"
          treeData={toSemiTree(tree)}
          placeholder="顶级"
          showClear
          style={{ width: '100%' }}
        />
        <Form.InputNumber field="sort" label="排序" precision={0} style={{ width: '100%' }} />
      </Form>
    </Modal>
  );
}

type Tab = 'menu' | 'dataScope' | 'apiScope';

function GrantDrawer({ role, onClose }: { role: RoleNode; onClose: () => void }) {
  const { data: tree, isFetching } = useRoleGrantTreeQuery();
  const [loadKeys] = useLazyRoleTreeKeysQuery();
  const [grant, { isLoading }] = useRoleGrantMutation();
  const [checked, setChecked] = useState<Record<Tab, string[]> | null>(null);
  const idx = useMemo(
    () => ({
      menu: indexTree(tree?.menu),
      dataScope: indexTree(tree?.dataScope),
      apiScope: indexTree(tree?.apiScope),
    }),
    [tree],
  );
  const semi = useMemo(
    () => ({
      menu: toSemiTree(tree?.menu),
      dataScope: toSemiTree(tree?.dataScope),
      apiScope: toSemiTree(tree?.apiScope),
    }),
    [tree],
  );
  // load the role's keys once the trees are there; keep only leaves (Semi derives the parents' state)
  useEffect(() => {
    if (!tree) return;
    loadKeys({ roleIds: role.id }, false).then((r) => {
      const k = r.data ?? { menu: [], dataScope: [], apiScope: [] };
      setChecked({
        menu: k.menu.filter((i) => idx.menu.leaves.has(i)),
        dataScope: k.dataScope.filter((i) => idx.dataScope.leaves.has(i)),
        apiScope: k.apiScope.filter((i) => idx.apiScope.leaves.has(i)),
      });
    });
  }, [tree, idx, role.id, loadKeys]);
  const onChange = (tab: Tab) => (value: unknown) => {
    const keys = (Array.isArray(value) ? value : []).map(String);
    setChecked((c) => (c ? { ...c, [tab]: [...leavesUnder(idx[tab], keys)] } : c));
  };
  const save = async () => {
    if (!checked) return;
    const r = await grant({
      roleIds: [role.id],
      menuIds: withAncestors(idx.menu, checked.menu),
      // scope-tree leaves are always scope rows (menus appear only as their parents)
      dataScopeIds: checked.dataScope,
      apiScopeIds: checked.apiScope,
    });
    if ('data' in r) {
      Toast.success('授权成功');
      onClose();
    }
  };
  const pane = (tab: Tab, label: string) => (
    <TabPane tab={label} itemKey={tab}>
      {semi[tab].length ? (
        <div className="ly-auth-grant-tree" data-testid={`grant-tree-${tab}`}>
          <Tree
            treeData={semi[tab]}
            multiple
            checkRelation="related"
            value={checked?.[tab] ?? []}
            onChange={onChange(tab)}
            filterTreeNode
            searchPlaceholder="输入名称筛选"
            showFilteredOnly
            defaultExpandAll={tab !== 'menu'}
          />
        </div>
      ) : (
        <Empty
          description={tab === 'menu' ? '暂无菜单' : `暂无${label}规则，请先在${label}页面为菜单添加规则`}
          style={{ padding: 40 }}
        />
      )}
    </TabPane>
  );
  return (
    <SideSheet
      title={`权限设置 · ${role.roleName}`}
      visible
      onCancel={onClose}
      width={520}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" theme="solid" loading={isLoading} disabled={!checked} onClick={save}>
            保存
          </Button>
        </div>
      }
    >
      <Spin spinning={isFetching || !checked}>
        <Tabs type="line" data-testid="grant-tabs">
          {pane('menu', '菜单权限')}
          {pane('dataScope', '数据权限')}
          {pane('apiScope', '接口权限')}
        </Tabs>
      </Spin>
    </SideSheet>
  );
}
