/** The queries of 期初余额 (openings.ts): the stored rows, a row removed, a row upserted. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { finOpening } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';

/** The book's stored opening rows. */
export function storedOpenings(ex: Executor, bookId: string) {
  return ex.select().from(finOpening).where(eq(finOpening.accountSetId, bookId));
}

/** The opening row of (account, aux key) removed (an all-zero line). */
export async function deleteOpening(tx: Tx, bookId: string, accountCode: string, auxKey: string) {
  await tx
    .delete(finOpening)
    .where(
      and(eq(finOpening.accountSetId, bookId), eq(finOpening.accountCode, accountCode), eq(finOpening.auxKey, auxKey)),
    );
}

/** The opening row of (account, aux key) written, or its figures replaced. */
export async function upsertOpening(
  tx: Tx,
  user: AuthUser,
  bookId: string,
  v: Pick<
    typeof finOpening.$inferInsert,
    'accountCode' | 'auxKey' | 'aux' | 'balance' | 'ytdDebit' | 'ytdCredit' | 'ytdPl' | 'quantity'
  >,
) {
  await tx
    .insert(finOpening)
    .values({
      tenantId: user.tenantId,
      accountSetId: bookId,
      accountCode: v.accountCode,
      auxKey: v.auxKey,
      aux: v.aux,
      balance: v.balance,
      ytdDebit: v.ytdDebit,
      ytdCredit: v.ytdCredit,
      ytdPl: v.ytdPl,
      quantity: v.quantity,
      updateUser: user.userId,
    })
    .onConflictDoUpdate({
      target: [finOpening.accountSetId, finOpening.accountCode, finOpening.auxKey],
      set: {
        balance: sql`excluded.balance`,
        ytdDebit: sql`excluded.ytd_debit`,
        ytdCredit: sql`excluded.ytd_credit`,
        ytdPl: sql`excluded.ytd_pl`,
        quantity: sql`excluded.quantity`,
        aux: sql`excluded.aux`,
        updateUser: user.userId,
        updateTime: new Date(),
      },
    });
}
