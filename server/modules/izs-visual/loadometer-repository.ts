/**
 * The reads of 磅单列表大屏 / 磅单详情大屏 (loadometer-orders.ts): the weighbridge of the tenant, its weighings of
 * today (open ones and those completed today, not voided) and one weighing of it, within 磅单列表's scope.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { weighbridge, weighingOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantIs } from '../../platform/scope.ts';
import { dayOf, weighingScope } from './common.ts';

/** The tenant's weighbridge of this id: its name. */
export const bridgeRow = (db: Db, tenantId: string, id: string) =>
  db
    .select({ name: weighbridge.name })
    .from(weighbridge)
    .where(and(tenantIs(tenantId, weighbridge), eq(weighbridge.id, id)));

/** The weighbridge's weighings of the business day (the type's, when given), latest first pass first, ≤ 200. */
export async function todaysWeighings(
  db: Db,
  tz: string,
  user: AuthUser,
  code: string,
  q: { bridgeId: string; type: string | null; today: string },
) {
  const where = and(
    await weighingScope(db, user, code),
    eq(weighingOrder.weighbridgeId, q.bridgeId),
    q.type ? eq(weighingOrder.orderType, q.type) : undefined,
    or(sql`${weighingOrder.weighState} = 'first'`, sql`${dayOf(weighingOrder.completeTime, tz)} = ${q.today}::date`),
    sql`${weighingOrder.weighState} <> 'voided'`,
  );
  return db.select().from(weighingOrder).where(where).orderBy(desc(weighingOrder.firstTime)).limit(200);
}

/** One weighing of the weighbridge in the scope. */
export async function bridgeWeighing(db: Db, user: AuthUser, code: string, bridgeId: string, orderId: string) {
  return db
    .select()
    .from(weighingOrder)
    .where(
      and(
        await weighingScope(db, user, code),
        eq(weighingOrder.id, orderId),
        eq(weighingOrder.weighbridgeId, bridgeId),
      ),
    );
}
