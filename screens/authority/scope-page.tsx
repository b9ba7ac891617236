/**
 * The layout shared by /authority/datascope (数据权限) and /authority/apiscope (接口权限), BladeX style: the menu
 * tree on the left (with the number of rules under each node), the rules of the chosen menu and everything below
 * it on the right, add / edit / delete in a dialog validated by the contract's schema. Roles receive the rules in
 * 角色管理 → 权限设置 (数据权限 / 接口权限 tabs). The rules of a tenant are few: they are loaded once (≤ 1000) and
 * filtered here, so choosing a catalogue shows the rules of every menu below it.
 */
import { IconPlus, IconRefresh } from '@douyinfe/semi-icons';
import { Button, Empty, Input, Modal, Table, Tag, Toast, Tree, Typography } from '@douyinfe/semi-ui';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import {
  useApiScopeListQuery,
  useApiScopeRemoveMutation,
  useDataScopeListQuery,
  useDataScopeRemoveMutation,
  useDeptTreeQuery,
  useMenuTreeQuery,
} from '../../core/api/blade-system.api.ts';
import type { ApiScopeRow, DataScopeRow } from '../../core/contract/blade-system/scope.contract.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import { indexTree, PageFrame, type SemiTreeData, useCan } from '../../features/admin-page/common.tsx';
import { usePager } from '../../features/ui/use-pager.tsx';
import { ScopeDialog } from './scope-dialog.tsx';

export type ScopeKind = 'data' | 'api';
export type ScopeRow = DataScopeRow | ApiScopeRow;

const ALL = { current: 1, size: 1000 };

/** Every rule of the tenant for one kind (both queries are declared; the other one is skipped). */
function useRules(kind: ScopeKind) {
  const data = useDataScopeListQuery(ALL, { skip: kind !== 'data' });
  const api = useApiScopeListQuery(ALL, { skip: kind !== 'api' });
  const q = kind === 'data' ? data : api;
  return { rows: (q.data?.records ?? []) as ScopeRow[], isFetching: q.isFetching, refetch: q.refetch };
}

/** Menu ids under (and including) `id`: a catalogue stands for every menu below it. */
function subtreeIds(idx: ReturnType<typeof indexTree>, id: string): Set<string> {
  const out = new Set<string>([id]);
  const walk = (k: string) => {
    for (const c of idx.children.get(k) ?? []) {
      out.add(c);
      walk(c);
    }
  };
  walk(id);
  return out;
}

/** Tree labels with the rule count of each subtree. */
function labelTree(nodes: TreeNode[], count: (id: string) => number): SemiTreeData[] {
  return nodes.map((n) => {
    const c = count(n.id);
    return {
      key: n.id,
      value: n.id,
      label: n.title,
      // the count badge is drawn by the tree's renderLabel
      children: n.children?.length ? labelTree(n.children, count) : undefined,
      ...(c ? { count: c } : {}),
    } as SemiTreeData;
  });
}

export function ScopePage({ kind, title }: { kind: ScopeKind; title: string }) {
  const permission = kind === 'data' ? 'authority_datascope' : 'authority_apiscope';
  const can = useCan(permission);
  const { data: menus = [], isFetching: menusLoading } = useMenuTreeQuery();
  const { data: depts = [] } = useDeptTreeQuery(undefined, { skip: kind !== 'data' });
  const { rows, isFetching, refetch } = useRules(kind);
  const [removeData] = useDataScopeRemoveMutation();
  const [removeApi] = useApiScopeRemoveMutation();
  const [menuId, setMenuId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { current, size, setCurrent, pager } = usePager(10);
  const [editing, setEditing] = useState<{ row: Partial<ScopeRow> } | null>(null);

  const idx = useMemo(() => indexTree(menus), [menus]);
  const menuName = useMemo(() => {
    const m = new Map<string, string>();
    const walk = (ns: TreeNode[]) => {
      for (const n of ns) {
        m.set(n.id, n.title);
        walk(n.children ?? []);
      }
    };
    walk(menus);
    return m;
  }, [menus]);
  const deptName = useMemo(() => {
    const m = new Map<string, string>();
    const walk = (ns: TreeNode[]) => {
      for (const n of ns) {
        m.set(n.id, n.title);
        walk(n.children ?? []);
      }
    };
    walk(depts);
    return m;
  }, [depts]);
  const perMenu = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r.menuId, (m.get(r.menuId) ?? 0) + 1);
    return m;
  }, [rows]);
  const treeData = useMemo(() => {
    const count = (id: string) => [...subtreeIds(idx, id)].reduce((s, k) => s + (perMenu.get(k) ?? 0), 0);
    return labelTree(menus, count);
  }, [menus, idx, perMenu]);

  const shown = useMemo(() => {
    const within = menuId ? subtreeIds(idx, menuId) : null;
    const q = name.trim();
    return rows.filter((r) => (!within || within.has(r.menuId)) && (!q || r.scopeName.includes(q)));
  }, [rows, menuId, idx, name]);
  const pageRows = shown.slice((current - 1) * size, current * size);

  const askRemove = (row: ScopeRow) =>
    Modal.confirm({
      title: '提示',
      content: `确定删除「${row.scopeName}」吗？已授予角色的该规则将一并收回。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await (kind === 'data' ? removeData({ ids: row.id }) : removeApi({ ids: row.id }));
        if ('data' in r) Toast.success('删除成功');
      },
    });

  const status = (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag color="grey">停用</Tag>);
  const common: ColumnProps<ScopeRow>[] = [
    { title: '权限名称', dataIndex: 'scopeName', width: 160, ellipsis: true },
    {
      title: '所属菜单',
      dataIndex: 'menuId',
      width: 110,
      ellipsis: true,
      render: (v: string) => menuName.get(v) ?? v,
    },
  ];
  const specific: ColumnProps<ScopeRow>[] =
    kind === 'data'
      ? [
          {
            title: '权限类型',
            dataIndex: 'scopeTypeName',
            width: 140,
            render: (v: string, r) => <Tag color={(r as DataScopeRow).scopeType === 1 ? 'blue' : 'orange'}>{v}</Tag>,
          },
          {
            title: '可见机构',
            dataIndex: 'scopeValue',
            width: 170,
            ellipsis: true,
            render: (v: string, r) =>
              (r as DataScopeRow).scopeType === 5
                ? v
                    .split(',')
                    .filter(Boolean)
                    .map((d) => deptName.get(d) ?? d)
                    .join('、')
                : '—',
          },
        ]
      : [
          {
            title: '请求方式',
            dataIndex: 'scopeMethod',
            width: 84,
            render: (v: string) => <Tag color={v === 'ALL' ? 'grey' : 'violet'}>{v === 'ALL' ? '全部' : v}</Tag>,
          },
          {
            title: '权限路径',
            dataIndex: 'scopePath',
            width: 250,
            ellipsis: true,
            render: (v: string) => <code className="ly-crud-code">{v}</code>,
          },
          { title: '接口类型', dataIndex: 'scopeTypeName', width: 90 },
        ];
  const columns: ColumnProps<ScopeRow>[] = [
    ...common,
    ...specific,
    { title: '状态', dataIndex: 'status', width: 70, render: status },
    { title: '备注', dataIndex: 'remark', width: 130, ellipsis: true },
  ];
  if (can('edit') || can('delete')) {
    columns.push({
      title: '操作',
      dataIndex: '__op',
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <span className="ly-row-actions">
          {can('edit') && (
            <Button theme="borderless" size="small" onClick={() => setEditing({ row })}>
              编辑
            </Button>
          )}
          {can('delete') && (
            <Button theme="borderless" size="small" type="danger" onClick={() => askRemove(row)}>
              删除
            </Button>
          )}
        </span>
      ),
    });
  }

  const selectedName = menuId ? menuName.get(menuId) : null;
  return (
    <PageFrame title={title} testId={`${kind}-scope-page`}>
      <div className="ly-auth-split ly-scope-split">
        <aside className="ly-auth-side" data-testid="scope-menu-tree">
          <div className="ly-auth-side-title">
            菜单
            {menuId && (
              <Button size="small" theme="borderless" onClick={() => setMenuId(null)} style={{ float: 'right' }}>
                全部
              </Button>
            )}
          </div>
          {menusLoading && !menus.length ? (
            <Empty description="加载中…" />
          ) : (
            <Tree
              treeData={treeData}
              filterTreeNode
              searchPlaceholder="搜索菜单"
              showFilteredOnly
              value={menuId ?? undefined}
              onSelect={(key) => {
                setMenuId(String(key));
                setCurrent(1);
              }}
              renderLabel={(label, node) => {
                const c = (node as { count?: number } | undefined)?.count;
                return (
                  <span className="ly-scope-node">
                    <span>{label as ReactNode}</span>
                    {c ? <span className="ly-scope-count">{c}</span> : null}
                  </span>
                );
              }}
            />
          )}
        </aside>
        <section className="ly-auth-main">
          <div className="ly-auth-toolbar">
            <Typography.Text strong>
              {selectedName ? `「${selectedName}」的${title}规则` : `全部${title}规则`}
            </Typography.Text>
            <Input
              placeholder="权限名称"
              style={{ width: 180 }}
              value={name}
              showClear
              onChange={(v) => {
                setName(v);
                setCurrent(1);
              }}
            />
            <span className="ly-auth-spacer" />
            {can('add') && (
              <Button
                theme="solid"
                type="primary"
                icon={<IconPlus />}
                data-testid="scope-add"
                onClick={() => setEditing({ row: menuId ? { menuId } : {} })}
              >
                新增
              </Button>
            )}
            <Button icon={<IconRefresh />} onClick={() => void refetch()}>
              刷新
            </Button>
          </div>
          <Table<ScopeRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={pageRows}
            loading={isFetching}
            pagination={false}
            scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
            empty={
              <Empty
                description={
                  selectedName
                    ? `「${selectedName}」下还没有${title}规则`
                    : `还没有${title}规则，请在左侧选择菜单后新增`
                }
              />
            }
          />
          <div className="ly-crud-pager">{pager(shown.length)}</div>
        </section>
      </div>
      {editing && (
        <ScopeDialog
          kind={kind}
          title={title}
          row={editing.row}
          menus={menus}
          depts={depts}
          onClose={() => setEditing(null)}
        />
      )}
    </PageFrame>
  );
}
