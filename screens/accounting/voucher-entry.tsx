import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { VoucherEditor } from '../../features/voucher/voucher-editor.tsx';

/** 录入凭证 (/accounting/edit/voucher): a new voucher of the current book, keyboard first. */
export default function VoucherEntryScreen() {
  return (
    <AccountingFrame testId="fin-voucher-entry">
      <VoucherEditor />
    </AccountingFrame>
  );
}
