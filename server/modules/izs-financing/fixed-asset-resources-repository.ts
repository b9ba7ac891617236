/** The queries of the 资产类别 / 资产卡片 engine hooks (fixed-asset-resources.ts). */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { periodOf } from '../../../core/accounting/index.ts';
import type { Tx } from '../../db/client.ts';
import { asset, assetChange, assetType } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Row } from '../../platform/crud/index.ts';

/** Another live type of the book with this code (the one edited, `prevId`, excepted). */
export async function typeCodeTaken(tx: Tx, bookId: string, code: string, prevId?: string) {
  const [dup] = await tx
    .select({ id: assetType.id })
    .from(assetType)
    .where(
      and(
        eq(assetType.accountSetId, bookId),
        eq(assetType.code, code),
        eq(assetType.isDeleted, 0),
        ...(prevId !== undefined ? [ne(assetType.id, prevId)] : []),
      ),
    )
    .limit(1);
  return dup;
}

/** A live card of the book of one of these types, if any. */
export async function cardOfTypes(tx: Tx, bookId: string, typeIds: string[]) {
  const [used] = await tx
    .select({ id: asset.id })
    .from(asset)
    .where(and(eq(asset.accountSetId, bookId), eq(asset.isDeleted, 0), inArray(asset.typeId, typeIds)))
    .limit(1);
  return used;
}

/** Another live card of the book with this code (the one edited, `prevId`, excepted). */
export async function cardCodeTaken(tx: Tx, bookId: string, code: string, prevId?: string) {
  const [dup] = await tx
    .select({ id: asset.id })
    .from(asset)
    .where(
      and(
        eq(asset.accountSetId, bookId),
        eq(asset.code, code),
        eq(asset.isDeleted, 0),
        ...(prevId !== undefined ? [ne(asset.id, prevId)] : []),
      ),
    )
    .limit(1);
  return dup;
}

/** A live type of the book. */
export async function typeOfBook(tx: Tx, bookId: string, typeId: string) {
  const [type] = await tx
    .select()
    .from(assetType)
    .where(and(eq(assetType.id, typeId), eq(assetType.accountSetId, bookId), eq(assetType.isDeleted, 0)))
    .limit(1);
  return type;
}

/** The 变动记录 of a new card: its acquisition. */
export async function insertAcquisition(tx: Tx, user: AuthUser, row: Row) {
  await tx.insert(assetChange).values({
    tenantId: user.tenantId,
    accountSetId: String(row.accountSetId),
    assetId: String(row.id),
    kind: 'acquire',
    changeDate: String(row.inServiceDate),
    period: periodOf(String(row.inServiceDate)),
    costDelta: String(row.cost),
    changes: { cost: [null, row.cost], lifeMonths: [null, row.lifeMonths], method: [null, row.method] },
    reason: '新增资产',
    createUser: user.userId,
    updateUser: user.userId,
  });
}

/** The 变动记录 of removed cards go with them. */
export async function removeChangesOf(tx: Tx, assetIds: string[]) {
  await tx.update(assetChange).set({ isDeleted: 1 }).where(inArray(assetChange.assetId, assetIds));
}
