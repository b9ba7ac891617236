import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  STOCK_DOC_RESOURCES,
  type StockDocType,
  stockOrderAllResource,
} from '../../../core/contract/izs-stock/stock-order.contract.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { type Db, type Executor, rows, type Tx } from '../../db/client.ts';
import {
  accountSet,
  docVoucher,
  material,
  stockOrder,
  stockOrderLine,
  voucher,
  warehouse,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  type CrudContext,
  fixed,
  qualified,
  type Resource,
  type Row,
  registerResource,
  type SaveContext,
} from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { effectiveDept, tenantOf, tenantOnly } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import { refuseClosedPeriod, refuseClosedVoid } from '../izs-financing/business-period.ts';
import { stockConfigFor } from './business-config.ts';
import { kindGuard } from './kind-guard.ts';
import { applyReview, applyVoid, type LedgerDoc, loadLines, QTY_PLACES } from './ledger.ts';
import { type LifecycleSpec, registerLifecycle } from './lifecycle.ts';
import { DOC_INFO, type LineIn, type PreparedLine, prepareStockDoc, writeLines } from './prepare-doc.ts';

export { type PreparedLine, prepareStockDoc, writeLines } from './prepare-doc.ts';

/** Lines with material and warehouse names, as the detail answers them. */
export async function lineEntities(ex: Executor, tenantId: string, orderId: string): Promise<Row[]> {
  const r = await ex
    .select({
      id: stockOrderLine.id,
      orderId: stockOrderLine.orderId,
      lineNo: stockOrderLine.lineNo,
      direction: stockOrderLine.direction,
      materialId: stockOrderLine.materialId,
      materialCode: material.code,
      materialName: material.name,
      warehouseId: stockOrderLine.warehouseId,
      warehouseName: warehouse.name,
      qty: stockOrderLine.qty,
      unitPrice: stockOrderLine.unitPrice,
      amount: stockOrderLine.amount,
      taxRate: stockOrderLine.taxRate,
      priceIncludesTax: stockOrderLine.priceIncludesTax,
      netAmount: stockOrderLine.netAmount,
      taxAmount: stockOrderLine.taxAmount,
      grossAmount: stockOrderLine.grossAmount,
      costAmount: stockOrderLine.costAmount,
      ratio: stockOrderLine.ratio,
      sourceLineId: stockOrderLine.sourceLineId,
      remark: stockOrderLine.remark,
    })
    .from(stockOrderLine)
    .leftJoin(material, eq(material.id, stockOrderLine.materialId))
    .leftJoin(warehouse, eq(warehouse.id, stockOrderLine.warehouseId))
    .where(and(eq(stockOrderLine.orderId, orderId), tenantOnly(tenantId, stockOrderLine)))
    .orderBy(asc(stockOrderLine.lineNo));
  return r.map((l) => ({
    ...l,
    qty: fixed(l.qty, QTY_PLACES),
    unitPrice: fixed(l.unitPrice, 2),
    amount: fixed(l.amount, 2),
    taxRate: fixed(l.taxRate, 2),
    netAmount: fixed(l.netAmount, 2),
    taxAmount: fixed(l.taxAmount, 2),
    grossAmount: fixed(l.grossAmount, 2),
    costAmount: l.costAmount === null ? null : fixed(l.costAmount, 2),
    ratio: l.ratio === null ? null : fixed(l.ratio, 4),
  }));
}

export const docJoins = {
  partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${stockOrder.partyId})`,
  warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${stockOrder.warehouseId})`,
  reviewerName: sql<string>`(select u.real_name from blade_user u where u.id = ${stockOrder.reviewer})`,
  createUserName: sql<string>`(select u.real_name from blade_user u where u.id = ${qualified(stockOrder.createUser)})`,
  sourceWeighingNo: sql<string>`(select g.order_no from izs_weighing_order g where g.id = ${stockOrder.sourceWeighingId})`,
  sourceOrderNo: sql<string>`(select o.order_no from izs_trade_order o where o.id = ${stockOrder.sourceOrderId})`,
  sourceDocNo: sql<string>`(select d.order_no from izs_stock_order d where d.id = ${qualified(stockOrder.sourceDocId)})`,
  contractNo: sql<string>`(select c.contract_no from izs_trading_contract c where c.id = ${stockOrder.contractId})`,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) => (v: unknown) => {
  const s = String(v).trim();
  if (!DAY.test(s)) throw badRequest(`${label}格式应为yyyy-MM-dd`);
  return s;
};
const ID = /^[1-9]\d{0,18}$/;

/** orderDate range on the yyyy-MM-dd text column, documents with a line of a material. */
export const docFilters: Record<string, (v: unknown) => SQL | undefined> = {
  orderDateBegin: (v) => sql`${stockOrder.orderDate} >= ${day('开始日期')(v)}`,
  orderDateEnd: (v) => sql`${stockOrder.orderDate} <> '' and ${stockOrder.orderDate} <= ${day('结束日期')(v)}`,
  materialId: (v) => {
    const id = String(v).trim();
    if (!ID.test(id)) throw badRequest('物料格式不正确');
    return sql`exists (select 1 from izs_stock_order_line l where l.order_id = ${qualified(stockOrder.id)} and l.material_id = ${id})`;
  },
};

const ledgerDoc = (row: Row): LedgerDoc => ({
  id: row.id as string,
  tenantId: row.tenantId as string,
  orderNo: row.orderNo as string,
  docType: row.docType as string,
  allocMethod: (row.allocMethod as string) ?? '',
});

/** Life cycle of a stock document type: review applies the stock effects, void of a reviewed one reverses them. */
export function stockDocLifecycle(def: ResourceDef, tz: string): LifecycleSpec {
  return {
    title: def.title,
    permission: def.permission,
    table: stockOrder,
    onReview: async (tx, row, c) => {
      // issue 21 "Dates and periods": the document moves stock (and writes its 应收单 / 应付单) on its own date — not
      // into a period its department's book has closed: 「2026年03月」已结账，不能在此期间审核采购入库单
      await refuseClosedPeriod(tx, {
        tenantId: c.user.tenantId,
        deptId: (row.deptId as string | null) ?? null,
        date: String(row.orderDate),
        action: `审核${def.title}`,
      });
      const cfg = await stockConfigFor(tx, c.user.tenantId, row.deptId as string | null);
      const lines = await loadLines(tx, c.user.tenantId, row.id as string);
      if (!lines.length) throw badRequest(`${def.title}没有明细，不能审核`);
      const r = await applyReview(tx, ledgerDoc(row), lines, {
        allowNegative: cfg.allowNegativeStock,
        userId: c.user.userId,
      });
      return { totalCost: r.totalCost };
    },
    onVoid: async (tx, row, c) => {
      if (row.state !== 'reviewed') return undefined;
      await refuseWhileVouchered(tx, row);
      // the stock comes back on the document's date: its period must be open too (and today's, where the void lands)
      await refuseClosedVoid(tx, {
        tenantId: c.user.tenantId,
        deptId: (row.deptId as string | null) ?? null,
        date: String(row.orderDate),
        voidDate: today(tz),
        action: `作废${def.title}`,
      });
      const cfg = await stockConfigFor(tx, c.user.tenantId, row.deptId as string | null);
      await applyVoid(tx, ledgerDoc(row), { allowNegative: cfg.allowNegativeStock, userId: c.user.userId });
      return undefined;
    },
  };
}

/**
 * A reviewed document whose voucher (its own, or a 结转销售成本 that took its cost) stands in a book is not voided:
 * the books would keep an entry for goods that never moved. The accountant deletes or reverses the voucher first, as
 * in the ERP systems yards know (单据已生成凭证，不能作废). Read from the finance tables directly (modules do not
 * import each other). No race with a generation: both it and the cost carry lock the document row this void holds.
 */
async function refuseWhileVouchered(tx: Tx, row: Row): Promise<void> {
  const found = await rows<{ word: string; no: number; period: string; book: string }>(
    tx,
    sql`select v.word, v.no, v.period, s.name as book
          from ${docVoucher} l
          join ${voucher} v on v.id = l.voucher_id
          join ${accountSet} s on s.id = l.account_set_id
         where l.order_id = ${row.id} and l.tenant_id = ${row.tenantId} and v.is_deleted = 0 and v.reversed_by_id is null
         order by v.period, v.no`,
  );
  if (!found.length) return;
  const list = found.map((v) => `${v.book} ${v.period} ${v.word}-${v.no}`).join('、');
  throw badRequest(`单据已生成凭证（${list}），请先删除或冲销凭证再作废`);
}

/** Inserts a draft document with its lines (the weighing module's in/out-stock); answers the row. */
export async function insertStockDoc(
  tx: Tx,
  ctx: CrudContext,
  user: AuthUser,
  deptId: string | null,
  docType: StockDocType,
  values: Row,
  lines: LineIn[],
  extra: Row = {},
): Promise<Row> {
  const p = await prepareStockDoc(tx, user.tenantId, docType, { ...values, deptId }, lines);
  const [row] = (await tx
    .insert(stockOrder)
    .values({
      tenantId: user.tenantId,
      deptId,
      createUser: user.userId,
      updateUser: user.userId,
      createDept: effectiveDept(user),
      orderNo: await drawOrderNo(tx, DOC_INFO[docType].kind, { tenantId: user.tenantId, tz: ctx.tz }),
      state: 'draft',
      warehouseId: values.warehouseId as string,
      orderDate: (values.orderDate as string) || today(ctx.tz),
      carNumber: (values.carNumber as string) ?? '',
      remark: (values.remark as string) ?? '',
      ...p.header,
      ...extra,
    } as never)
    .returning()) as Row[];
  await writeLines(tx, user.tenantId, row.id as string, p.lines);
  return row;
}

function detailRoute(db: Db, get: () => Resource, docType: StockDocType | null) {
  return async (req: FastifyRequest) => {
    const res = get();
    const user = await res.permit(req, 'view');
    const q = (req.query ?? {}) as Row;
    let id = String(q.id ?? '').trim();
    if (!id && q.orderNo) {
      const conds = [eq(stockOrder.orderNo, String(q.orderNo).trim()), tenantOf(user, stockOrder)];
      if (docType) conds.push(eq(stockOrder.docType, docType));
      const [r] = await db
        .select({ id: stockOrder.id })
        .from(stockOrder)
        .where(and(...conds))
        .limit(1);
      if (!r) throw badRequest(`${res.def.title}不存在`);
      id = r.id;
    }
    const row = await res.load(db, req, user, id);
    if (docType && row.docType !== docType) throw badRequest(`${res.def.title}不存在`);
    return ok({ ...res.entity(row, user), lines: await lineEntities(db, user.tenantId, id) });
  };
}

/** Registers every stock document resource with its life cycle; answers them by document type. */
export function registerStockDocuments(s: FastifyInstance, ctx: CrudContext): Map<StockDocType, Resource> {
  const { db } = ctx;
  const out = new Map<StockDocType, Resource>();
  for (const [docType, def] of Object.entries(STOCK_DOC_RESOURCES) as [StockDocType, ResourceDef][]) {
    const prepared = new WeakMap<SaveContext, PreparedLine[]>();
    const linesSchema = (def.schemas.form.shape as Record<string, z.ZodType>).lines;
    const guard = kindGuard('docType', [docType], def.title);
    const res: Resource = registerResource(s, ctx, def, stockOrder, {
      joins: docJoins,
      filters: docFilters,
      where: () => eq(stockOrder.docType, docType),
      beforeSave: async (tx, row, c) => {
        guard.checkUpdate(c.prev, c.isNew);
        if (!c.isNew && c.prev?.state !== 'draft') throw badRequest(`只能修改草稿状态的${def.title}`);
        const lines = parse(linesSchema, ((c.req.body ?? {}) as Row).lines) as LineIn[];
        const deptId = row.deptId ?? c.prev?.deptId ?? null;
        const p = await prepareStockDoc(tx, c.user.tenantId, docType, { ...row, deptId }, lines);
        Object.assign(row, p.header);
        if (c.isNew) {
          row.state = 'draft';
          row.orderNo = await drawOrderNo(tx, DOC_INFO[docType].kind, { tenantId: c.user.tenantId, tz: ctx.tz });
          if (!row.orderDate) row.orderDate = today(ctx.tz);
        }
        prepared.set(c, p.lines);
      },
      afterSave: async (tx, saved, c) => {
        await writeLines(tx, c.user.tenantId, saved.id as string, prepared.get(c) ?? []);
      },
      beforeRemove: async (tx, rows) => {
        await guard.beforeRemove(tx, rows);
        if (rows.some((r) => r.state !== 'draft')) {
          throw badRequest(`只能删除草稿状态的${def.title}，已提交或审核的请作废`);
        }
      },
      routes: { detail: detailRoute(db, () => res, docType), ...guard.writes(db, () => res) },
    });
    registerLifecycle(s, db, res, { ...stockDocLifecycle(def, ctx.tz), matches: guard.matches });
    out.set(docType, res);
  }
  // every document type, read only (全部入库单, business views)
  const all: Resource = registerResource(s, ctx, stockOrderAllResource, stockOrder, {
    joins: docJoins,
    filters: docFilters,
    routes: {
      submit: false,
      save: false,
      update: false,
      remove: false,
      detail: detailRoute(db, () => all, null),
    },
  });
  return out;
}
