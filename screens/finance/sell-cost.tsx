import { useState } from 'react';
import { useStockReportsSellCostQuery } from '../../core/api/izs-financing-books.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { PeriodBar } from './period-bar.tsx';

function SellCost() {
  const book = useBook();
  const [period, setPeriod] = useState(book.currentPeriod);
  const { data, isFetching } = useStockReportsSellCostQuery({ period }, { refetchOnMountOrArgChange: true });
  return (
    <div data-testid="sell-cost">
      <PeriodBar title="销售成本" initial={period} loading={isFetching} onQuery={setPeriod} />
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th>物料编码</th>
            <th>物料名称</th>
            <th>出库单数</th>
            <th>出库数量（千克）</th>
            <th>销售金额</th>
            <th>销售成本</th>
            <th>毛利</th>
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr key={r.materialId}>
              <td>{r.materialCode}</td>
              <td>{r.materialName}</td>
              <td className="m">{r.documents}</td>
              <td className="m">{r.qty}</td>
              <td className="m">{moneyCell(r.salesAmount)}</td>
              <td className="m">{moneyCell(r.costAmount)}</td>
              <td className="m">{moneyCell(r.grossProfit)}</td>
            </tr>
          ))}
          {data && (
            <tr className="is-total" data-testid="sell-cost-total">
              <td colSpan={2}>合计</td>
              <td className="m">{data.totals.documents}</td>
              <td className="m">{data.totals.qty}</td>
              <td className="m">{moneyCell(data.totals.salesAmount)}</td>
              <td className="m">{moneyCell(data.totals.costAmount)}</td>
              <td className="m">{moneyCell(data.totals.grossProfit)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p style={{ color: 'var(--semi-color-text-2)' }}>
        取本期（按单据日期）已审核销售出库单的出库成本（审核时的移动加权平均成本），销售退货不冲减。
      </p>
    </div>
  );
}

/** 销售成本 (/finance/sell/cost): out-stock cost per material of a period. */
export default function SellCostScreen() {
  return (
    <AccountingFrame testId="fin-sell-cost">
      <SellCost />
    </AccountingFrame>
  );
}
