/**
 * Preparing a stock document (documents.ts): every reference checked against the database (the tenant's live
 * rows, party of the right kind, source order / document reviewed, line rules), line amounts and totals; and the
 * write of its lines. Used by the resource hooks of documents.ts and by the weighing module (insertStockDoc).
 */
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BizDocType } from '../../../core/accounting/business-voucher.ts';
import type { StockDocType, stockLineForm } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { decimalFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { lineAmount, priceUnitOf } from '../../../core/stock/amount.ts';
import type { OrderKind } from '../../../core/stock/order-no.ts';
import { docTaxFigures, lineTaxFigures } from '../../../core/stock/tax-basis.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { material, relatedParty, stockOrder, stockOrderLine, tradeOrder, warehouse } from '../../db/schema/index.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';
import { taxDefaultOf } from '../izs-financing/business-voucher-figures.ts';
import { linkedContract } from './contract-link.ts';
import { QTY_PLACES } from './ledger.ts';

export type LineIn = z.output<typeof stockLineForm>;

export interface DocInfo {
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
  /** issue 21: percent, 含税 switch and the three stored figures (core/stock/tax-basis.ts) */
  taxRate: string;
  priceIncludesTax: number;
  netAmount: string;
  taxAmount: string;
  grossAmount: string;
  ratio: string | null;
  sourceLineId: string | null;
  remark: string;
}

/** Document types that carry VAT (a party on the other side); production documents carry none. */
const TAXED: Partial<Record<StockDocType, 'purchase' | 'sale'>> = {
  in_stock: 'purchase',
  purchase_return: 'purchase',
  out_stock: 'sale',
  sale_return: 'sale',
};

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

  /** a purchase from a seller without a taxpayer id (a natural person): no VAT, the price is what he is paid */
  let naturalSeller = false;
  if (info.partyLabel) {
    // returns always have a counterparty; in/out-stock when they are a purchase / a sale
    const needParty = docType.endsWith('return') || values.bizType === 'purchase' || values.bizType === 'sale';
    if (!partyId && needParty) throw badRequest(`请选择${info.partyLabel}`);
    if (partyId) {
      const [p] = await tx
        .select({ id: relatedParty.id, type: relatedParty.type, taxpayerId: relatedParty.taxpayerId })
        .from(relatedParty)
        .where(and(eq(relatedParty.id, partyId), live(relatedParty, tenantId)));
      if (!p || !info.partyTypes?.includes(p.type)) throw badRequest(`${info.partyLabel}不存在`);
      naturalSeller = TAXED[docType] === 'purchase' && !(p.taxpayerId ?? '').trim();
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
          taxRate: stockOrderLine.taxRate,
          priceIncludesTax: stockOrderLine.priceIncludesTax,
          docType: stockOrder.docType,
          state: stockOrder.state,
        })
        .from(stockOrderLine)
        .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
        .where(
          and(inArray(stockOrderLine.id, srcIds), tenantOnly(tenantId, stockOrderLine), eq(stockOrder.isDeleted, 0)),
        )
    : [];
  const matBy = new Map(mats.map((m) => [m.id, m]));
  const whSet = new Set(whs.map((w) => w.id));
  const srcBy = new Map(srcs.map((x) => [x.id, x]));
  const allocMethod = info.production ? String(values.allocMethod ?? 'weight') : '';
  // issue 21: the tax basis a line takes when the body does not say (a return: its source line's)
  const taxed = !!TAXED[docType] && !!partyId && !naturalSeller;
  const byDefault = taxed
    ? await taxDefaultOf(
        tx,
        tenantId,
        str(values.deptId),
        docType as BizDocType,
        str(values.orderDate) ?? today(process.env.TZ || 'Asia/Shanghai'),
      ).catch((e: unknown) => {
        // e.g. a template's 'auto' rate that does not exist on the document date (vatRate's Chinese message)
        throw badRequest(`税率：${e instanceof Error ? e.message : String(e)}`);
      })
    : { ratePercent: new Decimal(0), includesTax: naturalSeller };

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
    let rate: Decimal.Value = byDefault.ratePercent;
    let incl = byDefault.includesTax;
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
      rate = s.taxRate;
      incl = s.priceIncludesTax === 1;
    }
    if (taxed && l.taxRate !== undefined) rate = l.taxRate;
    if (taxed && l.priceIncludesTax !== undefined) incl = l.priceIncludesTax === 1;
    if (!taxed) rate = 0;
    const amount = lineAmount(l.qty, price, priceUnitOf(m.priceUnit));
    const f = lineTaxFigures({ amount, ratePercent: rate, priceIncludesTax: incl });
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
      qty: weightFixed(l.qty, QTY_PLACES),
      unitPrice: priceFixed(price),
      amount,
      taxRate: decimalFixed(rate, 2),
      priceIncludesTax: incl ? 1 : 0,
      netAmount: f.net,
      taxAmount: f.tax,
      grossAmount: f.gross,
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
    decimalFixed(
      ls.reduce((s, l) => s.plus(l[f]), new Decimal(0)),
      p,
    );
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
    ...(() => {
      const f = docTaxFigures(out.map((l) => ({ net: l.netAmount, tax: l.taxAmount, gross: l.grossAmount })));
      return { netAmount: f.net, taxAmount: f.tax, grossAmount: f.gross };
    })(),
  };
  return { header, lines: out };
}

/** Replaces the lines of a document. */
export async function writeLines(tx: Tx, tenantId: string, orderId: string, lines: PreparedLine[]): Promise<void> {
  await tx.delete(stockOrderLine).where(and(eq(stockOrderLine.orderId, orderId), tenantOnly(tenantId, stockOrderLine)));
  if (lines.length) await tx.insert(stockOrderLine).values(lines.map((l) => ({ ...l, tenantId, orderId })));
}
