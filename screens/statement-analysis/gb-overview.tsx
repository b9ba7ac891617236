/**
 * /statement-analysis/gb-overview — 固废总览: receipts and issues per national-standard category (废钢铁 GB/T 4223, 废铜
 * GB/T 13587, 废铝 GB/T 13586 …) and month — the shape of a 再生资源回收 statistics return.
 */
import { Table } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import { useReportGbQuery, useReportTodayQuery } from '../../core/api/izs-report.api.ts';
import { kgToTonnes } from '../../core/format/amounts.ts';
import { exportXlsx } from './export.ts';
import { ReportChart } from './report-chart.tsx';
import { YearBar } from './year-bar.tsx';
import './report.css';

type Line = { key: string; name: string; standard: string } & Record<string, string>;

export default function GbOverview() {
  const today = useReportTodayQuery();
  const [picked, setYear] = useState<string>();
  const year = picked ?? today.data?.year;
  const r = useReportGbQuery(year ? { year } : skipToken);
  const months = useMemo(
    () => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`),
    [year],
  );
  const lines: Line[] = useMemo(
    () =>
      (r.data?.categories ?? []).map((c) => {
        const cells = (r.data?.cells ?? []).filter((x) => x.category === c.key);
        const line: Line = { key: c.key, name: c.name, standard: c.standard };
        let tin = new Decimal(0);
        let tout = new Decimal(0);
        for (const m of months) {
          const cell = cells.find((x) => x.month === m);
          line[`in_${m}`] = kgToTonnes(cell?.inKg ?? 0);
          tin = tin.plus(cell?.inKg ?? 0);
          tout = tout.plus(cell?.outKg ?? 0);
        }
        line.inT = kgToTonnes(tin);
        line.outT = kgToTonnes(tout);
        return line;
      }),
    [r.data, months],
  );
  const series = useMemo(
    () => [
      { name: '回收量(吨)', values: lines.map((l) => l.inT) },
      { name: '销售量(吨)', values: lines.map((l) => l.outT) },
    ],
    [lines],
  );
  if (!year || !today.data) return <div className="ly-report">加载中…</div>;
  const cols = [
    { title: '类别', field: 'name' },
    { title: '标准', field: 'standard' },
    { title: '全年回收量(吨)', field: 'inT', places: 3 },
    { title: '全年销售量(吨)', field: 'outT', places: 3 },
    ...months.map((m) => ({ title: `${Number(m.slice(5))}月回收(吨)`, field: `in_${m}`, places: 3 })),
  ];
  return (
    <div className="ly-report" data-testid="report-gb">
      <YearBar
        year={year}
        thisYear={today.data.year}
        onYear={setYear}
        onExport={() => void exportXlsx(`固废总览_${year}`, cols, lines)}
      />
      <ReportChart labels={lines.map((l) => l.name)} series={series} testId="report-chart" />
      <Table
        size="small"
        data-testid="report-table"
        rowKey="key"
        loading={r.isFetching}
        pagination={false}
        scroll={{ x: 1900 }}
        dataSource={lines}
        columns={cols.map((c, i) => ({
          title: c.title,
          dataIndex: c.field,
          width: i === 1 ? 260 : 120,
          fixed: i === 0 ? ('left' as const) : undefined,
          align: 'places' in c ? ('right' as const) : undefined,
        }))}
      />
    </div>
  );
}
