/**
 * What every part of the demo yard day shares (split from stock.ts): the base rows by code, the acting users, the
 * audit columns, the clock (`at(fraction)` spreads times between max(now − 6 h, today 00:05) and now) and `review`,
 * which marks a document reviewed through the stock ledger as the review endpoint does.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { material, relatedParty, stockMovement, stockOrder, user, warehouse, weighbridge } from '../db/schema/index.ts';
import { applyReview, loadLines } from '../modules/izs-stock/ledger.ts';
import type { AuthUser } from '../platform/auth.ts';
import { formatDate, formatDateTime } from '../platform/time.ts';

export interface StockSeedContext {
  tenantId: string;
  /** company, branch, purchase, sale, weigh, finance, station, store */
  depts: Record<string, string>;
}

/** The demo yard as the seed parts see it; null from `loadYard` when the base demo data is missing. */
export type Yard = NonNullable<Awaited<ReturnType<typeof loadYard>>>;

export async function loadYard(tx: Tx, c: StockSeedContext) {
  const T = c.tenantId;
  const tz = process.env.TZ || 'Asia/Shanghai';
  const ctx = { db: tx as unknown as Db, tz };
  const byCode = async <R extends { id: string; code: string }>(rows: Promise<R[]>) =>
    Object.fromEntries((await rows).map((r) => [r.code, r.id]));
  const mat = await byCode(
    tx.select({ id: material.id, code: material.code }).from(material).where(eq(material.tenantId, T)),
  );
  const wh = await byCode(
    tx.select({ id: warehouse.id, code: warehouse.code }).from(warehouse).where(eq(warehouse.tenantId, T)),
  );
  const wb = await byCode(
    tx.select({ id: weighbridge.id, code: weighbridge.code }).from(weighbridge).where(eq(weighbridge.tenantId, T)),
  );
  const party = await byCode(
    tx.select({ id: relatedParty.id, code: relatedParty.code }).from(relatedParty).where(eq(relatedParty.tenantId, T)),
  );
  const users = Object.fromEntries(
    (await tx.select({ id: user.id, account: user.account }).from(user).where(eq(user.tenantId, T))).map((u) => [
      u.account,
      u.id,
    ]),
  );
  if (!mat.WL0001 || !wh.CK01 || !wb.DB01 || !party.GYS001 || !users.clerk) return null; // base demo data missing

  const weighDept = c.depts.weigh ?? c.depts.company;
  const acting = (userId: string, deptId: string): AuthUser => ({
    userId,
    tenantId: T,
    account: '',
    roles: [],
    roleIds: [],
    deptIds: [deptId],
    sessionId: '',
    clientId: '',
    currentDeptId: deptId,
  });
  const clerk = acting(users.clerk, weighDept);
  const admin = acting(users.admin, c.depts.company);
  const audit = (u: AuthUser) => ({
    tenantId: T,
    createUser: u.userId,
    updateUser: u.userId,
    createDept: u.currentDeptId,
  });

  // times: spread between max(now − 6 h, today 00:05 in the server's time zone) and now
  const now = new Date();
  const [hh, mm] = formatDateTime(now, tz).slice(11, 16).split(':').map(Number);
  const sinceMidnight = (hh * 60 + mm) * 60_000;
  const from = now.getTime() - Math.max(0, Math.min(6 * 3600_000, sinceMidnight - 5 * 60_000));
  const at = (fraction: number) => new Date(from + (now.getTime() - from) * fraction);
  const today = formatDate(now, tz);
  const yearStart = `${today.slice(0, 4)}-01-01`;

  /** Marks a document reviewed through the stock ledger (as the review endpoint does). */
  const review = async (docId: string, by: AuthUser, when: Date) => {
    const [d] = await tx.select().from(stockOrder).where(eq(stockOrder.id, docId));
    const r = await applyReview(
      tx,
      { id: d.id, tenantId: T, orderNo: d.orderNo, docType: d.docType, allocMethod: d.allocMethod },
      await loadLines(tx, T, d.id),
      { allowNegative: false, userId: by.userId },
    );
    await tx
      .update(stockOrder)
      .set({
        state: 'reviewed',
        totalCost: r.totalCost,
        submitUser: by.userId,
        submitTime: when,
        reviewer: admin.userId,
        reviewTime: when,
        updateTime: when,
      })
      .where(eq(stockOrder.id, docId));
    await tx.update(stockMovement).set({ createTime: when }).where(eq(stockMovement.orderId, docId));
  };

  return {
    tx,
    c,
    T,
    tz,
    ctx,
    mat,
    wh,
    wb,
    party,
    weighDept,
    acting,
    clerk,
    admin,
    audit,
    at,
    today,
    yearStart,
    review,
  };
}
