/**
 * 供应链分析 and 综合报表 (analysis.contract.ts): purchases and sales from the lines of reviewed documents dated in
 * the period (returns net against them), opening/closing stock from the movements. Read only; the data scope of
 * each menu applies on the document's department (lines) and the stock row's department (movements, balances).
 */
import Decimal from 'decimal.js';
import {
  ANALYSIS,
  type AnalysisDay,
  type AnalysisMaterial,
  type AnalysisParty,
  type AnalysisSummary,
  ANALYSIS_CODES as CODES,
  type StatementRow,
} from '../../../core/contract/izs-stock/analysis.contract.ts';
import { rateFixed } from '../../../core/format/amounts.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import {
  type AnalysisQuery,
  type MovementSums,
  movementSums,
  partyNames,
  stockOnHand,
  type TradeLine,
  tradeLines,
} from './analysis-repository.ts';
import { QTY_PLACES } from './ledger.ts';
import { namesOf } from './stock-scope.ts';

const D = (v: unknown) => new Decimal(String(v ?? '0'));
const q3 = (v: Decimal.Value) => fixed(String(v), QTY_PLACES);
const m2 = (v: Decimal.Value) => fixed(String(v), 2);
/** Gross margin in percent (2 decimals), '' without sales. */
const marginOf = (profit: Decimal, sales: Decimal) => (sales.isZero() ? '' : rateFixed(profit.div(sales).times(100)));

/**
 * One grouped row of trade lines: signed so that returns count against purchases / sales. The amounts are the
 * documents' stored figures (issue 21): purchaseAmount / saleAmount the 价税合计 (as 今日采购额 and the 采购/销售报表),
 * purchaseNet / saleNet the 不含税金额 — 毛利 = saleNet − saleCost, and the stock roll-forward of 综合报表 takes the
 * purchases at purchaseNet (the stock is received at the 不含税金额).
 */
interface TradeSums {
  purchaseQty: Decimal;
  purchaseAmount: Decimal;
  purchaseNet: Decimal;
  saleQty: Decimal;
  saleAmount: Decimal;
  saleNet: Decimal;
  saleCost: Decimal;
}
const zero = (): TradeSums => ({
  purchaseQty: D(0),
  purchaseAmount: D(0),
  purchaseNet: D(0),
  saleQty: D(0),
  saleAmount: D(0),
  saleNet: D(0),
  saleCost: D(0),
});
function addLine(t: TradeSums, docType: string, r: { qty: string; amount: string; net: string; cost: string }): void {
  const sign = docType === 'purchase_return' || docType === 'sale_return' ? -1 : 1;
  if (docType === 'in_stock' || docType === 'purchase_return') {
    t.purchaseQty = t.purchaseQty.plus(D(r.qty).times(sign));
    t.purchaseAmount = t.purchaseAmount.plus(D(r.amount).times(sign));
    t.purchaseNet = t.purchaseNet.plus(D(r.net).times(sign));
  } else {
    t.saleQty = t.saleQty.plus(D(r.qty).times(sign));
    t.saleAmount = t.saleAmount.plus(D(r.amount).times(sign));
    t.saleNet = t.saleNet.plus(D(r.net).times(sign));
    t.saleCost = t.saleCost.plus(D(r.cost).times(sign));
  }
}

export function handleAnalysis(r: ReturnType<typeof endpoints>, ctx: CrudContext): void {
  r.handle(ANALYSIS.summary, analysisSummary(ctx));
  r.handle(ANALYSIS.statement, analysisStatement(ctx));
}

type KeySums = TradeSums & { purchaseDocs: number; saleDocs: number };
type MaterialNames = Awaited<ReturnType<typeof namesOf>>['mat'];

function byKey(rows: TradeLine[]) {
  const out = new Map<string, KeySums>();
  for (const r of rows) {
    const t = out.get(r.key) ?? { ...zero(), purchaseDocs: 0, saleDocs: 0 };
    addLine(t, r.docType ?? '', r);
    if (r.docType === 'in_stock') t.purchaseDocs += r.docs;
    if (r.docType === 'out_stock') t.saleDocs += r.docs;
    out.set(r.key, t);
  }
  return out;
}

function analysisSummary({ db }: CrudContext): Handler<typeof ANALYSIS.summary> {
  return async ({ query: q, user }) => {
    const [perMaterial, perParty, perDay] = [
      byKey(await tradeLines(db, user, CODES.summary, q, 'material')),
      await tradeLines(db, user, CODES.summary, q, 'party'),
      byKey(await tradeLines(db, user, CODES.summary, q, 'day')),
    ];
    const totals = totalsOf(perMaterial, perDay);
    const now = await stockOnHand(db, user, CODES.summary, q);
    const daily = dailyRows(q, perDay);
    const names = (await namesOf(db, user, [], [...perMaterial.keys()])).mat;
    const materials = topMaterials(perMaterial, names);
    const partyName = await partyNames(db, user, [...new Set(perParty.map((r) => r.key).filter(Boolean))]);

    const profit = totals.saleNet.minus(totals.saleCost);
    const out: AnalysisSummary = {
      totals: {
        purchaseQty: q3(totals.purchaseQty),
        purchaseAmount: m2(totals.purchaseAmount),
        purchaseDocs: totals.purchaseDocs,
        saleQty: q3(totals.saleQty),
        saleAmount: m2(totals.saleAmount),
        saleCost: m2(totals.saleCost),
        grossProfit: m2(profit),
        margin: marginOf(profit, totals.saleNet),
        saleDocs: totals.saleDocs,
        stockQty: q3(now?.qty ?? '0'),
        stockAmount: m2(now?.amount ?? '0'),
      },
      daily,
      materials,
      suppliers: topParties(perParty, partyName, 'purchase'),
      customers: topParties(perParty, partyName, 'sale'),
    };
    return out;
  };
}

/** The period's totals: the amounts over the materials, the document counts over the days. */
function totalsOf(perMaterial: Map<string, KeySums>, perDay: Map<string, KeySums>): KeySums {
  const totals = { ...zero(), purchaseDocs: 0, saleDocs: 0 };
  for (const t of perMaterial.values()) {
    for (const k of Object.keys(zero()) as (keyof TradeSums)[]) {
      totals[k] = totals[k].plus(t[k]);
    }
  }
  for (const t of perDay.values()) {
    totals.purchaseDocs += t.purchaseDocs;
    totals.saleDocs += t.saleDocs;
  }
  return totals;
}

/** One row per day of the period, zero on a day without trade. */
function dailyRows(q: AnalysisQuery, perDay: Map<string, KeySums>): AnalysisDay[] {
  const daily: AnalysisDay[] = [];
  for (let d = new Date(`${q.beginDate}T00:00:00Z`); d <= new Date(`${q.endDate}T00:00:00Z`); ) {
    const date = d.toISOString().slice(0, 10);
    const t = perDay.get(date) ?? zero();
    daily.push({
      date,
      purchaseQty: q3(t.purchaseQty),
      purchaseAmount: m2(t.purchaseAmount),
      saleQty: q3(t.saleQty),
      saleAmount: m2(t.saleAmount),
    });
    d = new Date(d.getTime() + 86_400_000);
  }
  return daily;
}

/** The ten materials with the most sales (then purchases). */
function topMaterials(perMaterial: Map<string, KeySums>, names: MaterialNames): AnalysisMaterial[] {
  return [...perMaterial.entries()]
    .sort(([, a], [, b]) => b.saleAmount.cmp(a.saleAmount) || b.purchaseAmount.cmp(a.purchaseAmount))
    .slice(0, 10)
    .map(([id, t]) => ({
      materialId: id,
      materialName: names.get(id)?.name ?? null,
      purchaseQty: q3(t.purchaseQty),
      purchaseAmount: m2(t.purchaseAmount),
      saleQty: q3(t.saleQty),
      saleAmount: m2(t.saleAmount),
      saleCost: m2(t.saleCost),
      grossProfit: m2(t.saleNet.minus(t.saleCost)),
    }));
}

/** The ten suppliers (purchase) or customers (sale) with the largest amounts, returns netted. */
function topParties(
  perParty: TradeLine[],
  partyName: Map<string, string | null>,
  side: 'purchase' | 'sale',
): AnalysisParty[] {
  const acc = new Map<string, { qty: Decimal; amount: Decimal; docs: number }>();
  for (const r of perParty) {
    const purchase = r.docType === 'in_stock' || r.docType === 'purchase_return';
    if (purchase !== (side === 'purchase') || !r.key) continue;
    const sign = r.docType === 'purchase_return' || r.docType === 'sale_return' ? -1 : 1;
    const a = acc.get(r.key) ?? { qty: D(0), amount: D(0), docs: 0 };
    a.qty = a.qty.plus(D(r.qty).times(sign));
    a.amount = a.amount.plus(D(r.amount).times(sign));
    if (sign > 0) a.docs += r.docs;
    acc.set(r.key, a);
  }
  return [...acc.entries()]
    .sort(([, a], [, b]) => b.amount.cmp(a.amount))
    .slice(0, 10)
    .map(([id, a]) => ({
      partyId: id,
      partyName: partyName.get(id) ?? null,
      qty: q3(a.qty),
      amount: m2(a.amount),
      docs: a.docs,
    }));
}

function analysisStatement({ db, tz }: CrudContext): Handler<typeof ANALYSIS.statement> {
  return async ({ query: q, user }) => {
    const trade = byKey(await tradeLines(db, user, CODES.statement, q, 'material'));
    // opening = movements before the first day, closing = movements to the end of the last day (as 收发存统计)
    const moves = await movementSums(db, tz, user, CODES.statement, q);
    const stockOf = new Map(moves.map((m) => [m.materialId, m]));

    const ids = [...new Set([...trade.keys(), ...stockOf.keys()])];
    const names = (await namesOf(db, user, [], ids)).mat;
    const rows = ids.map((id) => statementRow(id, trade.get(id) ?? zero(), stockOf.get(id), names));
    const quiet = (r: StatementRow) =>
      [r.openingQty, r.openingAmount, r.purchaseQty, r.saleQty, r.otherQty, r.closingQty, r.closingAmount].every((v) =>
        D(v).isZero(),
      );
    return rows.filter((x) => !quiet(x)).sort((a, b) => (a.materialCode ?? '').localeCompare(b.materialCode ?? ''));
  };
}

/** One material's line of 综合报表: opening, the period's trade, what else moved, closing. */
function statementRow(id: string, t: TradeSums, m: MovementSums | undefined, names: MaterialNames): StatementRow {
  const [oq, oa, cq, ca] = [m?.openingQty, m?.openingAmount, m?.closingQty, m?.closingAmount].map(D);
  const profit = t.saleNet.minus(t.saleCost);
  return {
    materialId: id,
    materialCode: names.get(id)?.code ?? null,
    materialName: names.get(id)?.name ?? null,
    openingQty: q3(oq),
    openingAmount: m2(oa),
    // a stock roll-forward: the trade at the 不含税金额 (the stock is received at it; VAT is not income)
    purchaseQty: q3(t.purchaseQty),
    purchaseAmount: m2(t.purchaseNet),
    saleQty: q3(t.saleQty),
    saleAmount: m2(t.saleNet),
    saleCost: m2(t.saleCost),
    grossProfit: m2(profit),
    margin: marginOf(profit, t.saleNet),
    // what the period's purchases and sales do not explain: sorting, conversion, returns' cost differences…
    otherQty: q3(cq.minus(oq).minus(t.purchaseQty).plus(t.saleQty)),
    otherAmount: m2(ca.minus(oa).minus(t.purchaseNet).plus(t.saleCost)),
    closingQty: q3(cq),
    closingAmount: m2(ca),
  };
}
