/**
 * /statement-analysis/finance-statement — 财务报表: revenue, cost, expenses, profit, cash, bank and VAT by month, from
 * the books; receivables and payables with aging as of today (izs-finance-ar).
 */
import { Table } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useReportFinanceQuery, useReportTodayQuery } from '../../core/api/izs-report.api.ts';
import type { ArapFigure } from '../../core/contract/izs-visual/money.ts';
import { AGING_BUCKETS } from '../../core/finance-ar/aging.ts';
import { exportXlsx, type SheetColumn } from './export.ts';
import { ReportChart } from './report-chart.tsx';
import { YearBar } from './year-bar.tsx';
import './report.css';
import { cellForPlaces, moneyCell } from '../../features/ui/cells.ts';

const COLS: SheetColumn[] = [
  { title: '期间', field: 'period' },
  { title: '营业收入', field: 'revenue', places: 2 },
  { title: '营业成本', field: 'cost', places: 2 },
  { title: '费用及其他', field: 'expenses', places: 2 },
  { title: '利润', field: 'profit', places: 2 },
  { title: '库存现金(月末)', field: 'cash', places: 2 },
  { title: '银行存款(月末)', field: 'bank', places: 2 },
  { title: '销项税额', field: 'outputVat', places: 2 },
  { title: '进项税额', field: 'inputVat', places: 2 },
];

const ARAP_COLS = [
  { title: '往来', field: 'name' },
  { title: '余额', field: 'open' },
  { title: '已逾期', field: 'overdue' },
  { title: '7天内到期', field: 'dueSoon' },
  ...AGING_BUCKETS.map((b) => ({ title: `账龄 ${b.name}`, field: b.key })),
];
const flat = (f: ArapFigure) => ({ open: f.open, overdue: f.overdue, dueSoon: f.dueSoon, ...f.aging });

export default function FinanceStatement() {
  const today = useReportTodayQuery();
  const [picked, setYear] = useState<string>();
  const year = picked ?? today.data?.year;
  const r = useReportFinanceQuery(year ? { year } : skipToken);
  const months = r.data?.months ?? [];
  const series = useMemo(
    () => [
      { name: '营业收入', values: months.map((m) => m.revenue) },
      { name: '利润', values: months.map((m) => m.profit) },
    ],
    [months],
  );
  if (!year || !today.data) return <div className="ly-report">加载中…</div>;
  return (
    <div className="ly-report" data-testid="report-finance">
      <YearBar
        year={year}
        thisYear={today.data.year}
        onYear={setYear}
        onExport={() => void exportXlsx(`财务报表_${year}`, COLS, months)}
      >
        <span>账套：{r.data?.books.map((b) => `${b.name}（${b.deptName}）`).join('、') || '无'}</span>
      </YearBar>
      <ReportChart labels={months.map((m) => m.period)} series={series} testId="report-chart" />
      <Table
        size="small"
        data-testid="report-table"
        rowKey="period"
        loading={r.isFetching}
        pagination={false}
        dataSource={months}
        columns={COLS.map((c) => ({
          title: c.title,
          dataIndex: c.field,
          width: 120,
          align: c.places ? ('right' as const) : undefined,
          render: cellForPlaces(c.places),
        }))}
      />
      {r.data && (
        <Table
          size="small"
          data-testid="report-arap"
          rowKey="name"
          pagination={false}
          dataSource={[
            { name: `应收账款（截至 ${today.data.today}）`, ...flat(r.data.receivables) },
            { name: `应付账款（截至 ${today.data.today}）`, ...flat(r.data.payables) },
          ]}
          columns={ARAP_COLS.map((c) => ({
            title: c.title,
            dataIndex: c.field,
            width: c.field === 'name' ? 200 : 120,
            align: c.field === 'name' ? undefined : ('right' as const),
            render: c.field === 'name' ? undefined : moneyCell,
          }))}
        />
      )}
    </div>
  );
}
