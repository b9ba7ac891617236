/**
 * The 调拨单 rows (izs_ar_transfer): read one as answered, write a 资金调拨 (numbered, reviewed at once), lock one,
 * mark it voided. Used by the transfer routes (transfer.ts); the 对冲 is written by offset.ts.
 */
import { and, eq } from 'drizzle-orm';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { arTransfer, relatedParty } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs } from '../../platform/scope.ts';
import { ARAP_KIND } from './service.ts';

type TransferRow = typeof arTransfer.$inferSelect;

/** A 调拨单 as answered. */
export const transferEntity = (t: TransferRow & { partyName?: string | null }) => ({
  id: t.id,
  orderNo: t.orderNo,
  kind: t.kind,
  partyId: t.partyId,
  partyName: t.partyName ?? '',
  fromAccount: t.fromAccount,
  toAccount: t.toAccount,
  transferDate: t.transferDate,
  amount: moneyFixed(t.amount),
  state: t.state,
  remark: t.remark,
});

/** One 调拨单 as answered; refused when it is not the tenant's. */
export async function loadTransfer(db: Db, tenantId: string, id: string) {
  const [t] = await db
    .select({ t: arTransfer, partyName: relatedParty.name })
    .from(arTransfer)
    .leftJoin(relatedParty, eq(relatedParty.id, arTransfer.partyId))
    .where(and(eq(arTransfer.id, id), tenantIs(tenantId, arTransfer)));
  if (!t) throw badRequest('调拨单不存在');
  return transferEntity({ ...t.t, partyName: t.partyName });
}

/** A 资金调拨 between two of the company's accounts, numbered and reviewed at once. */
export async function insertTransfer(
  tx: Tx,
  user: AuthUser,
  tz: string,
  body: { fromAccount: string; toAccount: string; transferDate: string; amount: string; remark: string },
) {
  const [row] = await tx
    .insert(arTransfer)
    .values({
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
      orderNo: await drawOrderNo(tx, ARAP_KIND.transfer, { tenantId: user.tenantId, tz }),
      kind: 'transfer',
      fromAccount: body.fromAccount,
      toAccount: body.toAccount,
      transferDate: body.transferDate,
      amount: body.amount,
      state: 'reviewed',
      reviewer: user.userId,
      reviewTime: new Date(),
      remark: body.remark,
    })
    .returning();
  return row;
}

/** A 调拨单 locked FOR UPDATE (the caller has checked it is the tenant's). */
export async function lockTransfer(tx: Tx, id: string) {
  const [t] = await tx.select().from(arTransfer).where(eq(arTransfer.id, id)).for('update');
  return t;
}

export async function markTransferVoided(tx: Tx, userId: string, id: string, reason: string) {
  await tx
    .update(arTransfer)
    .set({
      state: 'voided',
      voidUser: userId,
      voidTime: new Date(),
      voidReason: reason,
      updateTime: new Date(),
    })
    .where(eq(arTransfer.id, id));
}
