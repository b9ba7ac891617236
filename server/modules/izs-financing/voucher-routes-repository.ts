/** The queries of the voucher routes (voucher-routes.ts): numbers of a period, a page, the next number, removal. */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';

/** id, word, no and state of every live voucher of the period, by word and number. */
export function periodNumbers(db: Db, bookId: string, period: string) {
  return db
    .select({ id: voucher.id, word: voucher.word, no: voucher.no, state: voucher.state })
    .from(voucher)
    .where(and(eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0), eq(voucher.period, period)))
    .orderBy(asc(voucher.word), asc(voucher.no));
}

/** The vouchers matching `where`: their count, then one page in `orderBy` order (id last). */
export async function voucherPage(db: Db, where: SQL | undefined, p: { orderBy: SQL[]; size: number; offset: number }) {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(voucher).where(where);
  const list = await db
    .select()
    .from(voucher)
    .where(where)
    .orderBy(...p.orderBy, asc(voucher.id))
    .limit(p.size)
    .offset(p.offset);
  return { total: Number(c?.n ?? 0), list };
}

/** The last number drawn for (book, period, word), if any. */
export async function lastNumber(db: Db, bookId: string, period: string, word: string) {
  const [last] = await db
    .select({ last: voucherCounter.last })
    .from(voucherCounter)
    .where(
      and(eq(voucherCounter.accountSetId, bookId), eq(voucherCounter.period, period), eq(voucherCounter.word, word)),
    );
  return last;
}

/** The book's live vouchers of these ids, locked. */
export function lockVouchersForRemove(tx: Tx, bookId: string, ids: string[]) {
  return tx
    .select()
    .from(voucher)
    .where(and(inArray(voucher.id, ids), eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0)))
    .for('update');
}

/** The vouchers and their lines deleted (soft); a deleted red reversal frees its original (`sources`). */
export async function removeVouchers(tx: Tx, user: AuthUser, ids: string[], sources: string[]) {
  const now = new Date();
  await tx
    .update(voucher)
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: now })
    .where(inArray(voucher.id, ids));
  await tx.update(voucherLine).set({ isDeleted: 1 }).where(inArray(voucherLine.voucherId, ids));
  if (sources.length) await tx.update(voucher).set({ reversedById: null }).where(inArray(voucher.id, sources));
}
