import { IconSearch } from '@douyinfe/semi-icons';
import { Button, Table } from '@douyinfe/semi-ui';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Row } from '../../core/api/crud.api.ts';
import type { Page } from '../../core/contract/common.ts';
import type { ColumnDef } from '../../core/contract/resource.ts';
import { sum } from '../../core/stock/amount.ts';
import { keyColumnsInView, useWidth } from './column-fit.ts';
import { CellValue, type ControlSpec, DEFAULT_DECIMALS, FieldControl, RIGHT_ALIGNED } from './field-kinds.tsx';
import { useTableHeight } from './table-height.ts';
import './crud.css';
import './query-table.css';
import { usePager } from '../ui/use-pager.tsx';
import { SearchItem } from './search-item.tsx';

export type QueryColumn = ColumnDef<Row> & { field: string };

/** The applied filter values (strings) and, on paged tables, `current` and `size`. */
export type QueryParams = Record<string, string | number>;

/**
 * What a QueryTable reads: a typed query hook of an endpoint descriptor, adapted to the filter values — e.g.
 * `const useRows: RowsHook = (p, o) => useStockInventoryHistoryQuery({ ...p, date: String(p.date ?? '') }, o)`.
 * It answers a page or a list of rows.
 */
export type RowsHook = (
  params: QueryParams,
  options: { skip: boolean },
) => { data?: Page<object> | readonly object[]; isFetching: boolean };

/** A row of any answer as the table reads it (its fields by name). */
const asRow = (o: object): Row => Object.fromEntries(Object.entries(o));

/** Σ of a decimal column over the rows (totals row); blanks count as zero. */
export function columnTotal(rows: Row[], col: Pick<QueryColumn, 'field' | 'kind' | 'decimals'>): string {
  const places = col.decimals ?? DEFAULT_DECIMALS[col.kind] ?? 2;
  return sum(
    rows.map((r) => {
      const v = r[col.field];
      return v === null || v === undefined || v === '' ? '0' : String(v);
    }),
    places,
  );
}

/**
 * A read-only query screen over an endpoint that is not a resource (stock balances, movements, stock as of a date,
 * send-receive statistics…): filters through the field-kind controls, 搜索 / 重置, the table (paged when the
 * endpoint answers a Page) and a 合计 row over the `totals` columns. `required` filters must be set to query.
 */
export function QueryTable({
  name,
  useRows,
  columns,
  filters,
  initial = {},
  required = [],
  paged,
  totals = [],
  link,
  rowKey = 'id',
  extra,
  mapRow,
  actions,
}: {
  name: string;
  /** The endpoint's typed query hook (see RowsHook). */
  useRows: RowsHook;
  columns: QueryColumn[];
  filters: ControlSpec[];
  initial?: Row;
  required?: string[];
  paged?: boolean;
  totals?: string[];
  /** Link of a row's first column. */
  link?: (row: Row) => string;
  rowKey?: string | ((row: Row) => string);
  extra?: ReactNode;
  /** Derived fields of a row (e.g. tonnes from kg). */
  mapRow?: (row: Row) => Row;
  /** Row buttons (操作 column, fixed right). */
  actions?: (row: Row) => ReactNode;
}) {
  const [draft, setDraft] = useState<Row>(initial);
  const [applied, setApplied] = useState<Row>(initial);
  const { current, size, setCurrent, pager } = usePager(20);
  const params: QueryParams = {};
  for (const [k, v] of Object.entries(applied)) if (v !== undefined && v !== null && v !== '') params[k] = String(v);
  const missing = required.filter((k) => !params[k]);
  const q = useRows(paged ? { ...params, current, size } : params, { skip: missing.length > 0 });
  const data = q.data;
  const raw = (data === undefined ? [] : 'records' in data ? data.records : data).map(asRow);
  const rows = mapRow ? raw.map(mapRow) : raw;
  const total = data === undefined ? 0 : 'records' in data ? data.total : data.length;

  const searchRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pagerRef = useRef<HTMLDivElement>(null);
  const height = useTableHeight(searchRef, menuRef, pagerRef, true);
  const tableWidth = useWidth(menuRef);

  const cols: ColumnProps<Row>[] = columns
    .filter((c) => !c.hideInTable)
    .map((c, i) => ({
      title: c.label,
      dataIndex: c.field,
      width: c.width ?? 130,
      align: RIGHT_ALIGNED.has(c.kind) ? ('right' as const) : undefined,
      ellipsis: true,
      render: (_: unknown, row: Row) =>
        row.__total ? (
          i === 0 ? (
            <b>合计</b>
          ) : totals.includes(c.field) ? (
            <b>
              <CellValue col={c} row={row} />
            </b>
          ) : null
        ) : i === 0 && link ? (
          <Link href={link(row)} className="ly-crud-link">
            <CellValue col={c} row={row} />
          </Link>
        ) : (
          <CellValue col={c} row={row} />
        ),
    }));
  if (actions) {
    cols.push({
      title: '操作',
      dataIndex: '__actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: Row) => (row.__total ? null : <span className="ly-crud-actions">{actions(row)}</span>),
    });
  }
  const totalRow: Row | null =
    totals.length && rows.length
      ? Object.fromEntries([
          ['__total', true],
          ['id', '__total'],
          ...columns.filter((c) => totals.includes(c.field)).map((c) => [c.field, columnTotal(rows, c)]),
        ])
      : null;
  const keyOf = (r?: Row): string =>
    !r ? '' : r.__total ? '__total' : typeof rowKey === 'function' ? rowKey(r) : String(r[rowKey] ?? JSON.stringify(r));

  return (
    <div className="ly-page ly-crud" data-testid={`query-${name}`}>
      <div className="ly-crud-search" ref={searchRef}>
        {filters.map((f) => (
          <SearchItem key={f.field} label={f.label} required={required.includes(f.field)}>
            <FieldControl spec={f} value={draft[f.field]} onChange={(v) => setDraft((d) => ({ ...d, [f.field]: v }))} />
          </SearchItem>
        ))}
        <div className="ly-crud-search-buttons">
          <Button
            theme="solid"
            icon={<IconSearch />}
            onClick={() => {
              setApplied(draft);
              setCurrent(1);
            }}
            data-testid="query-search"
          >
            搜索
          </Button>
          <Button
            onClick={() => {
              setDraft(initial);
              setApplied(initial);
              setCurrent(1);
            }}
          >
            重置
          </Button>
        </div>
      </div>
      <div className="ly-crud-menu" ref={menuRef}>
        <div className="ly-crud-menu-left">{extra}</div>
        <div className="ly-crud-menu-right">
          {missing.length > 0 && (
            <span className="ly-crud-hint">请先选择{filters.find((f) => f.field === missing[0])?.label}</span>
          )}
        </div>
      </div>
      <Table<Row>
        className="ly-crud-table"
        size="small"
        rowKey={keyOf}
        columns={keyColumnsInView(cols, tableWidth)}
        dataSource={totalRow ? [...rows, totalRow] : rows}
        loading={q.isFetching}
        pagination={false}
        scroll={{ y: height, x: cols.reduce((s, c) => s + Number(c.width ?? 130), 0) }}
        empty="暂无数据"
      />
      <div className="ly-crud-pager" ref={pagerRef}>
        {paged ? pager(total) : <span className="ly-crud-hint">共 {total} 条</span>}
      </div>
    </div>
  );
}
