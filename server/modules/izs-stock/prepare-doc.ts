/**
 * Preparing a stock document (documents.ts): every reference checked against the database (the tenant's live
 * rows, party of the right kind, source order / document reviewed, line rules), line amounts and totals; and the
 * write of its lines. Used by the resource hooks of documents.ts and by the weighing module (insertStockDoc).
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BizDocType } from '../../../core/accounting/business-voucher.ts';
import type { StockDocType, stockLineForm } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { decimalFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { lineAmount, priceUnitOf } from '../../../core/stock/amount.ts';
import type { OrderKind } from '../../../core/stock/order-no.ts';
import { docTaxFigures, lineTaxFigures } from '../../../core/stock/tax-basis.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { stockOrderLine } from '../../db/schema/index.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';
import { taxDefaultOf } from '../izs-financing/business-voucher-figures.ts';
import { linkedContract } from './contract-link.ts';
import { QTY_PLACES } from './ledger.ts';
import {
  type LineRefs,
  lineRefs,
  liveParty,
  liveStockDoc,
  liveTradeOrder,
  liveWarehouse,
} from './prepare-doc-repository.ts';

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

const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

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
  const partyId = str(values.partyId);

  const [wh] = await liveWarehouse(tx, tenantId, whId);
  if (!wh) throw badRequest('仓库不存在');

  /** a purchase from a seller without a taxpayer id (a natural person): no VAT, the price is what he is paid */
  let naturalSeller = false;
  if (info.partyLabel) naturalSeller = await checkParty(tx, tenantId, docType, info, values, partyId);

  const sourceOrderId = info.orderKind ? str(values.sourceOrderId) : null;
  if (sourceOrderId) await checkSourceOrder(tx, tenantId, info, sourceOrderId, partyId);

  const sourceDocId = info.sourceDocType ? str(values.sourceDocId) : null;
  if (sourceDocId) await checkSourceDoc(tx, tenantId, info, sourceDocId, partyId);

  const matIds = [...new Set(lines.map((l) => l.materialId))];
  const whIds = [...new Set(lines.map((l) => l.warehouseId).filter((x): x is string => !!x))];
  const srcIds = info.sourceDocType
    ? [...new Set(lines.map((l) => l.sourceLineId).filter((x): x is string => !!x))]
    : [];
  const refs = await lineRefs(tx, tenantId, matIds, whIds, srcIds);
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

  const lineCtx: LineContext = { info, whId, refs, sourceDocId, taxed, byDefault, allocMethod };
  const out: PreparedLine[] = lines.map((l, i) => prepareLine(l, i + 1, lineCtx));

  if (info.production) checkProductionLines(docType, out);
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

/** The document's party (required on returns and on a purchase / a sale), of the right kind; true for a seller without a taxpayer id. */
async function checkParty(
  tx: Executor,
  tenantId: string,
  docType: StockDocType,
  info: DocInfo,
  values: Row,
  partyId: string | null,
): Promise<boolean> {
  let naturalSeller = false;
  // returns always have a counterparty; in/out-stock when they are a purchase / a sale
  const needParty = docType.endsWith('return') || values.bizType === 'purchase' || values.bizType === 'sale';
  if (!partyId && needParty) throw badRequest(`请选择${info.partyLabel}`);
  if (partyId) {
    const [p] = await liveParty(tx, tenantId, partyId);
    if (!p || !info.partyTypes?.includes(p.type)) throw badRequest(`${info.partyLabel}不存在`);
    naturalSeller = TAXED[docType] === 'purchase' && !(p.taxpayerId ?? '').trim();
  }
  return naturalSeller;
}

/** The trade order delivered against: of the kind, reviewed, the same party. */
async function checkSourceOrder(
  tx: Executor,
  tenantId: string,
  info: DocInfo,
  sourceOrderId: string,
  partyId: string | null,
): Promise<void> {
  const label = info.orderKind === 'purchase' ? '采购订单' : '销售订单';
  const [o] = await liveTradeOrder(tx, tenantId, sourceOrderId);
  if (!o || o.kind !== info.orderKind || o.state !== 'reviewed') throw badRequest(`${label}不存在或未审核`);
  if (partyId && o.partyId !== partyId) throw badRequest(`${label}的往来单位与单据不一致`);
}

/** The document a return is from: of the type, reviewed, the same party. */
async function checkSourceDoc(
  tx: Executor,
  tenantId: string,
  info: DocInfo,
  sourceDocId: string,
  partyId: string | null,
): Promise<void> {
  const label = info.sourceDocType === 'in_stock' ? '原入库单' : '原出库单';
  const [d] = await liveStockDoc(tx, tenantId, sourceDocId);
  if (!d || d.docType !== info.sourceDocType || d.state !== 'reviewed') throw badRequest(`${label}不存在或未审核`);
  if (partyId && d.partyId && d.partyId !== partyId) throw badRequest(`退货单位与${label}不一致`);
}

/** What every line of a document is checked and priced against. */
interface LineContext {
  info: DocInfo;
  whId: string;
  refs: LineRefs;
  sourceDocId: string | null;
  taxed: boolean;
  byDefault: { ratePercent: Decimal; includesTax: boolean };
  allocMethod: string;
}

/** Line n: its references checked, its price (a return's from its source line), tax basis and amounts. */
function prepareLine(l: LineIn, n: number, c: LineContext): PreparedLine {
  const { info, refs, taxed, byDefault } = c;
  const m = refs.matBy.get(l.materialId);
  if (!m) throw badRequest(`明细第${n}行：物料不存在`);
  const lineWh = l.warehouseId ?? c.whId;
  if (l.warehouseId && !refs.whSet.has(l.warehouseId)) throw badRequest(`明细第${n}行：仓库不存在`);
  const direction = info.direction ?? l.direction;
  if (!direction) throw badRequest(`明细第${n}行：请选择方向(投入或产出)`);
  let price = l.unitPrice;
  let sourceLineId: string | null = null;
  let rate: Decimal.Value = byDefault.ratePercent;
  let incl = byDefault.includesTax;
  if (info.sourceDocType && l.sourceLineId) {
    const s = refs.srcBy.get(l.sourceLineId);
    if (
      !s ||
      s.docType !== info.sourceDocType ||
      s.state !== 'reviewed' ||
      s.materialId !== l.materialId ||
      (c.sourceDocId && s.orderId !== c.sourceDocId)
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
  if (info.production && direction === 'in' && c.allocMethod === 'ratio') {
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
}

/** A production document's inputs and outputs: at least one of each; disassembly one input; conversion one and one, not the same. */
function checkProductionLines(docType: StockDocType, out: PreparedLine[]): void {
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

/** Replaces the lines of a document. */
export async function writeLines(tx: Tx, tenantId: string, orderId: string, lines: PreparedLine[]): Promise<void> {
  await tx.delete(stockOrderLine).where(and(eq(stockOrderLine.orderId, orderId), tenantOnly(tenantId, stockOrderLine)));
  if (lines.length) await tx.insert(stockOrderLine).values(lines.map((l) => ({ ...l, tenantId, orderId })));
}
