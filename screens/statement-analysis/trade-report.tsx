/**
 * 采购报表 / 销售报表 / 库存报表: filters (period from the server's 今天, 统计维度, department, party, material,
 * warehouse), a chart of the rows, the table with its 合计, drill-down to the documents of a row, Excel and print.
 */
import { Button, Select, SideSheet, Table } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import {
  useReportDocumentsQuery,
  useReportPurchaseQuery,
  useReportSaleQuery,
  useReportStockQuery,
  useReportTodayQuery,
} from '../../core/api/izs-report.api.ts';
import { useMetricsValuesQuery } from '../../core/api/izs-visual.api.ts';
import { DEPT_TREE } from '../../core/contract/izs-base/fields.ts';
import { GROUP_BY_NAMES, type GroupBy, type ReportQuery } from '../../core/contract/izs-report/report.contract.ts';
import { MATERIAL_SELECT, PARTY_SELECT, WAREHOUSE_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { groupThousands, kgToTonnes } from '../../core/format/amounts.ts';
import { type ControlSpec, FieldControl } from '../../features/crud/field-kinds.tsx';
import { kgCell, moneyCell, qtyCell } from '../../features/ui/cells.ts';
import { useLabelledControls } from '../../features/ui/field.tsx';
import { exportXlsx, type SheetColumn } from './export.ts';
import { ReportChart } from './report-chart.tsx';
import './report.css';

export type ReportKind = 'purchase' | 'sale' | 'stock';
const TITLES: Record<ReportKind, string> = { purchase: '采购报表', sale: '销售报表', stock: '库存报表' };
const DOC_TYPES: Record<string, string> = {
  in_stock: '采购入库',
  purchase_return: '采购退货',
  out_stock: '销售出库',
  sale_return: '销售退货',
  assembly: '组装',
  disassembly: '拆解分拣',
  conversion: '转换',
};
const COLUMNS: Record<ReportKind, SheetColumn[]> = {
  purchase: [
    { title: '数量(kg)', field: 'qtyKg', places: 3 },
    { title: '采购金额(价税合计,元)', field: 'amount', places: 2 },
    { title: '不含税金额(元)', field: 'netAmount', places: 2 },
    { title: '单据数', field: 'docs', places: 0 },
  ],
  sale: [
    { title: '数量(kg)', field: 'qtyKg', places: 3 },
    { title: '销售金额(价税合计,元)', field: 'amount', places: 2 },
    { title: '不含税收入(元)', field: 'netAmount', places: 2 },
    { title: '销售成本(元)', field: 'cost', places: 2 },
    { title: '毛利(元)', field: 'grossProfit', places: 2 },
    { title: '毛利率(%)', field: 'margin' },
    { title: '单据数', field: 'docs', places: 0 },
  ],
  stock: [
    { title: '期初数量(kg)', field: 'openingKg', places: 3 },
    { title: '期初金额(元)', field: 'openingAmount', places: 2 },
    { title: '收入数量(kg)', field: 'inKg', places: 3 },
    { title: '收入金额(元)', field: 'inAmount', places: 2 },
    { title: '发出数量(kg)', field: 'outKg', places: 3 },
    { title: '发出金额(元)', field: 'outAmount', places: 2 },
    { title: '期末数量(kg)', field: 'closingKg', places: 3 },
    { title: '期末金额(元)', field: 'closingAmount', places: 2 },
  ],
};
const GROUPS: Record<ReportKind, GroupBy[]> = {
  purchase: ['material', 'party', 'warehouse', 'dept', 'day', 'month', 'gb'],
  sale: ['material', 'party', 'warehouse', 'dept', 'day', 'month', 'gb'],
  // per material with purchases, sales and margin: 综合报表 (/statement-analysis/zm-statement), not repeated here
  stock: ['warehouse', 'dept', 'gb', 'material'],
};
const FILTERS: ControlSpec[] = [
  { field: 'deptId', label: '部门', kind: 'tree', options: DEPT_TREE },
  { field: 'partyId', label: '往来单位', kind: 'select', options: PARTY_SELECT },
  { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
  { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
];

type Filters = ReportQuery;

/** A column's cell in the one format (issue 26): money grouped with 2 decimals, kg grouped, counts grouped. */
const cellOf = (c: SheetColumn) =>
  c.places === 2 ? moneyCell : c.places === 3 ? kgCell : c.places === 0 ? qtyCell(0) : undefined;

type Row = Record<string, string | number>;

function useReport(kind: ReportKind, q: Filters | undefined) {
  const p = useReportPurchaseQuery(q && kind === 'purchase' ? q : skipToken);
  const s = useReportSaleQuery(q && kind === 'sale' ? q : skipToken);
  const st = useReportStockQuery(q && kind === 'stock' ? q : skipToken);
  const r = kind === 'purchase' ? p : kind === 'sale' ? s : st;
  const rows: Row[] = r.data?.rows ?? [];
  const total: Row | undefined = r.data?.total;
  return { rows, total, loading: r.isFetching };
}

function Drill({ kind, q, row, onClose }: { kind: ReportKind; q: Filters; row: Row | null; onClose: () => void }) {
  const docs = useReportDocumentsQuery(row ? { ...q, kind, key: String(row.key) } : skipToken);
  return (
    <SideSheet
      title={`单据明细：${String(row?.label ?? '')}`}
      visible={!!row}
      onCancel={onClose}
      width={860}
      closeOnEsc
    >
      <Table
        size="small"
        rowKey={(r) => `${r?.orderId}-${r?.materialName}-${r?.qtyKg}-${r?.orderDate}`}
        loading={docs.isFetching}
        dataSource={docs.data ?? []}
        pagination={{ pageSize: 20 }}
        data-testid="report-drill"
        columns={[
          { title: '单号', dataIndex: 'orderNo', width: 170 },
          { title: '类型', dataIndex: 'docType', width: 90, render: (v: string) => DOC_TYPES[v] ?? v },
          { title: '日期', dataIndex: 'orderDate', width: 100 },
          { title: '往来单位', dataIndex: 'partyName', width: 150 },
          { title: '物料', dataIndex: 'materialName', width: 100 },
          { title: '仓库', dataIndex: 'warehouseName', width: 110 },
          { title: '数量(kg)', dataIndex: 'qtyKg', width: 110, align: 'right', render: kgCell },
          {
            title: kind === 'stock' ? '金额(元)' : '价税合计(元)',
            dataIndex: 'amount',
            width: 110,
            align: 'right',
            render: moneyCell,
          },
        ]}
      />
    </SideSheet>
  );
}

const HEADLINES = {
  purchase: 'purchaseAmountToday,purchaseAmountMonth,purchaseNetToday',
  sale: 'saleAmountToday,saleAmountMonth,saleNetToday',
} as const;

/** The registry's headline figures of the side (issue 21): the same numbers as the dashboard and the wall screens. */
function HeadlineMetrics({ kind }: { kind: 'purchase' | 'sale' }) {
  const { data } = useMetricsValuesQuery({ names: HEADLINES[kind] }, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  return (
    <div className="ly-report-note" data-testid="report-metrics" style={{ display: 'flex', gap: 24 }}>
      {data
        .filter((m) => m.value !== null)
        .map((m) => (
          <span key={m.name} title={`${m.label}：${m.definition}`} style={{ cursor: 'help' }}>
            {m.label}{' '}
            <b data-testid={`report-metric-${m.name}`} data-metric={m.name} data-value={m.value}>
              {m.unit === 'yuan' ? groupThousands(m.value ?? '0') : kgToTonnes(m.value ?? '0', 3)}
            </b>{' '}
            {m.unit === 'yuan' ? '元' : '吨'}
          </span>
        ))}
    </div>
  );
}

/** One filter: its visible label names every control Semi renders inside (issue 26: the pickers had no name). */
function ReportField({ label, width, children }: { label: string; width?: number; children: ReactNode }) {
  const id = `ly-report-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const box = useLabelledControls(id);
  return (
    <div className="ly-report-field">
      <span id={id}>{label}</span>
      <div className="ly-report-control" ref={box} style={width ? { width } : undefined}>
        {children}
      </div>
    </div>
  );
}

export function TradeReport({ kind }: { kind: ReportKind }) {
  const today = useReportTodayQuery();
  const [draft, setDraft] = useState<Filters>();
  const [applied, setApplied] = useState<Filters>();
  const [drill, setDrill] = useState<Row | null>(null);
  useEffect(() => {
    if (today.data && !draft) {
      // a link may name the period (the dashboard's 今日采购额: ?beginDate=…&endDate=…); else this month
      const q = new URLSearchParams(window.location.search);
      const dayOr = (k: string, d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(q.get(k) ?? '') ? (q.get(k) as string) : d);
      const init: Filters = {
        beginDate: dayOr('beginDate', today.data.monthStart),
        endDate: dayOr('endDate', today.data.today),
        groupBy: GROUPS[kind][0],
      };
      setDraft(init);
      setApplied(init);
    }
  }, [today.data, draft, kind]);
  const { rows, total, loading } = useReport(kind, applied);
  const cols = COLUMNS[kind];
  const top = useMemo(() => rows.slice(0, 15), [rows]);
  const series = useMemo(
    () =>
      kind === 'stock'
        ? [
            { name: '收入数量(kg)', values: top.map((r) => String(r.inKg)) },
            { name: '发出数量(kg)', values: top.map((r) => String(r.outKg)) },
            { name: '期末数量(kg)', values: top.map((r) => String(r.closingKg)) },
          ]
        : [
            {
              name: kind === 'sale' ? '销售金额(价税合计,元)' : '采购金额(价税合计,元)',
              values: top.map((r) => String(r.amount)),
            },
            ...(kind === 'sale' ? [{ name: '毛利(元)', values: top.map((r) => String(r.grossProfit)) }] : []),
          ],
    [top, kind],
  );
  if (!draft || !applied) return <div className="ly-report">加载中…</div>;
  const dim = GROUP_BY_NAMES[applied.groupBy];
  const sheet: SheetColumn[] = [{ title: dim, field: 'label' }, ...cols];
  const set = (k: string, v: unknown) => setDraft({ ...draft, [k]: v === '' || v === undefined ? undefined : v });
  return (
    <div className="ly-report" data-testid={`report-${kind}`}>
      <div className="ly-report-filters">
        <ReportField label="开始日期">
          <FieldControl
            spec={{ field: 'beginDate', label: '开始日期', kind: 'date' }}
            value={draft.beginDate}
            onChange={(v) => set('beginDate', v)}
          />
        </ReportField>
        <ReportField label="结束日期">
          <FieldControl
            spec={{ field: 'endDate', label: '结束日期', kind: 'date' }}
            value={draft.endDate}
            onChange={(v) => set('endDate', v)}
          />
        </ReportField>
        <ReportField label="统计维度" width={120}>
          <Select
            data-testid="report-group"
            style={{ width: 120 }}
            value={draft.groupBy}
            optionList={GROUPS[kind].map((g) => ({ value: g, label: GROUP_BY_NAMES[g] }))}
            onChange={(v) => set('groupBy', v)}
          />
        </ReportField>
        {FILTERS.filter((f) => kind !== 'stock' || f.field !== 'partyId').map((f) => (
          <ReportField key={f.field} label={f.label}>
            <FieldControl
              spec={f}
              value={(draft as Record<string, unknown>)[f.field]}
              onChange={(v) => set(f.field, v)}
            />
          </ReportField>
        ))}
        <span className="ly-report-actions" style={{ display: 'flex', gap: 8 }}>
          <Button theme="solid" data-testid="report-search" onClick={() => setApplied(draft)}>
            查询
          </Button>
          <Button
            onClick={() =>
              void exportXlsx(
                `${TITLES[kind]}_${applied.beginDate}_${applied.endDate}`,
                sheet,
                total ? [...rows, total] : rows,
              )
            }
          >
            导出Excel
          </Button>
          <Button onClick={() => window.print()}>打印</Button>
        </span>
      </div>
      {kind !== 'stock' && <HeadlineMetrics kind={kind} />}
      {kind === 'stock' && (
        <div className="ly-report-note">
          按物料的期初、采购、销售、毛利与期末见 <a href="/statement-analysis/zm-statement">综合报表</a>
          ；本表按仓库、部门、国标类别统计收发存。
        </div>
      )}
      <ReportChart labels={top.map((r) => String(r.label))} series={series} testId="report-chart" />
      <Table
        size="small"
        data-testid="report-table"
        rowKey={(r) => String(r?.key)}
        loading={loading}
        pagination={false}
        dataSource={total && rows.length ? [...rows, { ...total, key: '__total' }] : rows}
        onRow={(r) => ({ onClick: () => r && r.key !== '__total' && setDrill(r), style: { cursor: 'pointer' } })}
        columns={[
          { title: dim, dataIndex: 'label', width: 200 },
          ...cols.map((c) => ({
            title: c.title,
            dataIndex: c.field,
            align: 'right' as const,
            width: 130,
            render: cellOf(c),
          })),
        ]}
        empty="本期间没有数据"
      />
      <Drill kind={kind} q={applied} row={drill} onClose={() => setDrill(null)} />
    </div>
  );
}
