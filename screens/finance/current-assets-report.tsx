import { useState } from 'react';
import { useStockReportsCurrentAssetsQuery } from '../../core/api/izs-financing-books.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { PeriodBar } from './period-bar.tsx';

function CurrentAssets() {
  const book = useBook();
  const [period, setPeriod] = useState(book.currentPeriod);
  const { data, isFetching } = useStockReportsCurrentAssetsQuery({ period }, { refetchOnMountOrArgChange: true });
  return (
    <div data-testid="current-assets">
      <PeriodBar title="流动资产报表" initial={period} loading={isFetching} onQuery={setPeriod} />
      <table className="ly-fin-table" style={{ maxWidth: 820 }}>
        <thead>
          <tr>
            <th>项目</th>
            <th>科目</th>
            <th>期末余额</th>
            <th>年初余额</th>
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr key={r.key} className={r.kind === 'total' ? 'is-total' : ''} data-testid={`ca-${r.key}`}>
              <td>{r.name}</td>
              <td>{r.codes.join('、')}</td>
              <td className="m">{moneyCell(r.closing) || '0.00'}</td>
              <td className="m">{moneyCell(r.opening) || '0.00'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ color: 'var(--semi-color-text-2)' }}>
        按账套科目余额计算：应收账款 = 应收账款与预收账款各往来单位的借方余额，预付账款 =
        预付账款与应付账款的借方余额；存货含库存商品、原材料等存货类科目。
      </p>
    </div>
  );
}

/** 流动资产报表 (/finance/current/assets/report): current assets from the book's balances at a period end. */
export default function CurrentAssetsReportScreen() {
  return (
    <AccountingFrame testId="fin-current-assets-report">
      <CurrentAssets />
    </AccountingFrame>
  );
}
