/** The writes of 票据管理's actions (bill-actions.ts): the event, the bill's state, an undone event. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { finBill, finBillEvent } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { effectiveDept } from '../../platform/scope.ts';

/** One event of a bill of the book (its voucher, the accounts it used), stamped with the user. */
export async function insertBillEvent(
  tx: Tx,
  user: AuthUser,
  bookId: string,
  e: Omit<typeof finBillEvent.$inferInsert, 'tenantId' | 'accountSetId' | 'createUser' | 'createDept' | 'updateUser'>,
) {
  await tx.insert(finBillEvent).values({
    tenantId: user.tenantId,
    accountSetId: bookId,
    ...e,
    createUser: user.userId,
    createDept: effectiveDept(user),
    updateUser: user.userId,
  });
}

/** The bill's state. */
export async function setBillState(tx: Tx, user: AuthUser, billId: string, state: string) {
  await tx
    .update(finBill)
    .set({ state, updateUser: user.userId, updateTime: new Date() })
    .where(eq(finBill.id, billId));
}

/** An undone event (soft). */
export async function retireBillEvent(tx: Tx, eventId: string) {
  await tx.update(finBillEvent).set({ isDeleted: 1 }).where(eq(finBillEvent.id, eventId));
}
