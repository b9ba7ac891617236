import { IconPlus, IconRefresh, IconSearch } from '@douyinfe/semi-icons';
import { Button, Modal, Table, Toast } from '@douyinfe/semi-ui';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  type Params,
  type Row,
  refOf,
  useResourcePageQuery,
  useResourceRemoveMutation,
  useResourceSubmitMutation,
} from '../../core/api/crud.api.ts';
import { PAGE_SIZES } from '../../core/contract/common.ts';
import type { FieldKind, ResourceDef, SearchDef } from '../../core/contract/resource.ts';
import { isEmptyValue, normalizeRow, stripAuditFields } from '../../core/format/data.ts';
import { Pager } from '../ui/pager.tsx';
import { keyColumnsInView, useWidth } from './column-fit.ts';
import { DraggableDialog } from './draggable-dialog.tsx';
import { ExportButton, ImportButton } from './export-import.tsx';
import { CellValue, DECIMAL_KINDS, RIGHT_ALIGNED, SearchControl } from './field-kinds.tsx';
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
import { useTableHeight } from './table-height.ts';
import './crud.css';
import { SearchItem } from './search-item.tsx';

/** Spec §9: row action column 175 px, fixed right; pager count 7. */
export const ACTION_COLUMN_WIDTH = 175;
/** Room for the extra row buttons of `rowActions` (a two- to four-character label each). */
export const EXTRA_ACTIONS_WIDTH = 72;
export const PAGER_COUNT = 7;

type AnySearch = SearchDef<Record<string, unknown>>;

/** Search form values → query params: empty values dropped, a date range split into its two keys. */
export function searchParams(search: AnySearch[], values: Record<string, unknown>): Params {
  const out: Params = {};
  for (const s of search) {
    const v = values[s.field];
    if (s.kind === 'date-range') {
      if (Array.isArray(v) && v[0] && s.range) {
        out[s.range[0]] = `${v[0]} 00:00:00`;
        out[s.range[1]] = `${v[1]} 23:59:59`;
      }
    } else if (!isEmptyValue(v) && v !== '') out[s.field] = typeof v === 'string' ? v.trim() : (v as string | number);
  }
  return out;
}

/** A row as form values: -1 empty; numeric text to numbers only where the form wants numbers (spec §5). */
export function rowToFormValues(def: ResourceDef, row: Row): Record<string, unknown> {
  const keep = def.form.filter((f) => !['number', 'status', 'bool'].includes(f.kind)).map((f) => f.field);
  return normalizeRow(row, [...keep, ...def.form.filter((f) => DECIMAL_KINDS.has(f.kind)).map((f) => f.field)]);
}

export interface ListPageProps {
  def: ResourceDef;
  /** Link of a row's first column (the detail page). */
  detailPath?: (row: Row) => string;
  /** Extra row buttons before 编辑 / 查看 / 删除 (e.g. 查看画面). */
  rowActions?: (row: Row) => ReactNode;
  /** Read-only lists (logs): no 新增 / 编辑 / 删除 / 导入. */
  readOnly?: boolean;
  /** Replaces the 查看 dialog (e.g. the log drawer). */
  onView?: (row: Row) => void;
  /** Fixed filters always sent (e.g. the current department). */
  baseParams?: Params;
  /** Called with the server's answer after a successful add or edit (e.g. a secret shown once). */
  onSaved?: (saved: Row, mode: FormMode) => void;
  /** Replaces the built-in add / edit dialog (e.g. a document with lines): called with the row ({} when adding). */
  onEdit?: (mode: 'add' | 'edit', row: Row) => void;
  /** Whether a row offers 编辑 / 删除 (e.g. only drafts of a document). */
  rowEditable?: (row: Row) => boolean;
  /** Width of the extra row buttons of `rowActions` (default EXTRA_ACTIONS_WIDTH). */
  rowActionsWidth?: number;
  /** false: no 导出 (a list served by a module's own page endpoint, without the engine's export). */
  exportable?: boolean;
}

/**
 * The generic list page of spec §2.12 driven by one resource definition: search form, top buttons (新增, 刷新,
 * 搜索显隐, 导出, 导入), the table with its height fitted to the window, pagination, row buttons gated by the
 * button permissions, and the draggable add / edit / view dialog validated by the definition's form schema.
 */
export function ResourceListPage({
  def,
  detailPath,
  rowActions,
  readOnly,
  onView,
  baseParams,
  onSaved,
  onEdit,
  rowEditable,
  rowActionsWidth = EXTRA_ACTIONS_WIDTH,
  exportable = true,
}: ListPageProps) {
  const perms = useResourcePermissions(def.permission);
  const ref = useMemo(() => refOf(def), [def]);
  const search = def.search as AnySearch[];
  const [showSearch, setShowSearch] = useState(true);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [filters, setFilters] = useState<Params>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [sort, setSort] = useState<{ field: string; desc: boolean } | null>(null);
  const [dialog, setDialog] = useState<{ mode: FormMode; row: Row } | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submit, submitState] = useResourceSubmitMutation();
  const [remove] = useResourceRemoveMutation();

  // a new fixed filter (e.g. the category picked in a tree beside the list) starts again at page 1
  const baseKey = JSON.stringify(baseParams ?? {});
  const [lastBase, setLastBase] = useState(baseKey);
  if (lastBase !== baseKey) {
    setLastBase(baseKey);
    setCurrent(1);
  }
  const params: Params = { ...baseParams, ...filters };
  if (sort) params[sort.desc ? 'descs' : 'ascs'] = sort.field;
  const page = useResourcePageQuery({ ref, params: { ...params, current, size } });
  const total = page.data?.total ?? 0;

  const searchRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pagerRef = useRef<HTMLDivElement>(null);
  const tableHeight = useTableHeight(searchRef, menuRef, pagerRef, showSearch);
  // the table is as wide as the top-button bar: its key columns are ordered into that width (issue 26)
  const tableWidth = useWidth(menuRef);

  const openDialog = (mode: FormMode, row: Row = {}) => {
    if (mode === 'view' && onView) return onView(row);
    if (mode !== 'view' && onEdit) return onEdit(mode, row);
    setDialog({ mode, row });
    setValues(mode === 'add' ? formDefaults(def.schemas.form, def.form) : rowToFormValues(def, { ...row })); // a copy: the table row stays untouched
    setErrors({});
  };
  const save = async () => {
    if (!dialog) return;
    const formFields = def.form.map((f) => f.field);
    const checked = validateForm(def.schemas.form, cleanValues(def.form, values));
    if (!checked.ok) return setErrors(checked.errors);
    const body = stripAuditFields(
      dialog.row.id ? { ...withClearedFields(def.form, checked.data), id: dialog.row.id } : checked.data,
      formFields,
    );
    const r = await submit({ ref, body });
    if ('error' in r) return; // the base query has shown the server's message (spec §8)
    Toast.success({ content: dialog.mode === 'add' ? '新增成功' : '修改成功', duration: 3 });
    setDialog(null);
    if (r.data?.data) onSaved?.(r.data.data, dialog.mode);
  };
  const askRemove = (row: Row) =>
    Modal.confirm({
      title: '提示',
      content: '确定删除该条数据吗?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await remove({ ref, ids: [String(row.id)] });
        if (!('error' in r)) Toast.success({ content: '删除成功', duration: 3 });
      },
    });

  const columns: ColumnProps<Row>[] = def.columns
    .filter((c) => !c.hideInTable)
    .map((c, i) => ({
      title: c.label,
      dataIndex: c.field,
      width: c.width ?? 140,
      align: RIGHT_ALIGNED.has(c.kind as FieldKind) ? ('right' as const) : undefined,
      ellipsis: true,
      sorter: c.sortable && def.sortable?.includes(c.field) ? true : undefined,
      sortOrder: sort?.field === c.field ? (sort.desc ? ('descend' as const) : ('ascend' as const)) : false,
      render: (_: unknown, row: Row) =>
        i === 0 && detailPath ? (
          <Link href={detailPath(row)} className="ly-crud-link">
            <CellValue col={c} row={row} />
          </Link>
        ) : (
          <CellValue col={c} row={row} />
        ),
    }));
  const showActions = !!rowActions || perms.view || (!readOnly && (perms.edit || perms.delete));
  if (showActions) {
    columns.push({
      title: '操作',
      dataIndex: '__actions',
      width: ACTION_COLUMN_WIDTH + (rowActions ? rowActionsWidth : 0),
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <span className="ly-crud-actions" data-testid={`row-actions-${row.id}`}>
          {rowActions?.(row)}
          {!readOnly && perms.edit && (rowEditable?.(row) ?? true) && (
            <Button theme="borderless" size="small" onClick={() => openDialog('edit', row)}>
              编辑
            </Button>
          )}
          {perms.view && (
            <Button theme="borderless" size="small" onClick={() => openDialog('view', row)}>
              查看
            </Button>
          )}
          {!readOnly && perms.delete && (rowEditable?.(row) ?? true) && (
            <Button theme="borderless" size="small" type="danger" onClick={() => askRemove(row)}>
              删除
            </Button>
          )}
        </span>
      ),
    });
  }
  const scrollX = columns.reduce((s, c) => s + Number(c.width ?? 140), 0);
  const fitted = keyColumnsInView(columns, tableWidth);

  return (
    <div className="ly-page ly-crud" data-testid={`crud-${def.name}`}>
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
                setCurrent(1);
              }}
            >
              搜索
            </Button>
            <Button
              onClick={() => {
                setDraft({});
                setFilters({});
                setCurrent(1);
              }}
            >
              重置
            </Button>
          </div>
        </div>
      )}
      <div className="ly-crud-menu" ref={menuRef}>
        <div className="ly-crud-menu-left">
          {!readOnly && perms.add && (
            <Button theme="solid" icon={<IconPlus />} onClick={() => openDialog('add')} data-testid="crud-add">
              新增
            </Button>
          )}
          {!readOnly && def.importable && perms.import && <ImportButton def={def} onDone={() => void page.refetch()} />}
          {exportable && perms.export && <ExportButton def={def} params={params} total={total} />}
        </div>
        <div className="ly-crud-menu-right">
          {perms.refresh && (
            <Button
              icon={<IconRefresh />}
              aria-label="刷新"
              title="刷新"
              onClick={() => void page.refetch()}
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
      <Table<Row>
        className="ly-crud-table"
        size="small"
        rowKey="id"
        columns={fitted}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ y: tableHeight, x: scrollX }}
        onChange={({ sorter }) => {
          const s = sorter as { dataIndex?: string; sortOrder?: string | boolean } | undefined;
          setSort(s?.dataIndex && s.sortOrder ? { field: s.dataIndex, desc: s.sortOrder === 'descend' } : null);
        }}
        empty="暂无数据"
      />
      <div className="ly-crud-pager" ref={pagerRef}>
        <Pager
          total={total}
          currentPage={current}
          pageSize={size}
          pageSizeOpts={[...PAGE_SIZES]}
          showSizeChanger
          showQuickJumper
          showTotal
          onPageChange={setCurrent}
          onPageSizeChange={(s) => {
            setSize(s);
            setCurrent(1);
          }}
        />
      </div>
      <DraggableDialog
        visible={!!dialog}
        title={dialog ? `${{ add: '新增', edit: '编辑', view: '查看' }[dialog.mode]}${def.title}` : ''}
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
            values={dialog.mode === 'view' ? { ...dialog.row } : values}
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
