/**
 * Stock queries (inventory.contract.ts): balances, movements, stock as of a date, material cost, send-receive
 * statistics, documents waiting for review. Read only; each follows the data scope of its menu code on the
 * department of the warehouse (stock, movements) or of the document (not-check).
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../core/contract/common.ts';
import { dropShippingResource } from '../../../core/contract/izs-stock/drop-shipping.contract.ts';
import {
  historyQuery,
  INVENTORY_PATHS,
  type InventoryHistoryRow,
  type InventoryRow,
  inventoryQuery,
  type MaterialCostRow,
  movementQuery,
  type NotCheckRow,
  notCheckQuery,
  type SendReceiveRow,
  type StockMovementRow,
  sendReceiveQuery,
} from '../../../core/contract/izs-stock/inventory.contract.ts';
import { STOCK_DOC_RESOURCES, STOCK_DOC_TYPES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { purchaseOrderResource, saleOrderResource } from '../../../core/contract/izs-stock/trade-order.contract.ts';
import { unitCost } from '../../../core/stock/moving-average.ts';
import { rows } from '../../db/client.ts';
import { dept, material, stock, stockMovement, warehouse } from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import { type CrudContext, fixed, requireButton } from '../../platform/crud/index.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, ok, page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import { QTY_PLACES } from './ledger.ts';

const CODES = {
  list: 'supply_chain_stock_inventory_list',
  history: 'supply_chain_stock_inventory_history',
  cost: 'supply_chain_stock_stock_material_cost',
  sendReceive: 'supply_chain_stock_send_receive_statistics',
  notCheck: 'supply_chain_purchase_not_check',
} as const;

/** The data-scope condition of `code` on a dept column (undefined: the whole tenant). */
export async function scopeOn(ctx: CrudContext, user: AuthUser, code: string, deptCol: AnyPgColumn | SQL) {
  const s = await resolveDataScope(ctx.db, user, code);
  if (s.kind === 'all') return undefined;
  // stock rows have no creator: "own" rows are those of the user's own departments
  const ids = s.kind === 'own' ? user.deptIds : s.deptIds;
  if (!ids.length) return sql`false`;
  return sql`${deptCol} in (${sql.join(
    ids.map((d) => sql`${d}`),
    sql`, `,
  )})`;
}

export async function permitView(ctx: CrudContext, req: FastifyRequest, code: string) {
  const user = currentUser(req);
  await requireButton(ctx.db, user, code, 'view');
  return user;
}

const q3 = (v: unknown) => fixed(v ?? '0', QTY_PLACES);
const m2 = (v: unknown) => fixed(v ?? '0', 2);

export function registerInventory(s: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const dayStart = (d: string) => sql`(${d}::date::timestamp at time zone ${tz})`;
  const dayEnd = (d: string) => sql`((${d}::date + 1)::timestamp at time zone ${tz})`;

  const stockSelection = {
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
  };
  const toInventory = (r: Record<string, unknown>): InventoryRow => ({
    id: r.id as string,
    warehouseId: r.warehouseId as string,
    warehouseName: (r.warehouseName as string | null) ?? null,
    materialId: r.materialId as string,
    materialCode: (r.materialCode as string | null) ?? null,
    materialName: (r.materialName as string | null) ?? null,
    deptId: (r.deptId as string | null) ?? null,
    deptName: (r.deptName as string | null) ?? null,
    qty: q3(r.qty),
    amount: m2(r.amount),
    unitCost: unitCost({ qty: String(r.qty), amount: String(r.amount) }),
    updateTime: formatDateTime(r.updateTime as Date, tz),
  });
  const stockFrom = () =>
    db
      .select(stockSelection)
      .from(stock)
      .leftJoin(warehouse, eq(warehouse.id, stock.warehouseId))
      .leftJoin(material, eq(material.id, stock.materialId))
      .leftJoin(dept, eq(dept.id, stock.deptId));

  s.get(INVENTORY_PATHS.page, async (req) => {
    const user = await permitView(ctx, req, CODES.list);
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = parse(inventoryQuery, raw);
    const p = parsePaging(
      { current: raw.current, size: raw.size, ascs: raw.ascs, descs: raw.descs },
      { qty: stock.qty, amount: stock.amount, update_time: stock.updateTime },
      [asc(stock.warehouseId), asc(material.code), asc(stock.id)],
    );
    const conds: (SQL | undefined)[] = [
      eq(stock.tenantId, user.tenantId),
      await scopeOn(ctx, user, CODES.list, stock.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stock.materialId, q.materialId));
    if (q.materialName) conds.push(ilike(material.name, `%${q.materialName.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
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
    return ok(page(records.map(toInventory), Number(c?.n ?? 0), p.current, p.size));
  });

  s.get(INVENTORY_PATHS.detail, async (req) => {
    const user = await permitView(ctx, req, CODES.list);
    const q = parse(z.object({ id: idSchema }), req.query ?? {});
    const [r] = await stockFrom().where(
      and(eq(stock.id, q.id), eq(stock.tenantId, user.tenantId), await scopeOn(ctx, user, CODES.list, stock.deptId)),
    );
    if (!r) throw badRequest('库存不存在');
    return ok(toInventory(r));
  });

  s.get(INVENTORY_PATHS.movements, async (req) => {
    const user = await permitView(ctx, req, CODES.list);
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = parse(movementQuery, raw);
    const p = parsePaging({ current: raw.current, size: raw.size }, {}, [desc(stockMovement.id)]);
    const conds: (SQL | undefined)[] = [
      eq(stockMovement.tenantId, user.tenantId),
      await scopeOn(ctx, user, CODES.list, stockMovement.deptId),
    ];
    if (q.stockId) conds.push(eq(stockMovement.stockId, q.stockId));
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    if (q.orderNo) conds.push(eq(stockMovement.orderNo, q.orderNo));
    if (q.beginDate) conds.push(gte(stockMovement.createTime, dayStart(q.beginDate) as never));
    if (q.endDate) conds.push(lt(stockMovement.createTime, dayEnd(q.endDate) as never));
    const where = and(...conds);
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(stockMovement).where(where);
    const r = await db
      .select({
        m: stockMovement,
        warehouseName: warehouse.name,
        materialName: material.name,
      })
      .from(stockMovement)
      .leftJoin(warehouse, eq(warehouse.id, stockMovement.warehouseId))
      .leftJoin(material, eq(material.id, stockMovement.materialId))
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    const records: StockMovementRow[] = r.map(({ m, warehouseName, materialName }) => ({
      id: m.id,
      stockId: m.stockId,
      warehouseId: m.warehouseId,
      warehouseName,
      materialId: m.materialId,
      materialName,
      orderId: m.orderId,
      orderNo: m.orderNo,
      docType: m.docType,
      kind: m.kind as StockMovementRow['kind'],
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
    return ok(page(records, Number(c?.n ?? 0), p.current, p.size));
  });

  /** Names of warehouses and materials for aggregated rows. */
  const names = async (tenantId: string, whIds: string[], matIds: string[]) => {
    const whs = whIds.length
      ? await db
          .select({ id: warehouse.id, name: warehouse.name })
          .from(warehouse)
          .where(and(eq(warehouse.tenantId, tenantId), inArray(warehouse.id, whIds)))
      : [];
    const mats = matIds.length
      ? await db
          .select({ id: material.id, code: material.code, name: material.name })
          .from(material)
          .where(and(eq(material.tenantId, tenantId), inArray(material.id, matIds)))
      : [];
    return { wh: new Map(whs.map((w) => [w.id, w.name])), mat: new Map(mats.map((m) => [m.id, m])) };
  };

  s.get(INVENTORY_PATHS.history, async (req) => {
    const user = await permitView(ctx, req, CODES.history);
    const q = parse(historyQuery, req.query ?? {});
    const conds: (SQL | undefined)[] = [
      eq(stockMovement.tenantId, user.tenantId),
      lt(stockMovement.createTime, dayEnd(q.date) as never),
      await scopeOn(ctx, user, CODES.history, stockMovement.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    const r = await db
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
    const n = await names(
      user.tenantId,
      [...new Set(r.map((x) => x.warehouseId))],
      [...new Set(r.map((x) => x.materialId))],
    );
    const out: InventoryHistoryRow[] = r
      .filter((x) => !q.hideZero || !new Decimal(x.qty).isZero() || !new Decimal(x.amount).isZero())
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
    return ok(out);
  });

  s.get(INVENTORY_PATHS.materialCost, async (req) => {
    const user = await permitView(ctx, req, CODES.cost);
    const q = parse(z.object({ warehouseId: inventoryQuery.shape.warehouseId }), req.query ?? {});
    const conds: (SQL | undefined)[] = [
      eq(stock.tenantId, user.tenantId),
      await scopeOn(ctx, user, CODES.cost, stock.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stock.warehouseId, q.warehouseId));
    const r = await db
      .select({
        materialId: stock.materialId,
        qty: sql<string>`sum(${stock.qty})`,
        amount: sql<string>`sum(${stock.amount})`,
        warehouses: sql<number>`count(distinct ${stock.warehouseId})::int`,
      })
      .from(stock)
      .where(and(...conds))
      .groupBy(stock.materialId);
    const n = await names(user.tenantId, [], [...new Set(r.map((x) => x.materialId))]);
    const out: MaterialCostRow[] = r
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
    return ok(out);
  });

  s.get(INVENTORY_PATHS.sendReceive, async (req) => {
    const user = await permitView(ctx, req, CODES.sendReceive);
    const q = parse(sendReceiveQuery, req.query ?? {});
    const begin = dayStart(q.beginDate);
    const end = dayEnd(q.endDate);
    const inPeriod = sql`${stockMovement.createTime} >= ${begin}`;
    const conds: (SQL | undefined)[] = [
      eq(stockMovement.tenantId, user.tenantId),
      lt(stockMovement.createTime, end as never),
      await scopeOn(ctx, user, CODES.sendReceive, stockMovement.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    const sumIf = (col: AnyPgColumn | SQL, cond: SQL) => sql<string>`coalesce(sum(${col}) filter (where ${cond}), 0)`;
    const r = await db
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
    const n = await names(
      user.tenantId,
      [...new Set(r.map((x) => x.warehouseId))],
      [...new Set(r.map((x) => x.materialId))],
    );
    const D = (v: string) => new Decimal(v);
    const out: SendReceiveRow[] = r
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
    return ok(out);
  });

  const KIND_NAMES: Record<string, string> = {
    ...Object.fromEntries(STOCK_DOC_TYPES.map((t) => [t.value, t.label])),
    purchase_order: '采购订单',
    sale_order: '销售订单',
    drop_shipping: '直发单',
  };
  /** The menu (resource) code of each kind: its data scope applies to the kind's rows here too. */
  const KIND_PERMISSIONS: Record<string, string> = {
    ...Object.fromEntries(Object.entries(STOCK_DOC_RESOURCES).map(([k, d]) => [k, d.permission])),
    purchase_order: purchaseOrderResource.permission,
    sale_order: saleOrderResource.permission,
    drop_shipping: dropShippingResource.permission,
  };
  const KIND_PATHS: Record<string, string> = {
    ...Object.fromEntries(Object.entries(STOCK_DOC_RESOURCES).map(([k, d]) => [k, d.path])),
    purchase_order: '/api/izs-stock/purchase-order',
    sale_order: '/api/izs-stock/sale-order',
    drop_shipping: '/api/izs-stock/drop-shipping',
  };

  s.get(INVENTORY_PATHS.notCheck, async (req) => {
    const user = await permitView(ctx, req, CODES.notCheck);
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = parse(notCheckQuery, raw);
    const p = parsePaging({ current: raw.current, size: raw.size });
    const t = user.tenantId;
    const union = sql`(
      select id, doc_type as kind, order_no, party_id, total_qty, total_amount, dept_id, submit_time, create_time,
             create_user
        from izs_stock_order where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
      union all
      select id, kind || '_order', order_no, party_id, total_qty, total_amount, dept_id, submit_time, create_time,
             create_user
        from izs_trade_order where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
      union all
      select id, 'drop_shipping', order_no, supplier_id, purchase_qty, sale_amount, dept_id, submit_time, create_time,
             create_user
        from izs_drop_shipping where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
    ) d`;
    const conds: SQL[] = [sql`true`];
    const scope = await scopeOn(ctx, user, CODES.notCheck, sql`d.dept_id`);
    if (scope) conds.push(scope);
    // each document also within the data scope of its own menu (what its list would show the user)
    const kindScopes = await Promise.all(
      Object.entries(KIND_PERMISSIONS).map(async ([kind, code]) => {
        const s = await resolveDataScope(db, user, code);
        if (s.kind === 'all') return sql`d.kind = ${kind}`;
        if (s.kind === 'own') return sql`(d.kind = ${kind} and d.create_user = ${user.userId})`;
        if (!s.deptIds.length) return undefined;
        return sql`(d.kind = ${kind} and d.dept_id in (${sql.join(
          s.deptIds.map((d) => sql`${d}`),
          sql`, `,
        )}))`;
      }),
    );
    const visible = kindScopes.filter((k): k is SQL => !!k);
    conds.push(visible.length ? sql`(${sql.join(visible, sql` or `)})` : sql`false`);
    if (q.kind) conds.push(sql`d.kind = ${q.kind}`);
    if (q.orderNo) conds.push(sql`d.order_no ilike ${`%${q.orderNo.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    const where = sql.join(conds, sql` and `);
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${union} where ${where}`);
    const r = await rows<Record<string, unknown>>(
      db,
      sql`select d.*, p.name as party_name, dp.dept_name
            from ${union}
            left join izs_related_party p on p.id = d.party_id
            left join blade_dept dp on dp.id = d.dept_id
           where ${where}
           order by d.submit_time desc nulls last, d.id desc
           limit ${p.size} offset ${p.offset}`,
    );
    const time = (v: unknown) => (v ? formatDateTime(new Date(v as string), tz) : '');
    const records: NotCheckRow[] = r.map((x) => ({
      id: String(x.id),
      kind: String(x.kind),
      kindName: KIND_NAMES[String(x.kind)] ?? String(x.kind),
      orderNo: String(x.order_no),
      partyName: (x.party_name as string | null) ?? null,
      totalQty: q3(x.total_qty),
      totalAmount: m2(x.total_amount),
      deptId: x.dept_id === null ? null : String(x.dept_id),
      deptName: (x.dept_name as string | null) ?? null,
      submitTime: time(x.submit_time),
      createTime: time(x.create_time),
      path: KIND_PATHS[String(x.kind)] ?? '',
    }));
    return ok(page(records, Number(c?.n ?? 0), p.current, p.size));
  });
}
