/**
 * The queries of the inventory routes (inventory-balances.ts, inventory-reports.ts): balances of (warehouse,
 * material) with their names, the movements that made them, and the reports' sums of movements / balances. Each
 * applies the menu's data scope on the stock row's department.
 */
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QueryOf } from '../../../core/contract/endpoint.ts';
import { type INVENTORY, INVENTORY_CODES } from '../../../core/contract/izs-stock/inventory.contract.ts';
import type { Db } from '../../db/client.ts';
import { dept, material, stock, stockMovement, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf } from '../../platform/scope.ts';
import { dayEnd, dayStart, scopeOn } from './stock-scope.ts';

/** Balances with their warehouse, material and department names (the caller adds where / order / paging). */
export const stockFrom = (db: Db) =>
  db
    .select({
      id: stock.id,
      warehouseId: stock.warehouseId,
      warehouseName: warehouse.name,
      materialId: stock.materialId,
      materialCode: material.code,
      materialName: material.name,
      deptId: stock.deptId,
      deptName: dept.deptName,
      qty: stock.qty,
      amount: stock.amount,
      updateTime: stock.updateTime,
    })
    .from(stock)
    .leftJoin(warehouse, eq(warehouse.id, stock.warehouseId))
    .leftJoin(material, eq(material.id, stock.materialId))
    .leftJoin(dept, eq(dept.id, stock.deptId));

export type StockSel = Awaited<ReturnType<typeof stockFrom>>[number];

/** The balances of 库存列表's data scope. */
export const stockScope = (db: Db, user: AuthUser) =>
  scopeOn(db, user, INVENTORY_CODES.list, stock.deptId).then((s) =>
    and(tenantOf(user, { tenantId: stock.tenantId }), s),
  );

/** How many balances match (the material joined for the name filter). */
export const countStock = (db: Db, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(stock)
    .leftJoin(material, eq(material.id, stock.materialId))
    .where(where);

/** How many movements match. */
export const countMovements = (db: Db, where: SQL | undefined) =>
  db.select({ n: sql<number>`count(*)::int` }).from(stockMovement).where(where);

/** One page of movements with their warehouse and material names. */
export const movementPage = (db: Db, where: SQL | undefined, p: { orderBy: SQL[]; size: number; offset: number }) =>
  db
    .select({ m: stockMovement, warehouseName: warehouse.name, materialName: material.name })
    .from(stockMovement)
    .leftJoin(warehouse, eq(warehouse.id, stockMovement.warehouseId))
    .leftJoin(material, eq(material.id, stockMovement.materialId))
    .where(where)
    .orderBy(...p.orderBy)
    .limit(p.size)
    .offset(p.offset);

/** Stock as of the end of a day per (warehouse, material): Σ movements. */
export async function stockAsOf(db: Db, tz: string, user: AuthUser, q: QueryOf<typeof INVENTORY.history>) {
  const conds: (SQL | undefined)[] = [
    tenantOf(user, { tenantId: stockMovement.tenantId }),
    lt(stockMovement.createTime, dayEnd(tz, q.date) as never),
    await scopeOn(db, user, INVENTORY_CODES.history, stockMovement.deptId),
  ];
  if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
  if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
  return db
    .select({
      warehouseId: stockMovement.warehouseId,
      materialId: stockMovement.materialId,
      qty: sql<string>`sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut})`,
      amount: sql<string>`sum(${stockMovement.amountIn} - ${stockMovement.amountOut})`,
    })
    .from(stockMovement)
    .where(and(...conds))
    .groupBy(stockMovement.warehouseId, stockMovement.materialId)
    .orderBy(stockMovement.warehouseId, stockMovement.materialId);
}

/** Qty, amount and warehouses per material from the balances. */
export async function costPerMaterial(db: Db, user: AuthUser, q: QueryOf<typeof INVENTORY.materialCost>) {
  const conds: (SQL | undefined)[] = [
    tenantOf(user, { tenantId: stock.tenantId }),
    await scopeOn(db, user, INVENTORY_CODES.cost, stock.deptId),
  ];
  if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
  return db
    .select({
      materialId: stock.materialId,
      qty: sql<string>`sum(${stock.qty})`,
      amount: sql<string>`sum(${stock.amount})`,
      warehouses: sql<number>`count(distinct ${stock.warehouseId})::int`,
    })
    .from(stock)
    .where(and(...conds))
    .groupBy(stock.materialId);
}

/** Opening (before the period), in and out (in it) per (warehouse, material). */
export async function sendReceiveSums(db: Db, tz: string, user: AuthUser, q: QueryOf<typeof INVENTORY.sendReceive>) {
  const inPeriod = sql`${stockMovement.createTime} >= ${dayStart(tz, q.beginDate)}`;
  const conds: (SQL | undefined)[] = [
    tenantOf(user, { tenantId: stockMovement.tenantId }),
    lt(stockMovement.createTime, dayEnd(tz, q.endDate) as never),
    await scopeOn(db, user, INVENTORY_CODES.sendReceive, stockMovement.deptId),
  ];
  if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
  if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
  const sumIf = (col: AnyPgColumn | SQL, cond: SQL) => sql<string>`coalesce(sum(${col}) filter (where ${cond}), 0)`;
  return db
    .select({
      warehouseId: stockMovement.warehouseId,
      materialId: stockMovement.materialId,
      openingQty: sumIf(sql`${stockMovement.qtyIn} - ${stockMovement.qtyOut}`, sql`not (${inPeriod})`),
      openingAmount: sumIf(sql`${stockMovement.amountIn} - ${stockMovement.amountOut}`, sql`not (${inPeriod})`),
      inQty: sumIf(stockMovement.qtyIn, inPeriod),
      inAmount: sumIf(stockMovement.amountIn, inPeriod),
      outQty: sumIf(stockMovement.qtyOut, inPeriod),
      outAmount: sumIf(stockMovement.amountOut, inPeriod),
    })
    .from(stockMovement)
    .where(and(...conds))
    .groupBy(stockMovement.warehouseId, stockMovement.materialId)
    .orderBy(stockMovement.warehouseId, stockMovement.materialId);
}
