/** The queries of the voucher state changes (voucher-states.ts): locks, state and posted flags, renumbering, reversal. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';

type VoucherSet = Partial<typeof voucher.$inferInsert>;

/** The book's live vouchers of these ids, locked, in (period, word, no) order. */
export function lockVouchers(tx: Tx, bookId: string, ids: string[]) {
  return tx
    .select()
    .from(voucher)
    .where(and(inArray(voucher.id, ids), eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0)))
    .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no))
    .for('update');
}

/** One voucher's columns. */
export async function updateVoucher(tx: Tx, id: string, set: VoucherSet) {
  await tx.update(voucher).set(set).where(eq(voucher.id, id));
}

/** The same columns on these vouchers. */
export async function updateVouchers(tx: Tx, ids: string[], set: VoucherSet) {
  await tx.update(voucher).set(set).where(inArray(voucher.id, ids));
}

/** The posted flag of these vouchers' lines. */
export async function setLinesPosted(tx: Tx, ids: string[], posted: 0 | 1) {
  await tx.update(voucherLine).set({ posted }).where(inArray(voucherLine.voucherId, ids));
}

/** These vouchers in (period, word, no) order. */
export function vouchersInOrder(db: Db, ids: string[]) {
  return db
    .select()
    .from(voucher)
    .where(inArray(voucher.id, ids))
    .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no));
}

/** The period's counters, locked: saves still drawing numbers in it finish before the vouchers are read. */
export async function lockPeriodCounters(tx: Tx, bookId: string, period: string) {
  await tx
    .select({ word: voucherCounter.word })
    .from(voucherCounter)
    .where(and(eq(voucherCounter.accountSetId, bookId), eq(voucherCounter.period, period)))
    .for('update');
}

/** The period's live vouchers (id, word, no, date, created), locked. */
export function lockPeriodVouchers(tx: Tx, bookId: string, period: string) {
  return tx
    .select({
      id: voucher.id,
      word: voucher.word,
      no: voucher.no,
      date: voucher.voucherDate,
      createTime: voucher.createTime,
    })
    .from(voucher)
    .where(and(eq(voucher.accountSetId, bookId), eq(voucher.period, period), eq(voucher.isDeleted, 0)))
    .for('update');
}

/** New numbers: first negated (no clash with the unique index on the way), then set. */
export async function applyNumbers(tx: Tx, plan: { id: string; to: number }[]) {
  for (const ch of plan) await tx.update(voucher).set({ no: -ch.to }).where(eq(voucher.id, ch.id));
  for (const ch of plan) await tx.update(voucher).set({ no: ch.to }).where(eq(voucher.id, ch.id));
}

/** Every counter of the period restarts after the live vouchers (words without vouchers at 0). */
export async function resetPeriodCounters(tx: Tx, bookId: string, period: string) {
  await tx.execute(
    sql`update ${voucherCounter} k set last = coalesce((select count(*) from ${voucher} v where v.account_set_id = k.account_set_id
          and v.period = k.period and v.word = k.word and v.is_deleted = 0), 0)
        where k.account_set_id = ${bookId} and k.period = ${period}`,
  );
}

/** One live voucher of the book, locked. */
export async function lockVoucher(tx: Tx, bookId: string, id: string) {
  const [orig] = await tx
    .select()
    .from(voucher)
    .where(and(eq(voucher.id, id), eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0)))
    .for('update');
  return orig;
}

/** A voucher's live lines in order. */
export function voucherLines(tx: Tx, voucherId: string) {
  return tx
    .select()
    .from(voucherLine)
    .where(and(eq(voucherLine.voucherId, voucherId), eq(voucherLine.isDeleted, 0)))
    .orderBy(asc(voucherLine.lineNo));
}
