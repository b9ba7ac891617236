import { IconChevronDown, IconChevronRight, IconPlus, IconRefresh, IconSearch } from '@douyinfe/semi-icons';
import { Button, Modal, Table, Toast, Tooltip } from '@douyinfe/semi-ui';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import {
  type Params,
  type Row,
  refOf,
  useResourceListQuery,
  useResourceRemoveMutation,
  useResourceSubmitMutation,
} from '../../core/api/crud.api.ts';
import type { FieldKind, ResourceDef, SearchDef } from '../../core/contract/resource.ts';
import { stripAuditFields } from '../../core/format/data.ts';
import { DraggableDialog } from './draggable-dialog.tsx';
import { CellValue, RIGHT_ALIGNED, SearchControl } from './field-kinds.tsx';
import { useResourcePermissions } from './permissions.ts';
import {
  cleanValues,
  type FieldErrors,
  type FormMode,
  formDefaults,
  ResourceForm,
  validateForm,
  withClearedFields,
} from './resource-form.tsx';
import { rowToFormValues, searchParams } from './resource-list-page.tsx';
import { useTableHeight } from './table-height.ts';
import './crud.css';
import { SearchItem } from './search-item.tsx';

type AnySearch = SearchDef<Record<string, unknown>>;
export type TreeRow = Row & { id: string; children?: TreeRow[] };

/** Ids of the rows above `depth` (0 = roots) that have children: the rows shown expanded at first. */
export function expandedKeys(rows: TreeRow[], depth: number, level = 0, out: string[] = []): string[] {
  if (level >= depth) return out;
  for (const r of rows) {
    if (r.children?.length) {
      out.push(r.id);
      expandedKeys(r.children, depth, level + 1, out);
    }
  }
  return out;
}

export interface TreePageProps {
  def: ResourceDef;
  /** Initial values of a child added under `row` (default: `{parentId: row.id}`). */
  childDefaults?: (row: TreeRow) => Record<string, unknown>;
  /** Rows that may get children (default: all). */
  canAddChild?: (row: TreeRow) => boolean;
  /** Why a row may not be edited or removed by this user (the buttons are disabled with this hint). */
  lockedReason?: (row: TreeRow) => string | undefined;
  /** Fixed filters always sent (e.g. a department category). */
  baseParams?: Params;
  /** Levels expanded at first (default: all). */
  expandDepth?: number;
  /** Values a new root starts with, besides the form's defaults. */
  rootDefaults?: Record<string, unknown>;
}

/**
 * The tree variant of the generic list page (spec §2.12) for tree resources (menus, departments, dictionaries):
 * `${path}/list` answers the whole (filtered) tree; rows expand and collapse; row buttons 新增下级, 编辑, 查看, 删除
 * (gated by the button permissions and `lockedReason`); the same draggable dialog and form as the list page.
 */
export function ResourceTreePage({
  def,
  childDefaults,
  canAddChild,
  lockedReason,
  baseParams,
  expandDepth = 99,
  rootDefaults,
}: TreePageProps) {
  const perms = useResourcePermissions(def.permission);
  const ref = useMemo(() => refOf(def), [def]);
  const search = def.search as AnySearch[];
  const [showSearch, setShowSearch] = useState(true);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [filters, setFilters] = useState<Params>({});
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<{ mode: FormMode; row: Row; title: string } | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submit, submitState] = useResourceSubmitMutation();
  const [remove] = useResourceRemoveMutation();
  const list = useResourceListQuery({ ref, params: { ...baseParams, ...filters } });
  const rows = (list.data ?? []) as TreeRow[];
  const searching = Object.keys(filters).length > 0;
  // searching shows every match; otherwise the chosen depth until the user expands or collapses
  const keys = expanded ?? expandedKeys(rows, searching ? 99 : expandDepth);

  const searchRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pagerRef = useRef<HTMLDivElement>(null);
  const tableHeight = useTableHeight(searchRef, menuRef, pagerRef, showSearch);

  const defaults = () => ({ ...formDefaults(def.schemas.form, def.form), ...rootDefaults });
  const open = (mode: FormMode, row: Row, title: string, initial?: Record<string, unknown>) => {
    const { children: _c, ...plain } = row as TreeRow;
    setDialog({ mode, row: plain, title });
    const v = initial ?? rowToFormValues(def, { ...plain });
    if (v.parentId === '0' || v.parentId === 0) delete v.parentId; // top level: an empty parent select
    setValues(v);
    setErrors({});
  };
  const save = async () => {
    if (!dialog) return;
    const checked = validateForm(def.schemas.form, cleanValues(def.form, values));
    if (!checked.ok) return setErrors(checked.errors);
    const fields = def.form.map((f) => f.field);
    const body = stripAuditFields(
      dialog.row.id ? { ...withClearedFields(def.form, checked.data), id: dialog.row.id } : checked.data,
      fields,
    );
    const r = await submit({ ref, body });
    if ('error' in r) return; // the base query has shown the server's message (spec §8)
    Toast.success({ content: dialog.mode === 'add' ? '新增成功' : '修改成功', duration: 3 });
    setDialog(null);
  };
  const askRemove = (row: TreeRow) =>
    Modal.confirm({
      title: '提示',
      content: row.children?.length ? '该节点下还有子节点，请先删除子节点' : '确定删除该条数据吗?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await remove({ ref, ids: [row.id] });
        if (!('error' in r)) Toast.success({ content: '删除成功', duration: 3 });
      },
    });

  const columns: ColumnProps<TreeRow>[] = def.columns
    .filter((c) => !c.hideInTable)
    .map((c) => ({
      title: c.label,
      dataIndex: c.field,
      width: c.width ?? 140,
      align: RIGHT_ALIGNED.has(c.kind as FieldKind) ? ('right' as const) : undefined,
      ellipsis: true,
      render: (_: unknown, row: TreeRow) => <CellValue col={c} row={row} />,
    }));
  const locked = (row: TreeRow) => lockedReason?.(row);
  const lockable = (row: TreeRow, button: ReactNode) => {
    const why = locked(row);
    return why ? (
      <Tooltip content={why} key="locked">
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };
  columns.push({
    title: '操作',
    dataIndex: '__actions',
    width: 240,
    fixed: 'right',
    render: (_: unknown, row: TreeRow) => (
      <span className="ly-crud-actions" data-testid={`row-actions-${row.id}`}>
        {perms.add && (canAddChild?.(row) ?? true) && (
          <Button
            theme="borderless"
            size="small"
            onClick={() =>
              open('add', {}, `新增下级${def.title}`, {
                ...defaults(),
                ...(childDefaults?.(row) ?? { parentId: row.id }),
              })
            }
          >
            新增下级
          </Button>
        )}
        {perms.edit &&
          lockable(
            row,
            <Button
              theme="borderless"
              size="small"
              disabled={!!locked(row)}
              onClick={() => open('edit', row, `编辑${def.title}`)}
            >
              编辑
            </Button>,
          )}
        {perms.view && (
          <Button theme="borderless" size="small" onClick={() => open('view', row, `查看${def.title}`)}>
            查看
          </Button>
        )}
        {perms.delete &&
          lockable(
            row,
            <Button
              theme="borderless"
              size="small"
              type="danger"
              disabled={!!locked(row)}
              onClick={() => askRemove(row)}
            >
              删除
            </Button>,
          )}
      </span>
    ),
  });
  const scrollX = columns.reduce((s, c) => s + Number(c.width ?? 140), 0);
  const allKeys = expandedKeys(rows, 99);

  return (
    <div className="ly-page ly-crud" data-testid={`crud-tree-${def.name}`}>
      {showSearch && search.length > 0 && (
        <div className="ly-crud-search" ref={searchRef} data-testid="crud-search">
          {search.map((s) => (
            <SearchItem key={s.field} label={s.label}>
              <SearchControl
                def={s}
                value={draft[s.field]}
                onChange={(v) => setDraft((d) => ({ ...d, [s.field]: v }))}
              />
            </SearchItem>
          ))}
          <div className="ly-crud-search-buttons">
            <Button
              theme="solid"
              icon={<IconSearch />}
              onClick={() => {
                setFilters(searchParams(search, draft));
                setExpanded(null);
              }}
            >
              搜索
            </Button>
            <Button
              onClick={() => {
                setDraft({});
                setFilters({});
                setExpanded(null);
              }}
            >
              重置
            </Button>
          </div>
        </div>
      )}
      <div className="ly-crud-menu" ref={menuRef}>
        <div className="ly-crud-menu-left">
          {perms.add && (
            <Button
              theme="solid"
              icon={<IconPlus />}
              onClick={() => open('add', {}, `新增${def.title}`, defaults())}
              data-testid="crud-add"
            >
              新增
            </Button>
          )}
          <Button icon={<IconChevronDown />} onClick={() => setExpanded(allKeys)}>
            展开全部
          </Button>
          <Button icon={<IconChevronRight />} onClick={() => setExpanded([])}>
            折叠全部
          </Button>
        </div>
        <div className="ly-crud-menu-right">
          {perms.refresh && (
            <Button
              icon={<IconRefresh />}
              aria-label="刷新"
              title="刷新"
              onClick={() => void list.refetch()}
              data-testid="crud-refresh"
            />
          )}
          {search.length > 0 && (
            <Button
              icon={<IconSearch />}
              aria-label="搜索显隐"
              title="搜索显隐"
              onClick={() => setShowSearch((v) => !v)}
              data-testid="crud-search-toggle"
            />
          )}
        </div>
      </div>
      <Table<TreeRow>
        className="ly-crud-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        expandedRowKeys={keys}
        onExpandedRowsChange={(rs) => setExpanded((rs ?? []).map((r) => String((r as TreeRow).id)))}
        scroll={{ y: tableHeight + 40, x: scrollX }}
        empty="暂无数据"
      />
      <div ref={pagerRef} />
      <DraggableDialog
        visible={!!dialog}
        title={dialog?.title ?? ''}
        onClose={() => setDialog(null)}
        footer={
          dialog?.mode === 'view' ? (
            <Button onClick={() => setDialog(null)}>关闭</Button>
          ) : (
            <>
              <Button onClick={() => setDialog(null)}>取消</Button>
              <Button theme="solid" onClick={save} loading={submitState.isLoading} data-testid="crud-save">
                {dialog?.mode === 'add' ? '保存' : '修改'}
              </Button>
            </>
          )
        }
      >
        {dialog && (
          <ResourceForm
            fields={def.form}
            mode={dialog.mode}
            values={
              dialog.mode === 'view'
                ? { ...dialog.row, ...(String(dialog.row.parentId) === '0' ? { parentId: '顶级' } : {}) }
                : values
            }
            errors={errors}
            onChange={(field, v) => {
              setValues((vals) => ({ ...vals, [field]: v }));
              if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
            }}
          />
        )}
      </DraggableDialog>
    </div>
  );
}
