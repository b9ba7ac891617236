/**
 * `GET inventory/history`, `inventory/material-cost`, `inventory/send-receive` (inventory.contract.ts INVENTORY):
 * stock as of the end of a day (Σ movements), qty / amount / unit cost per material, and opening / in / out /
 * closing per (warehouse, material) over a period. Data scope of each menu on the stock row's department.
 */
import Decimal from 'decimal.js';
import { INVENTORY } from '../../../core/contract/izs-stock/inventory.contract.ts';
import { unitCost } from '../../../core/stock/moving-average.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { costPerMaterial, sendReceiveSums, stockAsOf } from './inventory-repository.ts';
import { m2, namesOf, q3 } from './stock-scope.ts';

const D = (v: string) => new Decimal(v);
const distinct = (v: string[]) => [...new Set(v)];

export function handleInventoryReports(r: ReturnType<typeof endpoints>, ctx: CrudContext): void {
  r.handle(INVENTORY.history, stockHistory(ctx));
  r.handle(INVENTORY.materialCost, materialCost(ctx));
  r.handle(INVENTORY.sendReceive, sendReceive(ctx));
}

function stockHistory({ db, tz }: CrudContext): Handler<typeof INVENTORY.history> {
  return async ({ query: q, user }) => {
    const found = await stockAsOf(db, tz, user, q);
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
  };
}

function materialCost({ db }: CrudContext): Handler<typeof INVENTORY.materialCost> {
  return async ({ query: q, user }) => {
    const found = await costPerMaterial(db, user, q);
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
  };
}

function sendReceive({ db, tz }: CrudContext): Handler<typeof INVENTORY.sendReceive> {
  return async ({ query: q, user }) => {
    const found = await sendReceiveSums(db, tz, user, q);
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
  };
}
