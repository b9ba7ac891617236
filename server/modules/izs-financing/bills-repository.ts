/** The queries of the 票据 resource hooks (bills.ts): the number check and the booking event's update. */
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { finBill, finBillEvent } from '../../db/schema/index.ts';

/** Another live bill of the book, same direction, with this number (the one edited, `prevId`, excepted). */
export async function billNoTaken(tx: Tx, bookId: string, direction: string, billNo: string, prevId?: string) {
  const [dup] = await tx
    .select({ id: finBill.id })
    .from(finBill)
    .where(
      and(
        eq(finBill.accountSetId, bookId),
        eq(finBill.direction, direction),
        eq(finBill.billNo, billNo),
        eq(finBill.isDeleted, 0),
        ...(prevId ? [ne(finBill.id, prevId)] : []),
      ),
    )
    .limit(1);
  return dup;
}

/** The receive / issue event follows its edited bill. */
export async function updateBookingEvent(
  tx: Tx,
  userId: string,
  eventId: string,
  set: Pick<
    typeof finBillEvent.$inferInsert,
    'voucherId' | 'eventDate' | 'amount' | 'counterparty' | 'counterpartyName' | 'accounts'
  >,
) {
  await tx
    .update(finBillEvent)
    .set({ ...set, updateUser: userId, updateTime: new Date() })
    .where(eq(finBillEvent.id, eventId));
}
