import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { StatementView } from './statement-view.tsx';

/** 资产负债表 (/finance/balance/sheet): closing and year-opening columns; the balance check shown. */
export default function BalanceSheetScreen() {
  return (
    <AccountingFrame testId="fin-balance-sheet">
      <StatementView report="balance_sheet" />
    </AccountingFrame>
  );
}
