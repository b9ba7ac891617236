/**
 * Purchase / sale orders (采购订单, 销售订单) and drop shipping (直发单 + 直发凭证) through the resource engine,
 * with the document life cycle (no stock effect for any of them). Contracts: trade-order.contract.ts,
 * drop-shipping.contract.ts.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dropEvidenceResource, dropShippingResource } from '../../../core/contract/izs-stock/drop-shipping.contract.ts';
import {
  purchaseOrderResource,
  saleOrderResource,
  type tradeLineForm,
} from '../../../core/contract/izs-stock/trade-order.contract.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { moneyFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { lineAmount, priceUnitOf } from '../../../core/stock/amount.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  dropEvidence,
  dropShipping,
  material,
  relatedParty,
  stockOrder,
  stockOrderLine,
  tradeOrder,
  tradeOrderLine,
  weighingOrder,
} from '../../db/schema/index.ts';
import {
  type CrudContext,
  fixed,
  type Resource,
  type Row,
  registerResource,
  type SaveContext,
} from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { tenantIs, tenantOf, tenantOnly } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import { kindGuard } from './kind-guard.ts';
import { QTY_PLACES } from './ledger.ts';
import { registerLifecycle } from './lifecycle.ts';

type TradeLineIn = z.output<typeof tradeLineForm>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) => (v: unknown) => {
  const s = String(v).trim();
  if (!DAY.test(s)) throw badRequest(`${label}格式应为yyyy-MM-dd`);
  return s;
};

/** A live related party of the tenant whose type is one of `types`. */
export async function partyOk(ex: Executor, tenantId: string, id: string, types: string[]): Promise<boolean> {
  const [p] = await ex
    .select({ type: relatedParty.type })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, id), tenantIs(tenantId, relatedParty)));
  return !!p && types.includes(p.type);
}

export async function materialOf(ex: Executor, tenantId: string, id: string) {
  const [m] = await ex
    .select({
      id: material.id,
      priceUnit: material.priceUnit,
      defaultPrice: material.defaultPrice,
      deductRate: material.deductRate,
    })
    .from(material)
    .where(and(eq(material.id, id), tenantIs(tenantId, material)));
  return m;
}

export const SUPPLIER_TYPES = ['supplier', 'both'];
export const CUSTOMER_TYPES = ['customer', 'both'];

const notDraft = (title: string) => async (_tx: Tx, rows: Row[]) => {
  if (rows.some((r) => r.state !== 'draft')) throw badRequest(`只能删除草稿状态的${title}，已提交或审核的请作废`);
};

function registerTradeOrders(s: FastifyInstance, ctx: CrudContext) {
  const kinds: [ResourceDef, 'purchase' | 'sale', string, string[]][] = [
    [purchaseOrderResource, 'purchase', '供应商', SUPPLIER_TYPES],
    [saleOrderResource, 'sale', '客户', CUSTOMER_TYPES],
  ];
  for (const [def, kind, partyLabel, types] of kinds) registerTradeOrder(s, ctx, def, kind, partyLabel, types);
}

/** 采购订单 or 销售订单: the engine resource (lines prepared before the save, replaced after it) and its life cycle. */
function registerTradeOrder(
  s: FastifyInstance,
  ctx: CrudContext,
  def: ResourceDef,
  kind: 'purchase' | 'sale',
  partyLabel: string,
  types: string[],
) {
  const { db } = ctx;
  const prepared = new WeakMap<SaveContext, Row[]>();
  const linesSchema = (def.schemas.form.shape as Record<string, z.ZodType>).lines;
  const guard = kindGuard('kind', [kind], def.title);
  const res: Resource = registerResource(s, ctx, def, tradeOrder, {
    joins: {
      partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${tradeOrder.partyId})`,
      reviewerName: sql<string>`(select u.real_name from blade_user u where u.id = ${tradeOrder.reviewer})`,
    },
    where: () => eq(tradeOrder.kind, kind),
    filters: {
      orderDateBegin: (v) => sql`${tradeOrder.orderDate} >= ${day('开始日期')(v)}`,
      orderDateEnd: (v) => sql`${tradeOrder.orderDate} <> '' and ${tradeOrder.orderDate} <= ${day('结束日期')(v)}`,
    },
    beforeSave: async (tx, row, c) => {
      guard.checkUpdate(c.prev, c.isNew);
      if (!c.isNew && c.prev?.state !== 'draft') throw badRequest(`只能修改草稿状态的${def.title}`);
      const t = c.user.tenantId;
      if (!(await partyOk(tx, t, row.partyId as string, types))) throw badRequest(`${partyLabel}不存在`);
      const lines = parse(linesSchema, ((c.req.body ?? {}) as Row).lines) as TradeLineIn[];
      const out = await prepareTradeLines(tx, t, lines);
      row.kind = kind;
      row.totalQty = weightFixed(
        out.reduce((a, l) => a.plus(l.qty as string), new Decimal(0)),
        QTY_PLACES,
      );
      row.totalAmount = moneyFixed(out.reduce((a, l) => a.plus(l.amount as string), new Decimal(0)));
      if (c.isNew) {
        row.state = 'draft';
        row.orderNo = await drawOrderNo(tx, kind === 'purchase' ? 'purchaseOrder' : 'saleOrder', {
          tenantId: t,
          tz: ctx.tz,
        });
        if (!row.orderDate) row.orderDate = today(ctx.tz);
      }
      prepared.set(c, out);
    },
    afterSave: async (tx, saved, c) =>
      replaceTradeLines(tx, c.user.tenantId, saved.id as string, prepared.get(c) ?? []),
    beforeRemove: async (tx, rows) => {
      await guard.beforeRemove(tx, rows);
      await notDraft(def.title)(tx, rows);
    },
    routes: {
      ...guard.writes(db, () => res),
      detail: async (req: FastifyRequest) => {
        const user = await res.permit(req, 'view');
        const id = String(((req.query ?? {}) as Row).id ?? '');
        const row = await guard.load(db, res, req, id);
        return ok({ ...res.entity(row, user), lines: await tradeLines(db, user.tenantId, id, kind) });
      },
    },
  });
  registerLifecycle(s, db, res, {
    title: def.title,
    permission: def.permission,
    table: tradeOrder,
    matches: guard.matches,
  });
}

/** The order's lines: each material the tenant's, quantity, price and amount fixed. */
async function prepareTradeLines(tx: Tx, t: string, lines: TradeLineIn[]): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const m = await materialOf(tx, t, l.materialId);
    if (!m) throw badRequest(`明细第${i + 1}行：物料不存在`);
    out.push({
      lineNo: i + 1,
      materialId: l.materialId,
      qty: weightFixed(l.qty, QTY_PLACES),
      unitPrice: priceFixed(l.unitPrice),
      amount: lineAmount(l.qty, l.unitPrice, priceUnitOf(m.priceUnit)),
      remark: l.remark ?? '',
    });
  }
  return out;
}

/** Replaces the order's lines with the prepared ones. */
async function replaceTradeLines(tx: Tx, t: string, orderId: string, lines: Row[]): Promise<void> {
  await tx.delete(tradeOrderLine).where(and(eq(tradeOrderLine.orderId, orderId), tenantOnly(t, tradeOrderLine)));
  if (lines.length) {
    await tx.insert(tradeOrderLine).values(lines.map((l) => ({ ...l, tenantId: t, orderId }) as never));
  }
}

/** Order lines with the quantity delivered so far (reviewed in-stock / out-stock lines against the order). */
async function tradeLines(db: Db, tenantId: string, orderId: string, kind: 'purchase' | 'sale') {
  const lines = await db
    .select({
      id: tradeOrderLine.id,
      lineNo: tradeOrderLine.lineNo,
      materialId: tradeOrderLine.materialId,
      materialName: material.name,
      qty: tradeOrderLine.qty,
      unitPrice: tradeOrderLine.unitPrice,
      amount: tradeOrderLine.amount,
      remark: tradeOrderLine.remark,
    })
    .from(tradeOrderLine)
    .leftJoin(material, eq(material.id, tradeOrderLine.materialId))
    .where(and(eq(tradeOrderLine.orderId, orderId), tenantOnly(tenantId, tradeOrderLine)))
    .orderBy(asc(tradeOrderLine.lineNo));
  const done = await db
    .select({ materialId: stockOrderLine.materialId, q: sql<string>`sum(${stockOrderLine.qty})` })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        tenantOnly(tenantId, stockOrder),
        eq(stockOrder.sourceOrderId, orderId),
        eq(stockOrder.docType, kind === 'purchase' ? 'in_stock' : 'out_stock'),
        eq(stockOrder.state, 'reviewed'),
        eq(stockOrder.isDeleted, 0),
      ),
    )
    .groupBy(stockOrderLine.materialId);
  const doneBy = new Map(done.map((d) => [d.materialId, d.q]));
  const given = new Set<string>();
  return lines.map((l) => {
    // the delivered quantity of a material is shown once, on its first line
    const d = given.has(l.materialId) ? '0' : (doneBy.get(l.materialId) ?? '0');
    given.add(l.materialId);
    return {
      ...l,
      qty: fixed(l.qty, QTY_PLACES),
      unitPrice: fixed(l.unitPrice, 2),
      amount: fixed(l.amount, 2),
      doneQty: fixed(d, QTY_PLACES),
    };
  });
}

function registerDropShipping(s: FastifyInstance, ctx: CrudContext) {
  const { db } = ctx;
  const def = dropShippingResource;
  const res: Resource = registerResource(s, ctx, def, dropShipping, {
    joins: {
      supplierName: sql<string>`(select p.name from izs_related_party p where p.id = ${dropShipping.supplierId})`,
      customerName: sql<string>`(select p.name from izs_related_party p where p.id = ${dropShipping.customerId})`,
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${dropShipping.materialId})`,
      reviewerName: sql<string>`(select u.real_name from blade_user u where u.id = ${dropShipping.reviewer})`,
    },
    filters: {
      orderDateBegin: (v) => sql`${dropShipping.orderDate} >= ${day('开始日期')(v)}`,
      orderDateEnd: (v) => sql`${dropShipping.orderDate} <> '' and ${dropShipping.orderDate} <= ${day('结束日期')(v)}`,
    },
    beforeSave: async (tx, row, c) => {
      if (!c.isNew && c.prev?.state !== 'draft') throw badRequest(`只能修改草稿状态的${def.title}`);
      const t = c.user.tenantId;
      if (row.supplierId === row.customerId) throw badRequest('供应商和客户不能是同一单位');
      if (!(await partyOk(tx, t, row.supplierId as string, SUPPLIER_TYPES))) throw badRequest('供应商不存在');
      if (!(await partyOk(tx, t, row.customerId as string, CUSTOMER_TYPES))) throw badRequest('客户不存在');
      const m = await materialOf(tx, t, row.materialId as string);
      if (!m) throw badRequest('物料不存在');
      if (row.sourceWeighingId) {
        const [w] = await tx
          .select({ id: weighingOrder.id })
          .from(weighingOrder)
          .where(and(eq(weighingOrder.id, row.sourceWeighingId as string), tenantIs(t, weighingOrder)));
        if (!w) throw badRequest('磅单不存在');
      }
      const unit = (row.priceUnit as string | undefined) || m.priceUnit || 'yuan_per_tonne';
      row.priceUnit = unit;
      row.purchaseAmount = lineAmount(row.purchaseQty as string, row.purchasePrice as string, priceUnitOf(unit));
      row.saleAmount = lineAmount(row.saleQty as string, row.salePrice as string, priceUnitOf(unit));
      row.grossProfit = moneyFixed(new Decimal(row.saleAmount as string).minus(row.purchaseAmount as string));
      if (c.isNew) {
        row.state = 'draft';
        row.orderNo = await drawOrderNo(tx, 'dropShipping', { tenantId: t, tz: ctx.tz });
        if (!row.orderDate) row.orderDate = today(ctx.tz);
      }
    },
    beforeRemove: notDraft(def.title),
  });
  registerLifecycle(s, db, res, { title: def.title, permission: def.permission, table: dropShipping });

  registerResource(s, ctx, dropEvidenceResource, dropEvidence, {
    joins: {
      dropOrderNo: sql<string>`(select d.order_no from izs_drop_shipping d where d.id = ${dropEvidence.dropId})`,
    },
    beforeSave: async (tx, row, c) => {
      const [d] = await tx
        .select({ id: dropShipping.id, deptId: dropShipping.deptId })
        .from(dropShipping)
        .where(and(eq(dropShipping.id, row.dropId as string), tenantOf(c.user, dropShipping)));
      if (!d) throw badRequest('直发单不存在');
      // evidence belongs to the shipment's department (same data scope)
      if (c.isNew && d.deptId) row.deptId = d.deptId;
    },
  });
}

export function registerOrders(s: FastifyInstance, ctx: CrudContext): void {
  registerTradeOrders(s, ctx);
  registerDropShipping(s, ctx);
}
