/**
 * cash/held-bills (bill-link.ts): the receivable bills the company holds (持有) in the book of the caller's
 * department — the choice of a 付款单 that endorses (背书转让) a bill to a supplier.
 */
import { and, asc, eq } from 'drizzle-orm';
import { BILL_LINK_ENDPOINTS as B } from '../../../core/contract/izs-finance-ar/bill-link.ts';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import { finBill } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { voucherBookOf } from '../izs-financing/business-voucher-figures.ts';
import { billAnswer } from './cash-bill.ts';
import { guard } from './entities.ts';

export function registerHeldBills(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const { db } = ctx;
  endpoints(app, db).handle(B.heldBills, async ({ user }) => {
    await guard(db, user, ARAP_CODES.cash.ap, 'view');
    const book = await voucherBookOf(db, user.tenantId, effectiveDept(user));
    if (!book) return [];
    const list = await db
      .select()
      .from(finBill)
      .where(
        and(
          eq(finBill.accountSetId, book.id),
          eq(finBill.direction, 'receivable'),
          eq(finBill.state, 'held'),
          eq(finBill.isDeleted, 0),
        ),
      )
      .orderBy(asc(finBill.dueDate), asc(finBill.id))
      .limit(500);
    return list.map((b) => billAnswer(b, 'receive'));
  });
}
