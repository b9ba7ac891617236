import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { GeneralLedgerView } from './general-ledger.tsx';

/** 总账 (/finance/ledger/list): 期初余额, 本期合计 and 本年累计 per level-1 account (or one account) and period. */
export default function LedgerListScreen() {
  return (
    <AccountingFrame testId="fin-ledger-list">
      <GeneralLedgerView kind="general" />
    </AccountingFrame>
  );
}
