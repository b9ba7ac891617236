import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { StatementView } from './statement-view.tsx';

/** 利润表 (/finance/profit/list): the month and year to date. */
export default function ProfitListScreen() {
  return (
    <AccountingFrame testId="fin-profit-list">
      <StatementView report="income_statement" />
    </AccountingFrame>
  );
}
