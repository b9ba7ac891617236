/**
 * /statement-analysis/logistics-statement — 物流报表 from the logistics module: orders delivered in the period per
 * car, driver or carrier (trips, tonnage, freight, on-time rate, alarms), a chart, Excel and print.
 */
import { Button, Select, Table } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { useReportLogisticsQuery, useReportTodayQuery } from '../../core/api/izs-report.api.ts';
import {
  LOGISTICS_GROUP_BYS,
  LOGISTICS_GROUP_NAMES,
  type LogisticsQuery,
} from '../../core/contract/izs-report/report.contract.ts';
import { FieldControl } from '../../features/crud/field-kinds.tsx';
import { Named } from '../../features/ui/field.tsx';
import { exportXlsx, type SheetColumn } from './export.ts';
import { ReportChart } from './report-chart.tsx';
import './report.css';
import { cellForPlaces } from '../../features/ui/cells.ts';

const COLUMNS: SheetColumn[] = [
  { title: '趟数', field: 'trips', places: 0 },
  { title: '运量(吨)', field: 'tonnageT', places: 3 },
  { title: '运费(元)', field: 'freight', places: 2 },
  { title: '准时', field: 'onTime', places: 0 },
  { title: '准时率(%)', field: 'onTimeRate' },
  { title: '报警', field: 'alarms', places: 0 },
];

export default function LogisticsStatement() {
  const today = useReportTodayQuery();
  const [draft, setDraft] = useState<LogisticsQuery>();
  const [applied, setApplied] = useState<LogisticsQuery>();
  useEffect(() => {
    if (today.data && !draft) {
      const init: LogisticsQuery = { beginDate: today.data.monthStart, endDate: today.data.today, groupBy: 'car' };
      setDraft(init);
      setApplied(init);
    }
  }, [today.data, draft]);
  const r = useReportLogisticsQuery(applied ?? skipToken);
  const rows = r.data?.rows ?? [];
  const total = r.data?.total;
  const top = useMemo(() => rows.slice(0, 15), [rows]);
  if (!draft || !applied) return <div className="ly-report">加载中…</div>;
  const dim = LOGISTICS_GROUP_NAMES[applied.groupBy];
  const set = (k: keyof LogisticsQuery, v: unknown) => setDraft({ ...draft, [k]: v });
  return (
    <div className="ly-report" data-testid="report-logistics">
      <div className="ly-report-filters">
        {(['beginDate', 'endDate'] as const).map((f) => (
          <span className="ly-report-field" key={f}>
            {f === 'beginDate' ? '开始日期' : '结束日期'}
            <span className="ly-report-control">
              <FieldControl
                spec={{ field: f, label: f === 'beginDate' ? '开始日期' : '结束日期', kind: 'date' }}
                value={draft[f]}
                onChange={(v) => set(f, v)}
              />
            </span>
          </span>
        ))}
        <span className="ly-report-field">
          统计维度
          <Named name="统计维度">
            <Select
              data-testid="report-group"
              style={{ width: 120 }}
              value={draft.groupBy}
              optionList={LOGISTICS_GROUP_BYS.map((g) => ({ value: g, label: LOGISTICS_GROUP_NAMES[g] }))}
              onChange={(v) => set('groupBy', v)}
            />
          </Named>
        </span>
        <span className="ly-report-actions" style={{ display: 'flex', gap: 8 }}>
          <Button theme="solid" data-testid="report-search" onClick={() => setApplied(draft)}>
            查询
          </Button>
          <Button
            onClick={() =>
              void exportXlsx(
                `物流报表_${applied.beginDate}_${applied.endDate}`,
                [{ title: dim, field: 'label' }, ...COLUMNS],
                total ? [...rows, total] : rows,
              )
            }
          >
            导出Excel
          </Button>
          <Button onClick={() => window.print()}>打印</Button>
        </span>
      </div>
      <div className="ly-report-note">
        按送达时间统计已送达、已签收的运输单；准时 =
        送达不晚于计划到达；报警按车辆统计全部报警，按司机、承运商统计其运输途中（发车至送达）的报警。
      </div>
      <ReportChart
        labels={top.map((x) => x.label)}
        series={[
          { name: '运费(元)', values: top.map((x) => x.freight) },
          { name: '运量(吨)', values: top.map((x) => x.tonnageT) },
        ]}
        testId="report-chart"
      />
      <Table
        size="small"
        data-testid="report-table"
        rowKey={(x) => String(x?.key)}
        loading={r.isFetching}
        pagination={false}
        dataSource={total && rows.length ? [...rows, { ...total, key: '__total' }] : rows}
        columns={[
          { title: dim, dataIndex: 'label', width: 200 },
          ...COLUMNS.map((c) => ({
            title: c.title,
            dataIndex: c.field,
            align: 'right' as const,
            width: 120,
            render: cellForPlaces(c.places),
          })),
        ]}
        empty="本期间没有送达的运输单"
      />
    </div>
  );
}
