/**
 * GET /api/izs-visual/operation — 运营数据中心: purchases, sales, cost and gross margin of reviewed documents by day
 * and material over the last `days` business days, stock per warehouse and material now, top parties.
 */
import type Decimal from 'decimal.js';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { stock, stockOrder, stockOrderLine, warehouse } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, D, kg3, materialNames, partyNames, pct2, yuan2 } from './common.ts';

const CODE = 'visual_operation_data';
const TRADE = ['in_stock', 'purchase_return', 'out_stock', 'sale_return'];

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

/** Reviewed trade lines in the period of the caller's scope, summed per key and doc type: the stored 价税合计
 * (`amount`) and 不含税金额 (`net`), never the entered line amount (issue 21). */
export async function tradeBy(db: Db, scope: SQL, begin: string, end: string, key: SQL) {
  return db
    .select({
      key: sql<string>`coalesce((${key})::text, '')`,
      docType: stockOrder.docType,
      qty: sql<string>`sum(${stockOrderLine.qty})`,
      amount: sql<string>`sum(${stockOrderLine.grossAmount})`,
      net: sql<string>`sum(${stockOrderLine.netAmount})`,
      cost: sql<string>`coalesce(sum(${stockOrderLine.costAmount}), 0)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        scope,
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, TRADE),
        sql`${stockOrder.orderDate} between ${begin} and ${end}`,
      ),
    )
    .groupBy(sql`1`, stockOrder.docType);
}

function fold(rows: Awaited<ReturnType<typeof tradeBy>>) {
  const m = new Map<string, Sums>();
  for (const r of rows) {
    const t = m.get(r.key) ?? zero();
    add(t, r.docType, r.qty, r.amount, r.net, r.cost);
    m.set(r.key, t);
  }
  return m;
}

export function registerOperation(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.operation, async ({ query, user }) => {
    const { today, daysAgo } = businessDay(tz);
    const begin = daysAgo(query.days - 1);
    const scope = await scopeOf(db, user, stockOrder, CODE);
    const [byDay, byMaterial, byParty] = await Promise.all([
      tradeBy(db, scope, begin, today, sql`${stockOrder.orderDate}`).then(fold),
      tradeBy(db, scope, begin, today, sql`${stockOrderLine.materialId}`).then(fold),
      tradeBy(db, scope, begin, today, sql`${stockOrder.partyId}`),
    ]);
    const stockScope = await scopeOf(db, user, stock, CODE);
    const stocks = await db
      .select({ warehouseId: stock.warehouseId, materialId: stock.materialId, qty: stock.qty, amount: stock.amount })
      .from(stock)
      .where(and(stockScope, sql`${stock.qty} <> 0`));
    const whs = await db
      .select({ id: warehouse.id, name: warehouse.name, capacityT: warehouse.capacityT })
      .from(warehouse)
      .where(await scopeOf(db, user, warehouse, CODE))
      .orderBy(warehouse.code);
    const matIds = [...byMaterial.keys(), ...stocks.map((s) => s.materialId)];
    const names = await materialNames(db, user.tenantId, matIds);
    const stockOfMaterial = new Map<string, Decimal>();
    for (const s of stocks) stockOfMaterial.set(s.materialId, (stockOfMaterial.get(s.materialId) ?? D(0)).plus(s.qty));

    const totals = zero();
    for (const t of byMaterial.values()) {
      totals.pq = totals.pq.plus(t.pq);
      totals.pa = totals.pa.plus(t.pa);
      totals.sq = totals.sq.plus(t.sq);
      totals.sa = totals.sa.plus(t.sa);
      totals.sn = totals.sn.plus(t.sn);
      totals.sc = totals.sc.plus(t.sc);
    }
    const daily = [];
    for (let i = query.days - 1; i >= 0; i--) {
      const date = daysAgo(i);
      daily.push({ date, ...out(byDay.get(date) ?? zero()) });
    }
    const materialKeys = new Set([...byMaterial.keys(), ...stockOfMaterial.keys()]);
    const materials = [...materialKeys]
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

    const parties = (purchase: boolean) => {
      const acc = new Map<string, { kg: Decimal; amount: Decimal }>();
      for (const p of byParty) {
        if (!p.key || (p.docType === 'in_stock' || p.docType === 'purchase_return') !== purchase) continue;
        const sign = p.docType.endsWith('_return') ? -1 : 1;
        const a = acc.get(p.key) ?? { kg: D(0), amount: D(0) };
        acc.set(p.key, { kg: a.kg.plus(D(p.qty).times(sign)), amount: a.amount.plus(D(p.amount).times(sign)) });
      }
      return [...acc.entries()].sort(([, a], [, b]) => b.amount.cmp(a.amount)).slice(0, 8);
    };
    const sup = parties(true);
    const cus = parties(false);
    const pn = await partyNames(
      db,
      user.tenantId,
      [...sup, ...cus].map(([k]) => k),
    );
    const party = ([k, a]: [string, { kg: Decimal; amount: Decimal }]) => ({
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
      warehouses: whs.map((w) => {
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
      }),
      suppliers: sup.map(party),
      customers: cus.map(party),
    };
  });
}
