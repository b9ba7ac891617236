/**
 * `GET inventory/page`, `inventory/detail`, `inventory/movements` (inventory.contract.ts INVENTORY): the balance of
 * each (warehouse, material) and the movements that made it. Data scope of 库存列表 on the warehouse's department.
 */
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { INVENTORY, INVENTORY_CODES, type InventoryRow } from '../../../core/contract/izs-stock/inventory.contract.ts';
import { unitCost } from '../../../core/stock/moving-average.ts';
import { dept, material, stock, stockMovement, warehouse } from '../../db/schema/index.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, page } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { dayEnd, dayStart, m2, q3, scopeOn } from './stock-scope.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export function handleInventoryBalances(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  const stockFrom = () =>
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
  type StockSel = Awaited<ReturnType<typeof stockFrom>>[number];
  const toInventory = (x: StockSel): InventoryRow => ({
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
  });
  const stockScope = (user: Parameters<typeof tenantOf>[0]) =>
    scopeOn(db, user, INVENTORY_CODES.list, stock.deptId).then((s) =>
      and(tenantOf(user, { tenantId: stock.tenantId }), s),
    );

  r.handle(INVENTORY.page, async ({ query: q, user }) => {
    const p = parsePaging(
      { current: q.current, size: q.size, ascs: q.ascs, descs: q.descs },
      { qty: stock.qty, amount: stock.amount, update_time: stock.updateTime },
      [asc(stock.warehouseId), asc(material.code), asc(stock.id)],
    );
    const conds: (SQL | undefined)[] = [await stockScope(user)];
    if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stock.materialId, q.materialId));
    if (q.materialName) conds.push(ilike(material.name, like(q.materialName)));
    if (q.hideZero) conds.push(sql`not (${stock.qty} = 0 and ${stock.amount} = 0)`);
    const where = and(...conds);
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(stock)
      .leftJoin(material, eq(material.id, stock.materialId))
      .where(where);
    const records = await stockFrom()
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    return page(records.map(toInventory), Number(c?.n ?? 0), p.current, p.size);
  });

  r.handle(INVENTORY.detail, async ({ query: q, user }) => {
    const [x] = await stockFrom().where(and(eq(stock.id, q.id), await stockScope(user)));
    if (!x) throw badRequest('库存不存在');
    return toInventory(x);
  });

  r.handle(INVENTORY.movements, async ({ query: q, user }) => {
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
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(stockMovement).where(where);
    const found = await db
      .select({ m: stockMovement, warehouseName: warehouse.name, materialName: material.name })
      .from(stockMovement)
      .leftJoin(warehouse, eq(warehouse.id, stockMovement.warehouseId))
      .leftJoin(material, eq(material.id, stockMovement.materialId))
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
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
  });
}

const KINDS = ['receipt', 'issue', 'reverse'] as const;
/** The movement kinds the ledger writes (a column of free text in the table). */
function movementKind(k: string): (typeof KINDS)[number] {
  const found = KINDS.find((x) => x === k);
  if (!found) throw new Error(`unknown stock movement kind ${k}`);
  return found;
}
