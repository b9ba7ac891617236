import { Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useStockReportsStockCostQuery } from '../../core/api/izs-financing-books.api.ts';
import type { StockCostAnswer, StockCostRow } from '../../core/contract/izs-financing/business.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { PeriodBar } from './period-bar.tsx';

const COLS: [keyof StockCostRow, string, boolean][] = [
  ['openingQty', '期初数量', false],
  ['openingAmount', '期初金额', true],
  ['inQty', '入库数量', false],
  ['inAmount', '入库金额', true],
  ['outQty', '出库数量', false],
  ['outAmount', '出库金额', true],
  ['closingQty', '期末数量', false],
  ['closingAmount', '期末金额', true],
];

function StockCost() {
  const book = useBook();
  const [period, setPeriod] = useState(book.currentPeriod);
  const { data, isFetching } = useStockReportsStockCostQuery({ period }, { refetchOnMountOrArgChange: true });
  const diff = data ? Number(data.difference) : 0;
  return (
    <div data-testid="stock-cost">
      <PeriodBar title="存货成本" initial={period} loading={isFetching} onQuery={setPeriod}>
        {data && (
          <span className="ly-fin-check" data-testid="stock-cost-check">
            <Tag>存货科目余额 {moneyCell(data.accountTotal) || '0.00'}</Tag>{' '}
            {diff === 0 ? (
              <Tag color="green">与库存金额一致</Tag>
            ) : (
              <Tag color="orange">库存金额 − 科目余额 = {moneyCell(data.difference)}</Tag>
            )}
          </span>
        )}
      </PeriodBar>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th>物料编码</th>
            <th>物料名称</th>
            {COLS.map(([k, label]) => (
              <th key={k}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr key={r.materialId}>
              <td>{r.materialCode}</td>
              <td>{r.materialName}</td>
              {COLS.map(([k, , money]) => (
                <td key={k} className="m">
                  {money ? moneyCell(r[k]) : r[k]}
                </td>
              ))}
            </tr>
          ))}
          {data && (
            <tr className="is-total">
              <td colSpan={2}>合计</td>
              {COLS.map(([k, , money]) => (
                <td key={k} className="m">
                  {money
                    ? moneyCell(data.totals[k as keyof StockCostAnswer['totals']])
                    : data.totals[k as keyof StockCostAnswer['totals']]}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
      {data && (
        <>
          <h4 style={{ margin: '12px 0 6px' }}>账套存货科目期末余额</h4>
          <table className="ly-fin-table" style={{ width: 480 }}>
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.code}>
                  <td>
                    {a.code} {a.name}
                  </td>
                  <td className="m">{moneyCell(a.balance) || '0.00'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p style={{ color: 'var(--semi-color-text-2)' }}>
        数量单位千克；按单据日期归属期间，取全部仓库的库存流水（作废单据的冲回计入原单据日期）。
      </p>
    </div>
  );
}

/** 存货成本 (/finance/cost/manage/stock): opening, in, out, closing per material against the inventory accounts. */
export default function CostManageStockScreen() {
  return (
    <AccountingFrame testId="fin-cost-manage-stock">
      <StockCost />
    </AccountingFrame>
  );
}
