/**
 * `GET inventory/page`, `inventory/detail`, `inventory/movements` (inventory.contract.ts INVENTORY): the balance of
 * each (warehouse, material) and the movements that made it. Data scope of 库存列表 on the warehouse's department.
 */
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { INVENTORY, INVENTORY_CODES, type InventoryRow } from '../../../core/contract/izs-stock/inventory.contract.ts';
import { unitCost } from '../../../core/stock/moving-average.ts';
import { material, stock, stockMovement } from '../../db/schema/index.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, page } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import {
  countMovements,
  countStock,
  movementPage,
  type StockSel,
  stockFrom,
  stockScope,
} from './inventory-repository.ts';
import { dayEnd, dayStart, m2, q3, scopeOn } from './stock-scope.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export function handleInventoryBalances(r: ReturnType<typeof endpoints>, ctx: CrudContext): void {
  r.handle(INVENTORY.page, stockPage(ctx));
  r.handle(INVENTORY.detail, stockDetail(ctx));
  r.handle(INVENTORY.movements, movements(ctx));
}

/** A balance as the list and the detail answer it. */
function toInventory(x: StockSel, tz: string): InventoryRow {
  return {
    id: x.id,
    warehouseId: x.warehouseId,
    warehouseName: x.warehouseName ?? null,
    materialId: x.materialId,
    materialCode: x.materialCode ?? null,
    materialName: x.materialName ?? null,
    deptId: x.deptId ?? null,
    deptName: x.deptName ?? null,
    qty: q3(x.qty),
    amount: m2(x.amount),
    unitCost: unitCost({ qty: String(x.qty), amount: String(x.amount) }),
    updateTime: formatDateTime(x.updateTime, tz),
  };
}

function stockPage({ db, tz }: CrudContext): Handler<typeof INVENTORY.page> {
  return async ({ query: q, user }) => {
    const p = parsePaging(
      { current: q.current, size: q.size, ascs: q.ascs, descs: q.descs },
      { qty: stock.qty, amount: stock.amount, update_time: stock.updateTime },
      [asc(stock.warehouseId), asc(material.code), asc(stock.id)],
    );
    const conds: (SQL | undefined)[] = [await stockScope(db, user)];
    if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stock.materialId, q.materialId));
    if (q.materialName) conds.push(ilike(material.name, like(q.materialName)));
    if (q.hideZero) conds.push(sql`not (${stock.qty} = 0 and ${stock.amount} = 0)`);
    const where = and(...conds);
    const [c] = await countStock(db, where);
    const records = await stockFrom(db)
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    return page(
      records.map((x) => toInventory(x, tz)),
      Number(c?.n ?? 0),
      p.current,
      p.size,
    );
  };
}

function stockDetail({ db, tz }: CrudContext): Handler<typeof INVENTORY.detail> {
  return async ({ query: q, user }) => {
    const [x] = await stockFrom(db).where(and(eq(stock.id, q.id), await stockScope(db, user)));
    if (!x) throw badRequest('库存不存在');
    return toInventory(x, tz);
  };
}

function movements({ db, tz }: CrudContext): Handler<typeof INVENTORY.movements> {
  return async ({ query: q, user }) => {
    const p = parsePaging({ current: q.current, size: q.size }, {}, [desc(stockMovement.id)]);
    const conds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stockMovement.tenantId }),
      await scopeOn(db, user, INVENTORY_CODES.list, stockMovement.deptId),
    ];
    if (q.stockId) conds.push(eq(stockMovement.stockId, q.stockId));
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    if (q.orderNo) conds.push(eq(stockMovement.orderNo, q.orderNo));
    if (q.beginDate) conds.push(gte(stockMovement.createTime, dayStart(tz, q.beginDate) as never));
    if (q.endDate) conds.push(lt(stockMovement.createTime, dayEnd(tz, q.endDate) as never));
    const where = and(...conds);
    const [c] = await countMovements(db, where);
    const found = await movementPage(db, where, p);
    const records = found.map(({ m, warehouseName, materialName }) => ({
      id: m.id,
      stockId: m.stockId,
      warehouseId: m.warehouseId,
      warehouseName,
      materialId: m.materialId,
      materialName,
      orderId: m.orderId,
      orderNo: m.orderNo,
      docType: m.docType,
      kind: movementKind(m.kind),
      isVoid: m.isVoid,
      qtyIn: q3(m.qtyIn),
      qtyOut: q3(m.qtyOut),
      amountIn: m2(m.amountIn),
      amountOut: m2(m.amountOut),
      unitCost: fixed(m.unitCost, 6),
      variance: m2(m.variance),
      balanceQty: q3(m.balanceQty),
      balanceAmount: m2(m.balanceAmount),
      createTime: formatDateTime(m.createTime, tz),
    }));
    return page(records, Number(c?.n ?? 0), p.current, p.size);
  };
}

const KINDS = ['receipt', 'issue', 'reverse'] as const;
/** The movement kinds the ledger writes (a column of free text in the table). */
function movementKind(k: string): (typeof KINDS)[number] {
  const found = KINDS.find((x) => x === k);
  if (!found) throw new Error(`unknown stock movement kind ${k}`);
  return found;
}
