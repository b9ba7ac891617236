/**
 * 供应链分析 and 综合报表 (analysis.contract.ts): purchases and sales from the lines of reviewed documents dated in
 * the period (returns net against them), opening/closing stock from the movements. Read only; the data scope of
 * each menu applies on the document's department (lines) and the stock row's department (movements, balances).
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANALYSIS,
  type AnalysisDay,
  type AnalysisMaterial,
  type AnalysisParty,
  type AnalysisSummary,
  type analysisQuery,
  ANALYSIS_CODES as CODES,
  type StatementRow,
} from '../../../core/contract/izs-stock/analysis.contract.ts';
import { rateFixed } from '../../../core/format/amounts.ts';
import { relatedParty, stock, stockMovement, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';
import { QTY_PLACES } from './ledger.ts';
import { namesOf, scopeOn } from './stock-scope.ts';

const TRADE_DOCS = ['in_stock', 'purchase_return', 'out_stock', 'sale_return'];

const D = (v: unknown) => new Decimal(String(v ?? '0'));
const q3 = (v: Decimal.Value) => fixed(String(v), QTY_PLACES);
const m2 = (v: Decimal.Value) => fixed(String(v), 2);
/** Gross margin in percent (2 decimals), '' without sales. */
const marginOf = (profit: Decimal, sales: Decimal) => (sales.isZero() ? '' : rateFixed(profit.div(sales).times(100)));

type Query = z.output<typeof analysisQuery>;

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
  const { db, tz } = ctx;

  /** Trade lines of reviewed documents in the period, summed per (doc type, key). */
  async function tradeLines(user: AuthUser, code: string, q: Query, key: 'material' | 'party' | 'day') {
    const conds: (SQL | undefined)[] = [
      tenantOf(user, stockOrder),
      eq(stockOrder.state, 'reviewed'),
      inArray(stockOrder.docType, TRADE_DOCS),
      sql`${stockOrder.orderDate} between ${q.beginDate} and ${q.endDate}`,
      await scopeOn(db, user, code, stockOrder.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockOrderLine.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockOrderLine.materialId, q.materialId));
    const keyCol = { material: stockOrderLine.materialId, party: stockOrder.partyId, day: stockOrder.orderDate }[key];
    return db
      .select({
        key: sql<string>`coalesce(${keyCol}::text, '')`,
        docType: stockOrder.docType,
        qty: sql<string>`sum(${stockOrderLine.qty})`,
        amount: sql<string>`sum(${stockOrderLine.grossAmount})`,
        net: sql<string>`sum(${stockOrderLine.netAmount})`,
        cost: sql<string>`coalesce(sum(${stockOrderLine.costAmount}), 0)`,
        docs: sql<number>`count(distinct ${stockOrder.id})::int`,
      })
      .from(stockOrderLine)
      .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
      .where(and(...conds))
      .groupBy(sql`1`, stockOrder.docType);
  }

  function byKey(rows: Awaited<ReturnType<typeof tradeLines>>) {
    const out = new Map<string, TradeSums & { purchaseDocs: number; saleDocs: number }>();
    for (const r of rows) {
      const t = out.get(r.key) ?? { ...zero(), purchaseDocs: 0, saleDocs: 0 };
      addLine(t, r.docType ?? '', r);
      if (r.docType === 'in_stock') t.purchaseDocs += r.docs;
      if (r.docType === 'out_stock') t.saleDocs += r.docs;
      out.set(r.key, t);
    }
    return out;
  }

  const materialNames = async (user: AuthUser, ids: string[]) => (await namesOf(db, user, [], ids)).mat;

  r.handle(ANALYSIS.summary, async ({ query: q, user }) => {
    const [perMaterial, perParty, perDay] = [
      byKey(await tradeLines(user, CODES.summary, q, 'material')),
      await tradeLines(user, CODES.summary, q, 'party'),
      byKey(await tradeLines(user, CODES.summary, q, 'day')),
    ];

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
    const stockConds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stock.tenantId }),
      await scopeOn(db, user, CODES.summary, stock.deptId),
    ];
    if (q.warehouseId) stockConds.push(eq(stock.warehouseId, q.warehouseId));
    if (q.materialId) stockConds.push(eq(stock.materialId, q.materialId));
    const [now] = await db
      .select({
        qty: sql<string>`coalesce(sum(${stock.qty}), 0)`,
        amount: sql<string>`coalesce(sum(${stock.amount}), 0)`,
      })
      .from(stock)
      .where(and(...stockConds));

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

    const names = await materialNames(user, [...perMaterial.keys()]);
    const materials: AnalysisMaterial[] = [...perMaterial.entries()]
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

    const partyIds = [...new Set(perParty.map((r) => r.key).filter(Boolean))];
    const parties = partyIds.length
      ? await db
          .select({ id: relatedParty.id, name: relatedParty.name })
          .from(relatedParty)
          .where(and(tenantOf(user, { tenantId: relatedParty.tenantId }), inArray(relatedParty.id, partyIds)))
      : [];
    const partyName = new Map(parties.map((p) => [p.id, p.name]));
    const topParties = (side: 'purchase' | 'sale'): AnalysisParty[] => {
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
    };

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
      suppliers: topParties('purchase'),
      customers: topParties('sale'),
    };
    return out;
  });

  r.handle(ANALYSIS.statement, async ({ query: q, user }) => {
    const trade = byKey(await tradeLines(user, CODES.statement, q, 'material'));

    // opening = movements before the first day, closing = movements to the end of the last day (as 收发存统计)
    const begin = sql`(${q.beginDate}::date::timestamp at time zone ${tz})`;
    const end = sql`((${q.endDate}::date + 1)::timestamp at time zone ${tz})`;
    const conds: (SQL | undefined)[] = [
      tenantOf(user, { tenantId: stockMovement.tenantId }),
      lt(stockMovement.createTime, end as never),
      await scopeOn(db, user, CODES.statement, stockMovement.deptId),
    ];
    if (q.warehouseId) conds.push(eq(stockMovement.warehouseId, q.warehouseId));
    if (q.materialId) conds.push(eq(stockMovement.materialId, q.materialId));
    const before = sql`${stockMovement.createTime} < ${begin}`;
    const moves = await db
      .select({
        materialId: stockMovement.materialId,
        openingQty: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}) filter (where ${before}), 0)`,
        openingAmount: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}) filter (where ${before}), 0)`,
        closingQty: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}), 0)`,
        closingAmount: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}), 0)`,
      })
      .from(stockMovement)
      .where(and(...conds))
      .groupBy(stockMovement.materialId);
    const stockOf = new Map(moves.map((m) => [m.materialId, m]));

    const ids = [...new Set([...trade.keys(), ...stockOf.keys()])];
    const names = await materialNames(user, ids);
    const rows: StatementRow[] = ids.map((id) => {
      const t = trade.get(id) ?? zero();
      const m = stockOf.get(id);
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
    });
    const quiet = (r: StatementRow) =>
      [r.openingQty, r.openingAmount, r.purchaseQty, r.saleQty, r.otherQty, r.closingQty, r.closingAmount].every((v) =>
        D(v).isZero(),
      );
    return rows.filter((x) => !quiet(x)).sort((a, b) => (a.materialCode ?? '').localeCompare(b.materialCode ?? ''));
  });
}
