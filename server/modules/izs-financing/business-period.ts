/**
 * The closed-period guard of every dated money write outside the vouchers (issue 21 "Dates and periods"):
 * collections, payments, refunds, offsets, 资金调拨, manual 应收单 / 应付单, 预收冲应收, invoices, 金单 settlements and
 * freight payables call `refuseClosedPeriod` inside their transaction. The book is the department's
 * (`voucherBookOf`: its own or its nearest ancestor's, the default first) — the one its vouchers land in; the check
 * is `lockOpenPeriod` (the book row FOR SHARE, so a concurrent 结账 waits for the write or refuses it), refused only
 * when the date's period is closed: 「2026年10月」已结账，不能在此期间登记收款. No book → nothing to refuse.
 */
import { periodOf } from '../../../core/accounting/index.ts';
import type { Tx } from '../../db/client.ts';
import { voucherBookOf } from './business-voucher-figures.ts';
import { lockOpenPeriod } from './voucher-save.ts';

export async function refuseClosedPeriod(
  tx: Tx,
  w: { tenantId: string; deptId: string | null; date: string; action: string },
): Promise<void> {
  const book = await voucherBookOf(tx, w.tenantId, w.deptId);
  if (!book) return;
  await lockOpenPeriod(tx, book.id, periodOf(w.date), { action: w.action });
}

/**
 * The void of a dated money record (收付款单, 退款单, 对冲, 资金调拨, manual 应收单 / 应付单, 直发单): the record
 * leaves the period of its own date and its reversing 核销 lines are dated the void day, so both periods must be
 * open — 「2026年10月」已结账，不能在此期间作废收款单 (the accountant reverses it in the open period instead: a
 * refund, an offset, a red voucher).
 */
export async function refuseClosedVoid(
  tx: Tx,
  w: { tenantId: string; deptId: string | null; date: string; voidDate: string; action: string },
): Promise<void> {
  await refuseClosedPeriod(tx, { tenantId: w.tenantId, deptId: w.deptId, date: w.date, action: w.action });
  if (periodOf(w.voidDate) !== periodOf(w.date))
    await refuseClosedPeriod(tx, { tenantId: w.tenantId, deptId: w.deptId, date: w.voidDate, action: w.action });
}
