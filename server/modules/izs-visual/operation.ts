/**
 * GET /api/izs-visual/operation — 运营数据中心: purchases, sales, cost and gross margin of reviewed documents by day
 * and material over the last `days` business days, stock per warehouse and material now, top parties.
 */
import type Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { stock, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, D, kg3, materialNames, partyNames, pct2, yuan2 } from './common.ts';
import { type StockRow, scopedWarehouses, stockRows, type TradeRow, tradeBy } from './operation-repository.ts';

const CODE = 'visual_operation_data';

/** pa / sa: 价税合计 (what 今日采购额 / 销售额 count); sn: the sales' 不含税金额, what 毛利 is taken from (issue 21). */
interface Sums {
  pq: Decimal;
  pa: Decimal;
  sq: Decimal;
  sa: Decimal;
  sn: Decimal;
  sc: Decimal;
}
const zero = (): Sums => ({ pq: D(0), pa: D(0), sq: D(0), sa: D(0), sn: D(0), sc: D(0) });
function add(t: Sums, docType: string, qty: string, amount: string, net: string, cost: string) {
  const sign = docType.endsWith('_return') ? -1 : 1;
  if (docType === 'in_stock' || docType === 'purchase_return') {
    t.pq = t.pq.plus(D(qty).times(sign));
    t.pa = t.pa.plus(D(amount).times(sign));
  } else {
    t.sq = t.sq.plus(D(qty).times(sign));
    t.sa = t.sa.plus(D(amount).times(sign));
    t.sn = t.sn.plus(D(net).times(sign));
    t.sc = t.sc.plus(D(cost).times(sign));
  }
}
const out = (t: Sums) => ({
  purchaseKg: kg3(t.pq),
  purchaseAmount: yuan2(t.pa),
  saleKg: kg3(t.sq),
  saleAmount: yuan2(t.sa),
  saleCost: yuan2(t.sc),
  grossProfit: yuan2(t.sn.minus(t.sc)),
  margin: pct2(t.sn.minus(t.sc), t.sn),
});

function fold(rows: TradeRow[]) {
  const m = new Map<string, Sums>();
  for (const r of rows) {
    const t = m.get(r.key) ?? zero();
    add(t, r.docType, r.qty, r.amount, r.net, r.cost);
    m.set(r.key, t);
  }
  return m;
}

export function registerOperation(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.operation, operationData(db, tz));
}

type Names = Awaited<ReturnType<typeof materialNames>>;
type PartySum = [string, { kg: Decimal; amount: Decimal }];

function operationData(db: Db, tz: string): Handler<typeof VISUAL_ENDPOINTS.operation> {
  return async ({ query, user }) => {
    const { today, daysAgo } = businessDay(tz);
    const begin = daysAgo(query.days - 1);
    const scope = await scopeOf(db, user, stockOrder, CODE);
    const [byDay, byMaterial, byParty] = await Promise.all([
      tradeBy(db, scope, begin, today, sql`${stockOrder.orderDate}`).then(fold),
      tradeBy(db, scope, begin, today, sql`${stockOrderLine.materialId}`).then(fold),
      tradeBy(db, scope, begin, today, sql`${stockOrder.partyId}`),
    ]);
    const stockScope = await scopeOf(db, user, stock, CODE);
    const stocks = await stockRows(db, stockScope);
    const whs = await scopedWarehouses(db, user, CODE);
    const matIds = [...byMaterial.keys(), ...stocks.map((s) => s.materialId)];
    const names = await materialNames(db, user.tenantId, matIds);
    const stockOfMaterial = new Map<string, Decimal>();
    for (const s of stocks) stockOfMaterial.set(s.materialId, (stockOfMaterial.get(s.materialId) ?? D(0)).plus(s.qty));

    const totals = totalsOf(byMaterial);
    const daily = [];
    for (let i = query.days - 1; i >= 0; i--) {
      const date = daysAgo(i);
      daily.push({ date, ...out(byDay.get(date) ?? zero()) });
    }
    const materials = topMaterials(byMaterial, stockOfMaterial, names);
    const sup = topParties(byParty, true);
    const cus = topParties(byParty, false);
    const pn = await partyNames(
      db,
      user.tenantId,
      [...sup, ...cus].map(([k]) => k),
    );
    const party = ([k, a]: PartySum) => ({
      partyId: k,
      partyName: pn.get(k) ?? '',
      kg: kg3(a.kg),
      amount: yuan2(a.amount),
    });

    let stockKg = D(0);
    let stockAmount = D(0);
    for (const s of stocks) {
      stockKg = stockKg.plus(s.qty);
      stockAmount = stockAmount.plus(s.amount);
    }
    return {
      today,
      beginDate: begin,
      totals: { ...out(totals), stockKg: kg3(stockKg), stockAmount: yuan2(stockAmount) },
      daily,
      materials,
      warehouses: whs.map((w) => warehouseOf(w, stocks, names)),
      suppliers: sup.map(party),
      customers: cus.map(party),
    };
  };
}

/** The period's sums over all materials. */
function totalsOf(byMaterial: Map<string, Sums>): Sums {
  const totals = zero();
  for (const t of byMaterial.values()) {
    totals.pq = totals.pq.plus(t.pq);
    totals.pa = totals.pa.plus(t.pa);
    totals.sq = totals.sq.plus(t.sq);
    totals.sa = totals.sa.plus(t.sa);
    totals.sn = totals.sn.plus(t.sn);
    totals.sc = totals.sc.plus(t.sc);
  }
  return totals;
}

/** The 12 materials with the most trade (then stock). */
function topMaterials(byMaterial: Map<string, Sums>, stockOfMaterial: Map<string, Decimal>, names: Names) {
  const materialKeys = new Set([...byMaterial.keys(), ...stockOfMaterial.keys()]);
  return [...materialKeys]
    .filter((k) => k)
    .map((k) => ({
      materialId: k,
      materialName: names.get(k) ?? '',
      ...out(byMaterial.get(k) ?? zero()),
      stockKg: kg3(stockOfMaterial.get(k)),
    }))
    .sort(
      (a, b) =>
        D(b.saleAmount).plus(b.purchaseAmount).cmp(D(a.saleAmount).plus(a.purchaseAmount)) ||
        D(b.stockKg).cmp(D(a.stockKg)),
    )
    .slice(0, 12);
}

/** The 8 suppliers (purchase) or customers with the largest amounts, returns netted. */
function topParties(byParty: TradeRow[], purchase: boolean): PartySum[] {
  const acc = new Map<string, { kg: Decimal; amount: Decimal }>();
  for (const p of byParty) {
    if (!p.key || (p.docType === 'in_stock' || p.docType === 'purchase_return') !== purchase) continue;
    const sign = p.docType.endsWith('_return') ? -1 : 1;
    const a = acc.get(p.key) ?? { kg: D(0), amount: D(0) };
    acc.set(p.key, { kg: a.kg.plus(D(p.qty).times(sign)), amount: a.amount.plus(D(p.amount).times(sign)) });
  }
  return [...acc.entries()].sort(([, a], [, b]) => b.amount.cmp(a.amount)).slice(0, 8);
}

/** One warehouse: capacity, its stock and its materials by quantity. */
function warehouseOf(w: Awaited<ReturnType<typeof scopedWarehouses>>[number], stocks: StockRow[], names: Names) {
  const here = stocks.filter((s) => s.warehouseId === w.id);
  return {
    warehouseId: w.id,
    name: w.name,
    capacityKg: kg3(D(w.capacityT).times(1000)),
    stockKg: kg3(here.reduce((a, s) => a.plus(s.qty), D(0))),
    stockAmount: yuan2(here.reduce((a, s) => a.plus(s.amount), D(0))),
    materials: here
      .sort((a, b) => D(b.qty).cmp(D(a.qty)))
      .map((s) => ({ materialName: names.get(s.materialId) ?? '', stockKg: kg3(s.qty) })),
  };
}
