/**
 * The queries of 运营数据中心 (operation.ts): reviewed trade lines summed per key and doc type, the stock rows not
 * zero and the warehouses, each in the caller's scope.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stock, stockOrder, stockOrderLine, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { scopeOf } from '../../platform/scope.ts';

const TRADE = ['in_stock', 'purchase_return', 'out_stock', 'sale_return'];

/** Reviewed trade lines in the period of the caller's scope, summed per key and doc type: the stored 价税合计
 * (`amount`) and 不含税金额 (`net`), never the entered line amount (issue 21). */
export async function tradeBy(db: Db, scope: SQL, begin: string, end: string, key: SQL) {
  return db
    .select({
      key: sql<string>`coalesce((${key})::text, '')`,
      docType: stockOrder.docType,
      qty: sql<string>`sum(${stockOrderLine.qty})`,
      amount: sql<string>`sum(${stockOrderLine.grossAmount})`,
      net: sql<string>`sum(${stockOrderLine.netAmount})`,
      cost: sql<string>`coalesce(sum(${stockOrderLine.costAmount}), 0)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        scope,
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, TRADE),
        sql`${stockOrder.orderDate} between ${begin} and ${end}`,
      ),
    )
    .groupBy(sql`1`, stockOrder.docType);
}

export type TradeRow = Awaited<ReturnType<typeof tradeBy>>[number];

/** The stock rows in the scope whose quantity is not zero. */
export const stockRows = (db: Db, stockScope: SQL) =>
  db
    .select({ warehouseId: stock.warehouseId, materialId: stock.materialId, qty: stock.qty, amount: stock.amount })
    .from(stock)
    .where(and(stockScope, sql`${stock.qty} <> 0`));

export type StockRow = Awaited<ReturnType<typeof stockRows>>[number];

/** The warehouses in the menu's scope, by code. */
export async function scopedWarehouses(db: Db, user: AuthUser, code: string) {
  return db
    .select({ id: warehouse.id, name: warehouse.name, capacityT: warehouse.capacityT })
    .from(warehouse)
    .where(await scopeOf(db, user, warehouse, code))
    .orderBy(warehouse.code);
}
