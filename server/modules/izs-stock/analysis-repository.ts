/**
 * The queries of 供应链分析 and 综合报表 (analysis.ts): trade lines of reviewed documents summed per key, the stock
 * on hand, the parties' names and the movements' opening/closing sums. Each applies the menu's data scope.
 */
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { analysisQuery } from '../../../core/contract/izs-stock/analysis.contract.ts';
import type { Db } from '../../db/client.ts';
import { relatedParty, stock, stockMovement, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf } from '../../platform/scope.ts';
import { scopeOn } from './stock-scope.ts';

const TRADE_DOCS = ['in_stock', 'purchase_return', 'out_stock', 'sale_return'];

export type AnalysisQuery = z.output<typeof analysisQuery>;

/**
 * What trade lines sum to per group and document kind: quantity, gross, net, cost and the documents counted — the
 * stock analysis (here) and the purchase / sale statements (izs-report/trade.ts) read the same sums.
 */
export const TRADE_LINE_SUMS = {
  docType: stockOrder.docType,
  qty: sql<string>`sum(${stockOrderLine.qty})`,
  amount: sql<string>`sum(${stockOrderLine.grossAmount})`,
  net: sql<string>`sum(${stockOrderLine.netAmount})`,
  cost: sql<string>`coalesce(sum(${stockOrderLine.costAmount}), 0)`,
  docs: sql<number>`count(distinct ${stockOrder.id})::int`,
};

/** Trade lines of reviewed documents in the period, summed per (doc type, key). */
export async function tradeLines(
  db: Db,
  user: AuthUser,
  code: string,
  q: AnalysisQuery,
  key: 'material' | 'party' | 'day',
) {
  const conds: (SQL | undefined)[] = [
    tenantOf(user, stockOrder),
    eq(stockOrder.state, 'reviewed'),
    inArray(stockOrder.docType, TRADE_DOCS),
    sql`${stockOrder.orderDate} between ${q.beginDate} and ${q.endDate}`,
    await scopeOn(db, user, code, stockOrder.deptId),
  ];
  if (q.warehouseId) conds.push(eq(stockOrderLine.warehouseId, q.warehouseId));
  if (q.materialId) conds.push(eq(stockOrderLine.materialId, q.materialId));
  const keyCol = { material: stockOrderLine.materialId, party: stockOrder.partyId, day: stockOrder.orderDate }[key];
  return db
    .select({
      key: sql<string>`coalesce(${keyCol}::text, '')`,
      ...TRADE_LINE_SUMS,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(and(...conds))
    .groupBy(sql`1`, stockOrder.docType);
}

export type TradeLine = Awaited<ReturnType<typeof tradeLines>>[number];

/** The stock on hand now (quantity and amount) in the query's warehouse / material, within the data scope. */
export async function stockOnHand(db: Db, user: AuthUser, code: string, q: AnalysisQuery) {
  const stockConds: (SQL | undefined)[] = [
    tenantOf(user, { tenantId: stock.tenantId }),
    await scopeOn(db, user, code, stock.deptId),
  ];
  if (q.warehouseId) stockConds.push(eq(stock.warehouseId, q.warehouseId));
  if (q.materialId) stockConds.push(eq(stock.materialId, q.materialId));
  const [now] = await db
    .select({
      qty: sql<string>`coalesce(sum(${stock.qty}), 0)`,
      amount: sql<string>`coalesce(sum(${stock.amount}), 0)`,
    })
    .from(stock)
    .where(and(...stockConds));
  return now;
}

/** The tenant's related parties of these ids: id → name. */
export async function partyNames(db: Db, user: AuthUser, partyIds: string[]) {
  const parties = partyIds.length
    ? await db
        .select({ id: relatedParty.id, name: relatedParty.name })
        .from(relatedParty)
        .where(and(tenantOf(user, { tenantId: relatedParty.tenantId }), inArray(relatedParty.id, partyIds)))
    : [];
  return new Map(parties.map((p) => [p.id, p.name]));
}

/** Per material: opening = movements before the first day, closing = movements to the end of the last day. */
export async function movementSums(db: Db, tz: string, user: AuthUser, code: string, q: AnalysisQuery) {
  const begin = sql`(${q.beginDate}::date::timestamp at time zone ${tz})`;
  const end = sql`((${q.endDate}::date + 1)::timestamp at time zone ${tz})`;
  const conds: (SQL | undefined)[] = [
    tenantOf(user, { tenantId: stockMovement.tenantId }),
    lt(stockMovement.createTime, end as never),
    await scopeOn(db, user, code, stockMovement.deptId),
  ];
  if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
  if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
  const before = sql`${stockMovement.createTime} < ${begin}`;
  return db
    .select({
      materialId: stockMovement.materialId,
      openingQty: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}) filter (where ${before}), 0)`,
      openingAmount: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}) filter (where ${before}), 0)`,
      closingQty: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}), 0)`,
      closingAmount: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}), 0)`,
    })
    .from(stockMovement)
    .where(and(...conds))
    .groupBy(stockMovement.materialId);
}

export type MovementSums = Awaited<ReturnType<typeof movementSums>>[number];
