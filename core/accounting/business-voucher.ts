/**
 * Business-document vouchers (DESIGN §5 "Business documents generate vouchers from editable templates"): the
 * default templates of a book and the lines a template gives for one stock document.
 *
 * Guarantees:
 * - amounts are decimal, half-up to the fen; a document's 不含税金额 + 税额 = 含税金额 exactly (splitInclusive), and
 *   per-material lines share the document's net and tax by the materials' gross amounts with the leftover fen on
 *   the largest remainders, so they add up to the document figures exactly;
 * - lines whose amount is zero are left out (e.g. 税额 at rate 0); a template whose debit and credit sides would not
 *   balance for the document is reported, never "fixed";
 * - stock documents store their 不含税金额 / 税额 / 价税合计 per line (issue 21, core/stock/tax-basis.ts): a document
 *   whose lines carry them posts exactly those — the template's rate and 含税 switch only gave the defaults of new
 *   documents at save. Lines without them (a 直发单) take the amount as 不含税金额 with 税额 = round2(amount × rate)
 *   on top, or, with the template's `amountIncludesTax`, as 价税合计 split (splitInclusive). The rate is the
 *   template's ('auto' = vatRate for the book's 纳税人性质 at the document date).
 * - production documents (组装 / 拆解分拣 / 转换, issue 21) move value between materials: 'cost_out' is the cost the
 *   stock ledger booked on the document's out lines (its inputs), 'cost_in' on its in lines (its outputs, allocated
 *   fen-exact from the inputs at review, core/stock/allocation.ts), per material like every amount; a document whose
 *   two totals differ is refused with both figures, never posted unbalanced.
 */

import { moneyFixed } from '../format/amounts.ts';
import { type AmountInput, Decimal, dec, ZERO } from './amount.ts';
import { type Chart, findByName, findSubAccount, isLeaf, type TaxNature } from './chart.ts';
import { splitInclusive, taxOf, vatRate } from './vat.ts';

export type BizDocType =
  | 'in_stock'
  | 'out_stock'
  | 'purchase_return'
  | 'sale_return'
  | 'assembly'
  | 'disassembly'
  | 'conversion';
/** 'cost_in' / 'cost_out': the cost of the in / out lines only (production documents) */
export type BizAmountSource = 'gross' | 'net' | 'tax' | 'cost' | 'cost_in' | 'cost_out';

/** The production documents: value moves from the input materials (out lines) to the outputs (in lines). */
export const PRODUCTION_DOC_TYPES = ['assembly', 'disassembly', 'conversion'] as const;
export type ProductionDocType = (typeof PRODUCTION_DOC_TYPES)[number];
export const isProductionDocType = (t: string): t is ProductionDocType =>
  (PRODUCTION_DOC_TYPES as readonly string[]).includes(t);

export interface BizTemplateLine {
  summary?: string;
  accountCode: string;
  side: 'debit' | 'credit';
  amountSource: BizAmountSource;
  auxSource: 'none' | 'party';
  perMaterial: number;
}

export interface BizTemplate {
  name: string;
  docType: BizDocType;
  summary: string;
  taxRate: string;
  /** 1: the document amount is 价税合计; 0: 不含税 (tax on top) */
  amountIncludesTax: number;
  lines: BizTemplateLine[];
}

export const DOC_TYPE_NAMES: Record<BizDocType, string> = {
  in_stock: '采购入库',
  out_stock: '销售出库',
  purchase_return: '采购退货',
  sale_return: '销售退货',
  assembly: '组装',
  disassembly: '拆解分拣',
  conversion: '转换',
};

export interface BizDocLine {
  materialId: string;
  materialName: string;
  /** kg */
  qty: AmountInput;
  amount: AmountInput;
  /** cost booked at review (null → 0) */
  cost: AmountInput | null;
  /** in | out (a production document has both; 'cost_in' / 'cost_out' read the cost of one side) */
  direction?: string;
  /**
   * Issue 21: the line's stored 不含税金额 and 税额 (core/stock/tax-basis.ts, computed once at save). When every
   * line of a document has them, docFigures posts exactly these (gross = net + tax) and ignores the rate and the
   * template's 含税 switch; without them (a 直发单's one line) the amount is split by the rate as before.
   */
  net?: AmountInput;
  tax?: AmountInput;
}

export interface BizDoc {
  orderNo: string;
  docType: BizDocType;
  date: string;
  partyName: string;
  lines: BizDocLine[];
}

export interface BizVoucherLine {
  summary: string;
  code: string;
  debit: Decimal;
  credit: Decimal;
  party: boolean;
  /** set on per-material lines */
  materialId?: string;
  materialName?: string;
  /** kg of that material (per-material lines) or of the document */
  qtyKg: Decimal;
}

/** Splits `total` by `weights` to the fen (largest remainder); all zero weights → everything on the first. */
export function shareByWeights(total: AmountInput, weights: AmountInput[]): Decimal[] {
  const t = dec(total);
  const w = weights.map((x) => dec(x).abs());
  const sum = w.reduce((s, x) => s.plus(x), ZERO);
  if (w.length === 0) return [];
  if (sum.isZero()) return w.map((_, i) => (i === 0 ? t : ZERO));
  const sign = t.isNegative() ? -1 : 1;
  const cents = t.abs().times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const exact = w.map((x) => cents.times(x).div(sum));
  const floors = exact.map((x) => x.floor());
  let left = cents.minus(floors.reduce((s, x) => s.plus(x), ZERO)).toNumber();
  const order = exact
    .map((x, i) => ({ i, rem: x.minus(floors[i]) }))
    .sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    floors[o.i] = floors[o.i].plus(1);
    left -= 1;
  }
  return floors.map((c) => c.div(100).times(sign));
}

/** The rate a template applies to a document: 'auto' → vatRate (一般计税 13 % / 小规模 1 % or 3 % by date). */
export function templateRate(taxRate: string, taxNature: TaxNature, date: string): Decimal {
  return taxRate === 'auto' || taxRate === '' ? vatRate({ taxNature, date }) : dec(taxRate);
}

export interface DocFigures {
  gross: Decimal;
  net: Decimal;
  tax: Decimal;
  cost: Decimal;
  /** cost of the in lines / of the out lines */
  cost_in: Decimal;
  cost_out: Decimal;
  qtyKg: Decimal;
  materials: {
    materialId: string;
    materialName: string;
    gross: Decimal;
    net: Decimal;
    tax: Decimal;
    cost: Decimal;
    cost_in: Decimal;
    cost_out: Decimal;
    qtyKg: Decimal;
  }[];
}

/** Per-material cost of the in lines and of the out lines (materials in first-appearance order). */
function sideCosts(doc: BizDoc): Map<string, { cost_in: Decimal; cost_out: Decimal }> {
  const out = new Map<string, { cost_in: Decimal; cost_out: Decimal }>();
  for (const l of doc.lines) {
    const m = out.get(l.materialId) ?? { cost_in: ZERO, cost_out: ZERO };
    if (l.direction === 'in') m.cost_in = m.cost_in.plus(dec(l.cost ?? 0));
    if (l.direction === 'out') m.cost_out = m.cost_out.plus(dec(l.cost ?? 0));
    out.set(l.materialId, m);
  }
  return out;
}

/** Adds cost_in / cost_out (per material and in total) to figures computed without them. */
function withSideCosts(
  doc: BizDoc,
  f: Omit<DocFigures, 'cost_in' | 'cost_out' | 'materials'> & {
    materials: Omit<DocFigures['materials'][number], 'cost_in' | 'cost_out'>[];
  },
): DocFigures {
  const sides = sideCosts(doc);
  const materials = f.materials.map((m) => ({
    ...m,
    cost_in: sides.get(m.materialId)?.cost_in ?? ZERO,
    cost_out: sides.get(m.materialId)?.cost_out ?? ZERO,
  }));
  return {
    ...f,
    cost_in: materials.reduce((s, m) => s.plus(m.cost_in), ZERO),
    cost_out: materials.reduce((s, m) => s.plus(m.cost_out), ZERO),
    materials,
  };
}

/** Document totals and their per-material shares (materials in first-appearance order). */
export function docFigures(doc: BizDoc, rate: AmountInput, amountIncludesTax = false): DocFigures {
  return withSideCosts(doc, baseFigures(doc, rate, amountIncludesTax));
}

function baseFigures(doc: BizDoc, rate: AmountInput, amountIncludesTax: boolean) {
  if (doc.lines.length && doc.lines.every((l) => l.net !== undefined && l.tax !== undefined)) return storedFigures(doc);
  const byMat = new Map<
    string,
    { materialId: string; materialName: string; gross: Decimal; cost: Decimal; qtyKg: Decimal }
  >();
  for (const l of doc.lines) {
    const m = byMat.get(l.materialId) ?? {
      materialId: l.materialId,
      materialName: l.materialName,
      gross: ZERO,
      cost: ZERO,
      qtyKg: ZERO,
    };
    m.gross = m.gross.plus(dec(l.amount));
    m.cost = m.cost.plus(dec(l.cost ?? 0));
    m.qtyKg = m.qtyKg.plus(dec(l.qty));
    byMat.set(l.materialId, m);
  }
  const mats = [...byMat.values()];
  const gross = mats.reduce((s, m) => s.plus(m.gross), ZERO);
  const cost = mats.reduce((s, m) => s.plus(m.cost), ZERO);
  const qtyKg = mats.reduce((s, m) => s.plus(m.qtyKg), ZERO);
  if (!amountIncludesTax) {
    // the amount is 不含税: tax on the document total, shared by the materials' amounts
    const net = gross;
    const tax = taxOf(net, rate);
    const taxes = shareByWeights(
      tax,
      mats.map((m) => m.gross),
    );
    return {
      gross: net.plus(tax),
      net,
      tax,
      cost,
      qtyKg,
      materials: mats.map((m, i) => ({ ...m, net: m.gross, tax: taxes[i], gross: m.gross.plus(taxes[i]) })),
    };
  }
  const { amount: net, tax } = splitInclusive(gross, rate);
  const nets = shareByWeights(
    net,
    mats.map((m) => m.gross),
  );
  const taxes = nets.map((n, i) => mats[i].gross.minus(n));
  return {
    gross,
    net,
    tax,
    cost,
    qtyKg,
    materials: mats.map((m, i) => ({ ...m, net: nets[i], tax: taxes[i] })),
  };
}

/** The figures a document stored (every line has net and tax): per-material sums, gross = net + tax. */
function storedFigures(doc: BizDoc) {
  type M = Omit<DocFigures['materials'][number], 'cost_in' | 'cost_out'>;
  const byMat = new Map<string, M>();
  for (const l of doc.lines) {
    const m = byMat.get(l.materialId) ?? {
      materialId: l.materialId,
      materialName: l.materialName,
      gross: ZERO,
      net: ZERO,
      tax: ZERO,
      cost: ZERO,
      qtyKg: ZERO,
    };
    m.net = m.net.plus(dec(l.net ?? 0));
    m.tax = m.tax.plus(dec(l.tax ?? 0));
    m.gross = m.net.plus(m.tax);
    m.cost = m.cost.plus(dec(l.cost ?? 0));
    m.qtyKg = m.qtyKg.plus(dec(l.qty));
    byMat.set(l.materialId, m);
  }
  const materials = [...byMat.values()];
  const total = (k: 'gross' | 'net' | 'tax' | 'cost' | 'qtyKg') => materials.reduce((s, m) => s.plus(m[k]), ZERO);
  return {
    gross: total('gross'),
    net: total('net'),
    tax: total('tax'),
    cost: total('cost'),
    qtyKg: total('qtyKg'),
    materials,
  };
}

/** Replaces the summary tokens. */
export function fillSummary(pattern: string, doc: BizDoc, materialName = ''): string {
  return pattern
    .replaceAll('{单据类型}', DOC_TYPE_NAMES[doc.docType])
    .replaceAll('{单号}', doc.orderNo)
    .replaceAll('{往来单位}', doc.partyName)
    .replaceAll('{日期}', doc.date)
    .replaceAll('{物料}', materialName)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

export interface TemplateLinesResult {
  lines: BizVoucherLine[];
  problems: string[];
}

/**
 * The voucher lines of `template` for `doc` at `rate`. `subAccountOf(code, materialName, materialId)` resolves the
 * account of a per-material line (a sub-account named like the material, or the account itself when it is a leaf;
 * null → problem).
 */
export function templateLines(
  template: BizTemplate,
  doc: BizDoc,
  rate: AmountInput,
  subAccountOf: (code: string, materialName: string, materialId: string) => string | null,
): TemplateLinesResult {
  const f = docFigures(doc, rate, template.amountIncludesTax === 1);
  const problems: string[] = [];
  if (isProductionDocType(doc.docType) && !f.cost_in.eq(f.cost_out))
    problems.push(
      `${DOC_TYPE_NAMES[doc.docType]}单 ${doc.orderNo} 的产出成本 ${moneyFixed(f.cost_in)} 与投入成本 ${moneyFixed(f.cost_out)} 不相等，不能生成平衡的凭证`,
    );
  const lines: BizVoucherLine[] = [];
  template.lines.forEach((t, i) => {
    const pattern = t.summary?.trim() ? t.summary : template.summary;
    const put = (amount: Decimal, code: string, qtyKg: Decimal, materialId?: string, materialName?: string) => {
      if (amount.isZero()) return;
      lines.push({
        summary: fillSummary(pattern, doc, materialName ?? ''),
        code,
        debit: t.side === 'debit' ? amount : ZERO,
        credit: t.side === 'credit' ? amount : ZERO,
        party: t.auxSource === 'party',
        materialId,
        materialName,
        qtyKg,
      });
    };
    if (t.perMaterial === 1) {
      for (const m of f.materials) {
        const code = subAccountOf(t.accountCode, m.materialName, m.materialId);
        if (!code) {
          problems.push(`模板第 ${i + 1} 行：科目 ${t.accountCode} 下没有名为「${m.materialName}」的末级明细科目`);
          continue;
        }
        put(m[t.amountSource], code, m.qtyKg, m.materialId, m.materialName);
      }
    } else {
      put(f[t.amountSource], t.accountCode, f.qtyKg);
    }
  });
  const debit = lines.reduce((s, l) => s.plus(l.debit), ZERO);
  const credit = lines.reduce((s, l) => s.plus(l.credit), ZERO);
  if (lines.length === 0 || debit.isZero())
    problems.push(`单据 ${doc.orderNo} 按模板「${template.name}」生成的金额为零`);
  else if (!debit.eq(credit)) {
    problems.push(
      `单据 ${doc.orderNo} 按模板「${template.name}」借方 ${moneyFixed(debit)} ≠ 贷方 ${moneyFixed(credit)}，请检查模板的金额来源`,
    );
  }
  return { lines, problems };
}

/**
 * The leaf sub-account of `code` for a material, tried with each of `names` in turn (the material's name, then its
 * category and the category's parents): an exact or unique partial name (findSubAccount), else the unique leaf whose
 * name is contained in that name (重废钢 → 废钢). Answers `code` itself when it is a leaf.
 */
export function materialSubAccount(chart: Chart, code: string, names: string[]): string | null {
  if (!chart.byCode.has(code)) return null;
  if (isLeaf(chart, code)) return code;
  const leaves = chart.accounts.filter((a) => a.code !== code && a.code.startsWith(code) && isLeaf(chart, a.code));
  for (const name of names.filter(Boolean)) {
    const hit = findSubAccount(chart, code, name);
    if (hit && isLeaf(chart, hit.code)) return hit.code;
    const inside = leaves.filter((a) => name.includes(a.name));
    if (inside.length === 1) return inside[0].code;
  }
  return null;
}

/** A leaf for a default line: the account itself, or its only/first leaf below when it has sub-accounts. */
export function leafOf(chart: Chart, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (isLeaf(chart, code)) return code;
  return chart.accounts.find((a) => a.code.startsWith(code) && a.code !== code && isLeaf(chart, a.code))?.code;
}

/**
 * 应交税费-应交增值税-进项税额 / 销项税额 of a chart, found by name (codes differ per standard); a small-scale book
 * whose 应交增值税 has no sub-accounts books its output VAT on 应交增值税 itself.
 */
export function vatAccounts(chart: Chart): { input: string | undefined; output: string | undefined } {
  const taxes = findByName(chart, '应交税费');
  const vat = taxes ? findByName(chart, '应交增值税', taxes.code) : undefined;
  const input = vat ? findByName(chart, '进项税额', vat.code)?.code : undefined;
  const output = vat
    ? (findByName(chart, '销项税额', vat.code)?.code ?? (isLeaf(chart, vat.code) ? vat.code : undefined))
    : undefined;
  return { input, output };
}

/**
 * Default templates of a book, accounts found by name (codes differ per standard):
 * - 采购入库: 借 库存商品 (不含税; per material when 库存商品 has sub-accounts) + 应交税费-应交增值税-进项税额 (税额),
 *   贷 应付账款 [供应商] (含税). 小规模纳税人: input VAT is never deductible → 借 库存商品 含税.
 * - 销售出库: 借 应收账款 [客户] (含税), 贷 主营业务收入 (不含税) + 销项税额 (小规模: 应交增值税) (税额).
 * - 采购退货 / 销售退货: the same lines on the other side (销售退货 does not touch 主营业务成本: see costCarryAccounts).
 * Accounts missing from the chart leave the template out (answered in `skipped`).
 */
export function defaultTemplates(chart: Chart, taxNature: TaxNature): { templates: BizTemplate[]; skipped: string[] } {
  const skipped: string[] = [];
  const top = (name: string) => findByName(chart, name);
  const goods = top('库存商品');
  const goodsPerMaterial = !!goods && !isLeaf(chart, goods.code);
  const payable = leafOf(chart, top('应付账款')?.code);
  const receivable = leafOf(chart, top('应收账款')?.code);
  const revenue = leafOf(chart, top('主营业务收入')?.code);
  const { input, output } = vatAccounts(chart);
  const general = taxNature === 'general';
  const templates: BizTemplate[] = [];
  const goodsLine = (side: 'debit' | 'credit', amountSource: BizAmountSource): BizTemplateLine | null =>
    goods
      ? { accountCode: goods.code, side, amountSource, auxSource: 'none', perMaterial: goodsPerMaterial ? 1 : 0 }
      : null;
  const purchaseGoods = goodsLine('debit', 'net');
  if (purchaseGoods && payable) {
    const lines: BizTemplateLine[] = [purchaseGoods];
    if (general && input)
      lines.push({ accountCode: input, side: 'debit', amountSource: 'tax', auxSource: 'none', perMaterial: 0 });
    lines.push({ accountCode: payable, side: 'credit', amountSource: 'gross', auxSource: 'party', perMaterial: 0 });
    templates.push({
      name: '采购入库',
      docType: 'in_stock',
      summary: '采购入库 {单号} {往来单位}',
      // 小规模: input VAT is never deductible, goods at the document amount
      taxRate: general ? 'auto' : '0',
      amountIncludesTax: 0,
      lines,
    });
  } else skipped.push('采购入库（缺少库存商品或应付账款科目）');
  if (receivable && revenue && output) {
    templates.push({
      name: '销售出库',
      docType: 'out_stock',
      summary: '销售出库 {单号} {往来单位}',
      taxRate: 'auto',
      amountIncludesTax: 0,
      lines: [
        { accountCode: receivable, side: 'debit', amountSource: 'gross', auxSource: 'party', perMaterial: 0 },
        { accountCode: revenue, side: 'credit', amountSource: 'net', auxSource: 'none', perMaterial: 0 },
        { accountCode: output, side: 'credit', amountSource: 'tax', auxSource: 'none', perMaterial: 0 },
      ],
    });
  } else skipped.push('销售出库（缺少应收账款、主营业务收入或应交增值税科目）');
  // returns: the same accounts on the other side (the stock ledger takes a purchase return out at its amount)
  const flip = (t: BizTemplate | undefined, name: string, docType: BizDocType): BizTemplate | null =>
    t
      ? {
          ...t,
          name,
          docType,
          summary: `${name} {单号} {往来单位}`,
          lines: t.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' })),
        }
      : null;
  for (const r of [
    flip(
      templates.find((t) => t.docType === 'in_stock'),
      '采购退货',
      'purchase_return',
    ),
    flip(
      templates.find((t) => t.docType === 'out_stock'),
      '销售退货',
      'sale_return',
    ),
  ]) {
    if (r) templates.push(r);
  }
  return { templates, skipped };
}

/**
 * Default templates of the production documents (组装 / 拆解分拣 / 转换), once per book and kind: 借 库存商品 产出成本
 * (cost_in), 贷 库存商品 投入成本 (cost_out) — per material when 库存商品 has sub-accounts, so each material's
 * sub-account follows its stock; on a leaf 库存商品 the two lines cancel (the 存货 total does not move) and the
 * document is still vouchered. No party, no tax. A chart without 库存商品 gets none (answered in `skipped`).
 */
export function defaultProductionTemplates(chart: Chart): { templates: BizTemplate[]; skipped: string[] } {
  const goods = findByName(chart, '库存商品');
  if (!goods)
    return { templates: [], skipped: PRODUCTION_DOC_TYPES.map((t) => `${DOC_TYPE_NAMES[t]}（缺少库存商品科目）`) };
  const perMaterial = isLeaf(chart, goods.code) ? 0 : 1;
  const templates = PRODUCTION_DOC_TYPES.map(
    (docType): BizTemplate => ({
      name: DOC_TYPE_NAMES[docType],
      docType,
      summary: `${DOC_TYPE_NAMES[docType]} {单号} {物料}`,
      taxRate: '0',
      amountIncludesTax: 0,
      lines: [
        { accountCode: goods.code, side: 'debit', amountSource: 'cost_in', auxSource: 'none', perMaterial },
        { accountCode: goods.code, side: 'credit', amountSource: 'cost_out', auxSource: 'none', perMaterial },
      ],
    }),
  );
  return { templates, skipped: [] };
}

/** 结转销售成本 accounts: 主营业务成本 (5401 small / 6401 enterprise) and 库存商品 (per material when it has sub-accounts). */
export function costCarryAccounts(chart: Chart): {
  cost: string | undefined;
  goods: string | undefined;
  goodsPerMaterial: boolean;
} {
  const goods = findByName(chart, '库存商品');
  return {
    cost: leafOf(chart, findByName(chart, '主营业务成本')?.code),
    goods: goods?.code,
    goodsPerMaterial: !!goods && !isLeaf(chart, goods.code),
  };
}

/**
 * 应收单 / 应付单 that no stock document vouchers (issue 21: nothing owed is missing from the books): 直发销售 /
 * 直发采购 (a drop shipment's two sides), manual 应收单 / 应付单 and 运费 (a signed transport order's payable to the
 * carrier). Their voucher reads the document's stored 价税合计 / 不含税金额 / 税额 (gross / net / tax) — nothing is
 * recomputed — so 应收账款 / 应付账款 of the voucher is the 应收单 / 应付单 to the fen.
 */
export type ArDocKind = 'drop_sale' | 'drop_purchase' | 'ar_manual' | 'ap_manual' | 'freight';
export const AR_DOC_KIND_NAMES: Record<ArDocKind, string> = {
  drop_sale: '直发销售',
  drop_purchase: '直发采购',
  ar_manual: '手工应收单',
  ap_manual: '手工应付单',
  freight: '运费',
};
export const AR_DOC_KINDS = Object.keys(AR_DOC_KIND_NAMES) as ArDocKind[];
export const isArDocKind = (t: string): t is ArDocKind => t in AR_DOC_KIND_NAMES;

/** The template kind of a 应收单 / 应付单 (izs_ar_doc side + source_type), or null when a stock document vouchers it. */
export function arDocKindOf(side: string, sourceType: string): ArDocKind | null {
  if (sourceType === 'drop_sale' || sourceType === 'drop_purchase') return sourceType;
  // izs-logistical freight.ts FREIGHT_SOURCE
  if (sourceType === 'lg_freight' || sourceType === 'freight') return 'freight';
  if (sourceType === 'manual') return side === 'ar' ? 'ar_manual' : 'ap_manual';
  return null;
}

export interface ArDocTemplate extends Omit<BizTemplate, 'docType'> {
  docType: ArDocKind;
}

export interface ArDocForVoucher {
  orderNo: string;
  kind: ArDocKind;
  date: string;
  partyName: string;
  /** 价税合计 / 不含税金额 / 税额 as stored on the document */
  gross: AmountInput;
  net: AmountInput;
  tax: AmountInput;
}

/**
 * Default templates of the 应收单 / 应付单 kinds, accounts found by name:
 * - 直发销售 / 手工应收单: 借 应收账款 [客户] (含税), 贷 主营业务收入 (不含税) + 销项税额 (税额);
 * - 直发采购 / 手工应付单: 借 主营业务成本 (the goods never enter stock; 不含税) + 进项税额 (税额; 小规模: 成本 含税),
 *   贷 应付账款 [供应商] (含税);
 * - 运费: 借 销售费用 (含税), 贷 应付账款 [承运商] (含税).
 */
export function defaultArDocTemplates(
  chart: Chart,
  taxNature: TaxNature,
): { templates: ArDocTemplate[]; skipped: string[] } {
  const skipped: string[] = [];
  const leaf = (name: string) => leafOf(chart, findByName(chart, name)?.code);
  const receivable = leaf('应收账款');
  const payable = leaf('应付账款');
  const revenue = leaf('主营业务收入');
  const cost = leaf('主营业务成本');
  const selling = leaf('销售费用');
  const { input, output } = vatAccounts(chart);
  const general = taxNature === 'general';
  const line = (
    accountCode: string,
    side: 'debit' | 'credit',
    amountSource: BizAmountSource,
    party = false,
  ): BizTemplateLine => ({ accountCode, side, amountSource, auxSource: party ? 'party' : 'none', perMaterial: 0 });
  const templates: ArDocTemplate[] = [];
  const make = (docType: ArDocKind, lines: BizTemplateLine[]) =>
    templates.push({
      name: AR_DOC_KIND_NAMES[docType],
      docType,
      summary: `${AR_DOC_KIND_NAMES[docType]} {单号} {往来单位}`,
      taxRate: 'auto',
      amountIncludesTax: 1,
      lines,
    });
  for (const k of ['drop_sale', 'ar_manual'] as const) {
    if (receivable && revenue && output)
      make(k, [
        line(receivable, 'debit', 'gross', true),
        line(revenue, 'credit', 'net'),
        line(output, 'credit', 'tax'),
      ]);
    else skipped.push(`${AR_DOC_KIND_NAMES[k]}（缺少应收账款、主营业务收入或应交增值税科目）`);
  }
  for (const k of ['drop_purchase', 'ap_manual'] as const) {
    if (payable && cost)
      make(
        k,
        general && input
          ? [line(cost, 'debit', 'net'), line(input, 'debit', 'tax'), line(payable, 'credit', 'gross', true)]
          : [line(cost, 'debit', 'gross'), line(payable, 'credit', 'gross', true)],
      );
    else skipped.push(`${AR_DOC_KIND_NAMES[k]}（缺少主营业务成本或应付账款科目）`);
  }
  if (payable && selling) make('freight', [line(selling, 'debit', 'gross'), line(payable, 'credit', 'gross', true)]);
  else skipped.push('运费（缺少销售费用或应付账款科目）');
  return { templates, skipped };
}

/** The voucher lines of a 应收单 / 应付单 template: the document's stored figures, nothing recomputed. */
export function arDocTemplateLines(template: ArDocTemplate, doc: ArDocForVoucher): TemplateLinesResult {
  const f: Record<BizAmountSource, Decimal> = {
    gross: dec(doc.gross),
    net: dec(doc.net),
    tax: dec(doc.tax),
    cost: ZERO,
    cost_in: ZERO,
    cost_out: ZERO,
  };
  const problems: string[] = [];
  const lines: BizVoucherLine[] = [];
  template.lines.forEach((t, i) => {
    if (t.perMaterial === 1 || t.amountSource.startsWith('cost')) {
      problems.push(`模板第 ${i + 1} 行：「${AR_DOC_KIND_NAMES[doc.kind]}」没有物料明细和成本金额`);
      return;
    }
    const amount = f[t.amountSource];
    if (amount.isZero()) return;
    const pattern = t.summary?.trim() ? t.summary : template.summary;
    lines.push({
      summary: pattern
        .replaceAll('{单据类型}', AR_DOC_KIND_NAMES[doc.kind])
        .replaceAll('{单号}', doc.orderNo)
        .replaceAll('{往来单位}', doc.partyName)
        .replaceAll('{日期}', doc.date)
        .replaceAll('{物料}', '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200),
      code: t.accountCode,
      debit: t.side === 'debit' ? amount : ZERO,
      credit: t.side === 'credit' ? amount : ZERO,
      party: t.auxSource === 'party',
      qtyKg: ZERO,
    });
  });
  const debit = lines.reduce((s, l) => s.plus(l.debit), ZERO);
  const credit = lines.reduce((s, l) => s.plus(l.credit), ZERO);
  if (!problems.length) {
    if (lines.length === 0 || debit.isZero())
      problems.push(`单据 ${doc.orderNo} 按模板「${template.name}」生成的金额为零`);
    else if (!debit.eq(credit))
      problems.push(
        `单据 ${doc.orderNo} 按模板「${template.name}」借方 ${moneyFixed(debit)} ≠ 贷方 ${moneyFixed(credit)}，请检查模板的金额来源`,
      );
  }
  return { lines, problems };
}
