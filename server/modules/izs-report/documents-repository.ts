/**
 * The queries of the statements' drill-down (documents.ts): stock movements, and reviewed document lines with
 * their document, newest first, at most 500; the conditions (scope, period, filters, the row's key) are the caller's.
 */
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stockMovement, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import { dayOf } from '../izs-visual/common.ts';

export async function stockMovesWhere(db: Db, tz: string, where: SQL | undefined) {
  return db
    .select({
      orderId: stockMovement.orderId,
      orderNo: stockMovement.orderNo,
      docType: stockMovement.docType,
      day: sql<string>`${dayOf(stockMovement.createTime, tz)}::text`,
      materialId: stockMovement.materialId,
      warehouseId: stockMovement.warehouseId,
      qtyIn: stockMovement.qtyIn,
      qtyOut: stockMovement.qtyOut,
      amountIn: stockMovement.amountIn,
      amountOut: stockMovement.amountOut,
    })
    .from(stockMovement)
    .where(where)
    .orderBy(desc(stockMovement.createTime))
    .limit(500);
}

export async function tradeLinesWhere(db: Db, where: SQL | undefined) {
  return db
    .select({
      orderId: stockOrder.id,
      orderNo: stockOrder.orderNo,
      docType: stockOrder.docType,
      orderDate: stockOrder.orderDate,
      partyId: stockOrder.partyId,
      materialId: stockOrderLine.materialId,
      warehouseId: stockOrderLine.warehouseId,
      qty: stockOrderLine.qty,
      amount: stockOrderLine.grossAmount,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(where)
    .orderBy(desc(stockOrder.orderDate), desc(stockOrder.id))
    .limit(500);
}
