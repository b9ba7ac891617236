/**
 * /statement-analysis/company-pledge — 企业质押 (issue 12): the stock pledged to fund providers, per warehouse ×
 * material × provider, from supply-chain finance: pledged quantity and its value at the average cost, the stock
 * there now, financing outstanding and interest accrued to the chosen day (ACT/360); Excel.
 */
import { Button, DatePicker, Space, Table } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useReportPledgeQuery } from '../../core/api/izs-report.api.ts';
import type { CompanyPledgeRow } from '../../core/contract/izs-report/company-pledge.contract.ts';
import { exportXlsx, type SheetColumn } from './export.ts';
import './report.css';
import { pickedDay } from '../../core/format/date.ts';
import { cellForPlaces, kgCell, moneyCell } from '../../features/ui/cells.ts';

const COLS: SheetColumn[] = [
  { title: '仓库', field: 'warehouseName' },
  { title: '物料', field: 'materialName' },
  { title: '资金方', field: 'providerName' },
  { title: '融资合同', field: 'contractNos' },
  { title: '质押数量(kg)', field: 'pledgedKg', places: 3 },
  { title: '现有库存(kg)', field: 'stockKg', places: 3 },
  { title: '质押价值(元)', field: 'pledgedValue', places: 2 },
  { title: '融资余额(元)', field: 'outstanding', places: 2 },
  { title: '应计利息(元)', field: 'accruedInterest', places: 2 },
];

const WIDTH: Record<string, number> = { warehouseName: 120, materialName: 100, providerName: 180, contractNos: 150 };
/** A picked calendar day as yyyy-MM-dd (core/format/date.ts). */
const day = (d: Date) => pickedDay(d);

export default function CompanyPledge() {
  const [asOf, setAsOf] = useState<string>('');
  const r = useReportPledgeQuery(asOf ? { asOf } : {}, { refetchOnMountOrArgChange: true });
  const rows = r.data?.rows ?? [];
  const t = r.data?.totals;
  return (
    <div className="ly-report" data-testid="report-pledge">
      <Space wrap className="ly-report-filters">
        <span className="ly-report-field">截至</span>
        <DatePicker
          value={asOf || r.data?.asOf}
          onChange={(v) => setAsOf(v instanceof Date ? day(v) : '')}
          data-testid="pledge-as-of"
        />
        <Button onClick={() => void exportXlsx(`企业质押_${r.data?.asOf ?? ''}`, COLS, rows)}>导出</Button>
      </Space>
      <Table
        size="small"
        data-testid="pledge-table"
        rowKey={(x?: CompanyPledgeRow) => `${x?.warehouseId}:${x?.materialId}:${x?.providerId}`}
        loading={r.isFetching}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 1100 }}
        empty="没有生效中的库存质押"
        columns={COLS.map((c) => ({
          title: c.title,
          dataIndex: c.field,
          width: WIDTH[c.field] ?? 115,
          align: c.places ? ('right' as const) : undefined,
          render: c.places === 3 ? kgCell : cellForPlaces(c.places),
        }))}
      />
      {t && (
        <div className="ly-report-field" data-testid="pledge-total">
          合计：质押 {kgCell(t.pledgedKg)} kg，价值 {moneyCell(t.pledgedValue)} 元；融资余额 {moneyCell(t.outstanding)}{' '}
          元；应计利息 {moneyCell(t.accruedInterest)} 元（{r.data?.dayCount} 逐日计提至 {r.data?.asOf}，未付部分）
        </div>
      )}
    </div>
  );
}
