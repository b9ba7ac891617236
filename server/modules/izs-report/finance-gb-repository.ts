/**
 * The queries of 固废总览 / 物料固废统计 (finance-gb.ts): reviewed receipt and issue lines per material, month and
 * document type, and the stock per material; the conditions (scope, year, department) are the caller's.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stock, stockOrder, stockOrderLine } from '../../db/schema/index.ts';

export async function linesByMaterialMonth(db: Db, where: SQL | undefined) {
  return db
    .select({
      materialId: stockOrderLine.materialId,
      month: sql<string>`left(${stockOrder.orderDate}, 7)`,
      docType: stockOrder.docType,
      qty: sql<string>`sum(${stockOrderLine.qty})`,
      amount: sql<string>`sum(${stockOrderLine.grossAmount})`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(where)
    .groupBy(stockOrderLine.materialId, sql`2`, stockOrder.docType);
}

export async function stockByMaterial(db: Db, where: SQL | undefined) {
  return db
    .select({ materialId: stock.materialId, qty: sql<string>`sum(${stock.qty})` })
    .from(stock)
    .where(where)
    .groupBy(stock.materialId);
}
