/**
 * `GET inventory/history`, `inventory/material-cost`, `inventory/send-receive` (inventory.contract.ts INVENTORY):
 * stock as of the end of a day (Σ movements), qty / amount / unit cost per material, and opening / in / out /
 * closing per (warehouse, material) over a period. Data scope of each menu on the stock row's department.
 */
import Decimal from 'decimal.js';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVENTORY, INVENTORY_CODES } from '../../../core/contract/izs-stock/inventory.contract.ts';
import { unitCost } from '../../../core/stock/moving-average.ts';
import { stock, stockMovement } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';
import { dayEnd, dayStart, m2, namesOf, q3, scopeOn } from './stock-scope.ts';

const D = (v: string) => new Decimal(v);
const distinct = (v: string[]) => [...new Set(v)];

export function handleInventoryReports(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  r.handle(INVENTORY.history, async ({ query: q, user }) => {
    const conds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stockMovement.tenantId }),
      lt(stockMovement.createTime, dayEnd(tz, q.date) as never),
      await scopeOn(db, user, INVENTORY_CODES.history, stockMovement.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    const found = await db
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
    const n = await namesOf(
      db,
      user,
      distinct(found.map((x) => x.warehouseId)),
      distinct(found.map((x) => x.materialId)),
    );
    return found
      .filter((x) => !q.hideZero || !D(x.qty).isZero() || !D(x.amount).isZero())
      .map((x) => ({
        warehouseId: x.warehouseId,
        warehouseName: n.wh.get(x.warehouseId) ?? null,
        materialId: x.materialId,
        materialCode: n.mat.get(x.materialId)?.code ?? null,
        materialName: n.mat.get(x.materialId)?.name ?? null,
        qty: q3(x.qty),
        amount: m2(x.amount),
        unitCost: unitCost({ qty: x.qty, amount: x.amount }),
      }));
  });

  r.handle(INVENTORY.materialCost, async ({ query: q, user }) => {
    const conds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stock.tenantId }),
      await scopeOn(db, user, INVENTORY_CODES.cost, stock.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
    const found = await db
      .select({
        materialId: stock.materialId,
        qty: sql<string>`sum(${stock.qty})`,
        amount: sql<string>`sum(${stock.amount})`,
        warehouses: sql<number>`count(distinct ${stock.warehouseId})::int`,
      })
      .from(stock)
      .where(and(...conds))
      .groupBy(stock.materialId);
    const n = await namesOf(db, user, [], distinct(found.map((x) => x.materialId)));
    return found
      .map((x) => ({
        materialId: x.materialId,
        materialCode: n.mat.get(x.materialId)?.code ?? null,
        materialName: n.mat.get(x.materialId)?.name ?? null,
        qty: q3(x.qty),
        amount: m2(x.amount),
        unitCost: unitCost({ qty: x.qty, amount: x.amount }),
        warehouses: Number(x.warehouses),
      }))
      .sort((a, b) => (a.materialCode ?? '').localeCompare(b.materialCode ?? ''));
  });

  r.handle(INVENTORY.sendReceive, async ({ query: q, user }) => {
    const inPeriod = sql`${stockMovement.createTime} >= ${dayStart(tz, q.beginDate)}`;
    const conds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stockMovement.tenantId }),
      lt(stockMovement.createTime, dayEnd(tz, q.endDate) as never),
      await scopeOn(db, user, INVENTORY_CODES.sendReceive, stockMovement.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    const sumIf = (col: AnyPgColumn | SQL, cond: SQL) => sql<string>`coalesce(sum(${col}) filter (where ${cond}), 0)`;
    const found = await db
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
    const n = await namesOf(
      db,
      user,
      distinct(found.map((x) => x.warehouseId)),
      distinct(found.map((x) => x.materialId)),
    );
    return found
      .map((x) => ({
        warehouseId: x.warehouseId,
        warehouseName: n.wh.get(x.warehouseId) ?? null,
        materialId: x.materialId,
        materialCode: n.mat.get(x.materialId)?.code ?? null,
        materialName: n.mat.get(x.materialId)?.name ?? null,
        openingQty: q3(x.openingQty),
        openingAmount: m2(x.openingAmount),
        inQty: q3(x.inQty),
        inAmount: m2(x.inAmount),
        outQty: q3(x.outQty),
        outAmount: m2(x.outAmount),
        closingQty: q3(D(x.openingQty).plus(x.inQty).minus(x.outQty).toString()),
        closingAmount: m2(D(x.openingAmount).plus(x.inAmount).minus(x.outAmount).toString()),
      }))
      .filter((x) =>
        [x.openingQty, x.inQty, x.outQty, x.openingAmount, x.inAmount, x.outAmount].some((v) => !D(v).isZero()),
      );
  });
}
