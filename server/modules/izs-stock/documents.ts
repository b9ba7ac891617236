/**
 * Stock documents through the resource engine (page, list, select-list, detail with lines, submit/save/update
 * of drafts, remove of drafts, export) plus their life cycle (lifecycle.ts) whose review and void apply the
 * stock effects (ledger.ts). Contract: core/contract/izs-stock/stock-order.contract.ts.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  STOCK_DOC_RESOURCES,
  type StockDocType,
  type stockLineForm,
  stockOrderAllResource,
} from '../../../core/contract/izs-stock/stock-order.contract.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { lineAmount, priceUnitOf } from '../../../core/stock/amount.ts';
import type { OrderKind } from '../../../core/stock/order-no.ts';
import { type Db, type Executor, rows, type Tx } from '../../db/client.ts';
import {
  accountSet,
  docVoucher,
  material,
  relatedParty,
  stockOrder,
  stockOrderLine,
  tradeOrder,
  voucher,
  warehouse,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  type CrudContext,
  fixed,
  type Resource,
  type Row,
  registerResource,
  type SaveContext,
} from '../../platform/crud/index.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { parse } from '../../platform/validate.ts';
import { stockConfigFor } from './business-config.ts';
import { linkedContract } from './contract-link.ts';
import { kindGuard } from './kind-guard.ts';
import { applyReview, applyVoid, type LedgerDoc, loadLines, QTY_PLACES } from './ledger.ts';
import { type LifecycleSpec, registerLifecycle } from './lifecycle.ts';
import { drawOrderNo, today } from './order-no.ts';

type LineIn = z.output<typeof stockLineForm>;

interface DocInfo {
  kind: OrderKind;
  partyLabel?: string;
  partyTypes?: string[];
  /** Fixed line direction (production documents: per line). */
  direction?: 'in' | 'out';
  production?: boolean;
  /** Returns: the document type returned from. */
  sourceDocType?: StockDocType;
  /** in/out-stock: the trade order kind delivered against. */
  orderKind?: 'purchase' | 'sale';
}

export const DOC_INFO: Record<StockDocType, DocInfo> = {
  in_stock: {
    kind: 'inStock',
    partyLabel: '供应商',
    partyTypes: ['supplier', 'both'],
    direction: 'in',
    orderKind: 'purchase',
  },
  out_stock: {
    kind: 'outStock',
    partyLabel: '客户',
    partyTypes: ['customer', 'both'],
    direction: 'out',
    orderKind: 'sale',
  },
  purchase_return: {
    kind: 'purchaseReturn',
    partyLabel: '供应商',
    partyTypes: ['supplier', 'both'],
    direction: 'out',
    sourceDocType: 'in_stock',
  },
  sale_return: {
    kind: 'saleReturn',
    partyLabel: '客户',
    partyTypes: ['customer', 'both'],
    direction: 'in',
    sourceDocType: 'out_stock',
  },
  assembly: { kind: 'assembly', production: true },
  disassembly: { kind: 'disassembly', production: true },
  conversion: { kind: 'conversion', production: true },
};

export interface PreparedLine {
  lineNo: number;
  direction: 'in' | 'out';
  materialId: string;
  warehouseId: string;
  qty: string;
  unitPrice: string;
  amount: string;
  ratio: string | null;
  sourceLineId: string | null;
  remark: string;
}

const live = <T extends { tenantId: unknown; isDeleted: unknown }>(t: T, tenantId: string) =>
  and(eq(t.tenantId as never, tenantId), eq(t.isDeleted as never, 0));

/**
 * Validates a document body against the database (every reference of the tenant and live, party of the right
 * kind, source order / document reviewed, line rules) and computes line amounts and totals. Throws 400 naming
 * the field (and the line) on the first problem; writes nothing.
 */
export async function prepareStockDoc(
  tx: Executor,
  tenantId: string,
  docType: StockDocType,
  values: Row,
  lines: LineIn[],
): Promise<{ header: Row; lines: PreparedLine[] }> {
  const info = DOC_INFO[docType];
  const whId = values.warehouseId as string;
  const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  const partyId = str(values.partyId);

  const [wh] = await tx
    .select({ id: warehouse.id })
    .from(warehouse)
    .where(and(eq(warehouse.id, whId), live(warehouse, tenantId)));
  if (!wh) throw badRequest('仓库不存在');

  if (info.partyLabel) {
    // returns always have a counterparty; in/out-stock when they are a purchase / a sale
    const needParty = docType.endsWith('return') || values.bizType === 'purchase' || values.bizType === 'sale';
    if (!partyId && needParty) throw badRequest(`请选择${info.partyLabel}`);
    if (partyId) {
      const [p] = await tx
        .select({ id: relatedParty.id, type: relatedParty.type })
        .from(relatedParty)
        .where(and(eq(relatedParty.id, partyId), live(relatedParty, tenantId)));
      if (!p || !info.partyTypes?.includes(p.type)) throw badRequest(`${info.partyLabel}不存在`);
    }
  }

  const sourceOrderId = info.orderKind ? str(values.sourceOrderId) : null;
  if (sourceOrderId) {
    const label = info.orderKind === 'purchase' ? '采购订单' : '销售订单';
    const [o] = await tx
      .select({ partyId: tradeOrder.partyId, state: tradeOrder.state, kind: tradeOrder.kind })
      .from(tradeOrder)
      .where(and(eq(tradeOrder.id, sourceOrderId), live(tradeOrder, tenantId)));
    if (!o || o.kind !== info.orderKind || o.state !== 'reviewed') throw badRequest(`${label}不存在或未审核`);
    if (partyId && o.partyId !== partyId) throw badRequest(`${label}的往来单位与单据不一致`);
  }

  const sourceDocId = info.sourceDocType ? str(values.sourceDocId) : null;
  if (sourceDocId) {
    const label = info.sourceDocType === 'in_stock' ? '原入库单' : '原出库单';
    const [d] = await tx
      .select({ partyId: stockOrder.partyId, state: stockOrder.state, docType: stockOrder.docType })
      .from(stockOrder)
      .where(and(eq(stockOrder.id, sourceDocId), live(stockOrder, tenantId)));
    if (!d || d.docType !== info.sourceDocType || d.state !== 'reviewed') throw badRequest(`${label}不存在或未审核`);
    if (partyId && d.partyId && d.partyId !== partyId) throw badRequest(`退货单位与${label}不一致`);
  }

  const matIds = [...new Set(lines.map((l) => l.materialId))];
  const whIds = [...new Set(lines.map((l) => l.warehouseId).filter((x): x is string => !!x))];
  const srcIds = info.sourceDocType
    ? [...new Set(lines.map((l) => l.sourceLineId).filter((x): x is string => !!x))]
    : [];
  const mats = matIds.length
    ? await tx
        .select({ id: material.id, priceUnit: material.priceUnit })
        .from(material)
        .where(and(inArray(material.id, matIds), live(material, tenantId)))
    : [];
  const whs = whIds.length
    ? await tx
        .select({ id: warehouse.id })
        .from(warehouse)
        .where(and(inArray(warehouse.id, whIds), live(warehouse, tenantId)))
    : [];
  const srcs = srcIds.length
    ? await tx
        .select({
          id: stockOrderLine.id,
          orderId: stockOrderLine.orderId,
          materialId: stockOrderLine.materialId,
          unitPrice: stockOrderLine.unitPrice,
          docType: stockOrder.docType,
          state: stockOrder.state,
        })
        .from(stockOrderLine)
        .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
        .where(
          and(inArray(stockOrderLine.id, srcIds), eq(stockOrderLine.tenantId, tenantId), eq(stockOrder.isDeleted, 0)),
        )
    : [];
  const matBy = new Map(mats.map((m) => [m.id, m]));
  const whSet = new Set(whs.map((w) => w.id));
  const srcBy = new Map(srcs.map((x) => [x.id, x]));
  const allocMethod = info.production ? String(values.allocMethod ?? 'weight') : '';

  const out: PreparedLine[] = lines.map((l, i) => {
    const n = i + 1;
    const m = matBy.get(l.materialId);
    if (!m) throw badRequest(`明细第${n}行：物料不存在`);
    const lineWh = l.warehouseId ?? whId;
    if (l.warehouseId && !whSet.has(l.warehouseId)) throw badRequest(`明细第${n}行：仓库不存在`);
    const direction = info.direction ?? l.direction;
    if (!direction) throw badRequest(`明细第${n}行：请选择方向(投入或产出)`);
    let price = l.unitPrice;
    let sourceLineId: string | null = null;
    if (info.sourceDocType && l.sourceLineId) {
      const s = srcBy.get(l.sourceLineId);
      if (
        !s ||
        s.docType !== info.sourceDocType ||
        s.state !== 'reviewed' ||
        s.materialId !== l.materialId ||
        (sourceDocId && s.orderId !== sourceDocId)
      ) {
        throw badRequest(`明细第${n}行：原单明细不存在`);
      }
      sourceLineId = s.id;
      if (new Decimal(price).isZero()) price = s.unitPrice;
    }
    let ratio: string | null = null;
    if (info.production && direction === 'in' && allocMethod === 'ratio') {
      if (!l.ratio || new Decimal(l.ratio).lte(0)) throw badRequest(`明细第${n}行：请填写分摊比例`);
      ratio = l.ratio;
    }
    return {
      lineNo: n,
      direction,
      materialId: l.materialId,
      warehouseId: lineWh,
      qty: new Decimal(l.qty).toFixed(QTY_PLACES),
      unitPrice: new Decimal(price).toFixed(2),
      amount: lineAmount(l.qty, price, priceUnitOf(m.priceUnit)),
      ratio,
      sourceLineId,
      remark: l.remark ?? '',
    };
  });

  if (info.production) {
    const ins = out.filter((l) => l.direction === 'in');
    const outs = out.filter((l) => l.direction === 'out');
    if (!outs.length) throw badRequest('请至少填写一行投入(出库)物料');
    if (!ins.length) throw badRequest('请至少填写一行产出(入库)物料');
    if (docType === 'disassembly' && outs.length !== 1) throw badRequest('拆解分拣单只能有一行投入物料');
    if (docType === 'conversion') {
      if (outs.length !== 1 || ins.length !== 1) throw badRequest('转换单需要一行转出物料和一行转入物料');
      if (outs[0].materialId === ins[0].materialId && outs[0].warehouseId === ins[0].warehouseId) {
        throw badRequest('转入物料不能与转出物料相同');
      }
    }
  }
  const sum = (ls: PreparedLine[], f: 'qty' | 'amount', p: number) =>
    ls.reduce((s, l) => s.plus(l[f]), new Decimal(0)).toFixed(p);
  const qtyLines = info.production ? out.filter((l) => l.direction === 'out') : out;
  const header: Row = {
    docType,
    bizType: info.production
      ? 'other'
      : docType === 'purchase_return'
        ? 'purchase'
        : docType === 'sale_return'
          ? 'sale'
          : String(values.bizType ?? (docType === 'in_stock' ? 'purchase' : 'sale')),
    partyId: info.partyLabel ? partyId : null,
    sourceOrderId,
    sourceDocId,
    contractId: await linkedContract(tx, tenantId, docType, partyId, values.contractId),
    allocMethod,
    totalQty: sum(qtyLines, 'qty', QTY_PLACES),
    totalAmount: sum(out, 'amount', 2),
  };
  return { header, lines: out };
}

/** Replaces the lines of a document. */
export async function writeLines(tx: Tx, tenantId: string, orderId: string, lines: PreparedLine[]): Promise<void> {
  await tx
    .delete(stockOrderLine)
    .where(and(eq(stockOrderLine.orderId, orderId), eq(stockOrderLine.tenantId, tenantId)));
  if (lines.length) await tx.insert(stockOrderLine).values(lines.map((l) => ({ ...l, tenantId, orderId })));
}

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
      costAmount: stockOrderLine.costAmount,
      ratio: stockOrderLine.ratio,
      sourceLineId: stockOrderLine.sourceLineId,
      remark: stockOrderLine.remark,
    })
    .from(stockOrderLine)
    .leftJoin(material, eq(material.id, stockOrderLine.materialId))
    .leftJoin(warehouse, eq(warehouse.id, stockOrderLine.warehouseId))
    .where(and(eq(stockOrderLine.orderId, orderId), eq(stockOrderLine.tenantId, tenantId)))
    .orderBy(asc(stockOrderLine.lineNo));
  return r.map((l) => ({
    ...l,
    qty: fixed(l.qty, QTY_PLACES),
    unitPrice: fixed(l.unitPrice, 2),
    amount: fixed(l.amount, 2),
    costAmount: l.costAmount === null ? null : fixed(l.costAmount, 2),
    ratio: l.ratio === null ? null : fixed(l.ratio, 4),
  }));
}

export const docJoins = {
  partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${stockOrder.partyId})`,
  warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${stockOrder.warehouseId})`,
  reviewerName: sql<string>`(select u.real_name from blade_user u where u.id = ${stockOrder.reviewer})`,
  createUserName: sql<string>`(select u.real_name from blade_user u where u.id = ${stockOrder.createUser})`,
  sourceWeighingNo: sql<string>`(select g.order_no from izs_weighing_order g where g.id = ${stockOrder.sourceWeighingId})`,
  sourceOrderNo: sql<string>`(select o.order_no from izs_trade_order o where o.id = ${stockOrder.sourceOrderId})`,
  sourceDocNo: sql<string>`(select d.order_no from izs_stock_order d where d.id = ${stockOrder.sourceDocId})`,
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
    return sql`exists (select 1 from izs_stock_order_line l where l.order_id = ${stockOrder.id} and l.material_id = ${id})`;
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
export function stockDocLifecycle(def: ResourceDef): LifecycleSpec {
  return {
    title: def.title,
    permission: def.permission,
    table: stockOrder,
    onReview: async (tx, row, c) => {
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
  const p = await prepareStockDoc(tx, user.tenantId, docType, values, lines);
  const [row] = (await tx
    .insert(stockOrder)
    .values({
      tenantId: user.tenantId,
      deptId,
      createUser: user.userId,
      updateUser: user.userId,
      createDept: effectiveDept(user),
      orderNo: await drawOrderNo(tx, user.tenantId, DOC_INFO[docType].kind, ctx.tz),
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
      const conds = [eq(stockOrder.orderNo, String(q.orderNo).trim()), live(stockOrder, user.tenantId)];
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
        const p = await prepareStockDoc(tx, c.user.tenantId, docType, row, lines);
        Object.assign(row, p.header);
        if (c.isNew) {
          row.state = 'draft';
          row.orderNo = await drawOrderNo(tx, c.user.tenantId, DOC_INFO[docType].kind, ctx.tz);
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
    registerLifecycle(s, db, res, { ...stockDocLifecycle(def), matches: guard.matches });
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
