import { useMemo, useState } from 'react';
import { useIncomeExpendSummaryQuery } from '../../core/api/izs-financing-books.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import { incomeExpendView } from './income-expend.resource.ts';
import { laterPeriod, PeriodRange } from './period-range.tsx';
import '../../features/ui/accounting.css';
import './bills.css';
import { businessToday } from '../../core/format/business-day.ts';

const money = (v: string | undefined) => (v === undefined ? '—' : moneyCell(v) || '0.00');

function IncomeExpend() {
  const book = useBook();
  const today = businessToday().slice(0, 7);
  const last = laterPeriod(book.currentPeriod, today);
  const [range, setRange] = useState<[string, string]>([book.currentPeriod, book.currentPeriod]);
  const params = useMemo(() => ({ periodFrom: range[0], periodTo: range[1] }), [range]);
  const { data: sum } = useIncomeExpendSummaryQuery(params, { refetchOnMountOrArgChange: true });
  return (
    <div data-testid="income-expend">
      <div className="ly-ie-bar">
        <span className="ly-fin-title">收支管理</span>
        <PeriodRange
          startPeriod={book.startPeriod}
          lastPeriod={last}
          value={range}
          onChange={setRange}
          testId="ie-period"
        />
        <div className="ly-ie-totals" data-testid="ie-totals">
          <div className="ly-ie-total is-in">
            <small>收入合计</small>
            <b data-testid="ie-income">{money(sum?.income)}</b>
          </div>
          <div className="ly-ie-total is-out">
            <small>支出合计</small>
            <b data-testid="ie-expense">{money(sum?.expense)}</b>
          </div>
          <div className="ly-ie-total">
            <small>净额</small>
            <b data-testid="ie-net">{money(sum?.net)}</b>
          </div>
        </div>
      </div>
      <ResourceListPage
        def={incomeExpendView}
        baseParams={params}
        rowEditable={(row) => !row.voucherState || row.voucherState === 'saved'}
      />
    </div>
  );
}

/**
 * 收支管理 (/accounting/income-expend): money in and out of cash / bank per book; each record writes its voucher
 * (收入 借 账户 贷 收入类别; 支出 借 费用类别 贷 账户) and can be changed or deleted only while that voucher is unreviewed.
 */
export default function IncomeExpendScreen() {
  return (
    <AccountingFrame testId="ie">
      <IncomeExpend />
    </AccountingFrame>
  );
}
