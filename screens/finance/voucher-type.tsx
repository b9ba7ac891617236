import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { voucherWordView } from './voucher-word.resource.ts';

function VoucherWords() {
  const book = useBook();
  // the book id in the params keeps each book's list apart in the cache (the header names the book)
  return <ResourceListPage def={voucherWordView} baseParams={{ accountSetId: book.id }} />;
}

/**
 * 凭证字 (/finance/voucher/type, period_rules §2): the book's voucher words with their restriction (借方必有 / 贷方必有 /
 * 凭证必有 / 凭证必无 … and the account codes), default word, order and status — the crud engine on voucher-word.
 */
export default function VoucherTypeScreen() {
  return (
    <AccountingFrame testId="fin-voucher-type">
      <VoucherWords />
    </AccountingFrame>
  );
}
