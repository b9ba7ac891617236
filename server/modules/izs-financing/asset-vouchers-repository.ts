/** The queries of the fixed-asset vouchers (asset-vouchers.ts): the card's change record, its link, the answer. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assetChange, voucher } from '../../db/schema/index.ts';

export type ChangeRow = typeof assetChange.$inferSelect;

/** The card's live acquire / dispose record of the book, locked. */
export async function lockChange(tx: Tx, bookId: string, assetId: string, kind: 'acquire' | 'dispose') {
  const [change] = await tx
    .select()
    .from(assetChange)
    .where(
      and(
        eq(assetChange.accountSetId, bookId),
        eq(assetChange.assetId, assetId),
        eq(assetChange.kind, kind),
        eq(assetChange.isDeleted, 0),
      ),
    )
    .for('update');
  return change as ChangeRow | undefined;
}

/** The change record's voucher (and `extra` columns). */
export async function linkChange(tx: Tx, change: ChangeRow, voucherId: string, extra: Partial<ChangeRow> = {}) {
  await tx
    .update(assetChange)
    .set({ voucherId, ...extra, updateTime: new Date() })
    .where(eq(assetChange.id, change.id));
}

/** One voucher row by id (as a list). */
export function voucherById(db: Db, id: string) {
  return db.select().from(voucher).where(eq(voucher.id, id));
}
