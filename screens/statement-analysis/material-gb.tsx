/** /statement-analysis/material-gb — 物料固废统计: each material, its category path and national-standard category, the year's volumes and stock. */
import { Table } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useReportGbQuery, useReportTodayQuery } from '../../core/api/izs-report.api.ts';
import { gbName } from '../../core/report/gb.ts';
import { exportXlsx, type SheetColumn } from './export.ts';
import { ReportChart } from './report-chart.tsx';
import { YearBar } from './year-bar.tsx';
import './report.css';

const COLS: SheetColumn[] = [
  { title: '物料编码', field: 'code' },
  { title: '物料名称', field: 'name' },
  { title: '物料分类', field: 'categoryPath' },
  { title: '国标类别', field: 'categoryName' },
  { title: '回收量(kg)', field: 'inKg', places: 3 },
  { title: '销售量(kg)', field: 'outKg', places: 3 },
  { title: '当前库存(kg)', field: 'stockKg', places: 3 },
];

export default function MaterialGb() {
  const today = useReportTodayQuery();
  const [picked, setYear] = useState<string>();
  const year = picked ?? today.data?.year;
  const r = useReportGbQuery(year ? { year } : skipToken);
  const rows = useMemo(
    () => (r.data?.materials ?? []).map((m) => ({ ...m, categoryName: gbName(m.category) })),
    [r.data],
  );
  const series = useMemo(
    () => [
      { name: '回收量(kg)', values: rows.map((m) => m.inKg) },
      { name: '当前库存(kg)', values: rows.map((m) => m.stockKg) },
    ],
    [rows],
  );
  if (!year || !today.data) return <div className="ly-report">加载中…</div>;
  return (
    <div className="ly-report" data-testid="report-material-gb">
      <YearBar
        year={year}
        thisYear={today.data.year}
        onYear={setYear}
        onExport={() => void exportXlsx(`物料固废统计_${year}`, COLS, rows)}
      />
      <ReportChart labels={rows.map((m) => m.name)} series={series} testId="report-chart" />
      <Table
        size="small"
        data-testid="report-table"
        rowKey="materialId"
        loading={r.isFetching}
        pagination={false}
        dataSource={rows}
        columns={COLS.map((c) => ({
          title: c.title,
          dataIndex: c.field,
          width: 140,
          align: c.places ? ('right' as const) : undefined,
        }))}
      />
    </div>
  );
}
