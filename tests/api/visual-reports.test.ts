// @vitest-environment node
/**
 * Wall screens and reports (issue 15) through the real HTTP app on the demo data: every figure is checked against
 * an independent sum of the rows it comes from (weighings, document lines, stock, voucher lines), the statements
 * reconcile with the documents (rows add up to the total, the drill-down adds up to its row, closing stock = the
 * stock table, GB categories add up to the purchase statement) and bad input answers 400 in Chinese.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { formatDate } from '../../server/platform/time.ts';
import { apiOf, bootStock, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const V = '/api/izs-visual';
const R = '/api/izs-report';
const admin = () => apiOf(c);
const today = () => formatDate(new Date(), c.t.config.tz);
const q1 = async <T>(s: ReturnType<typeof sql>) => (await rows<T>(c.t.database.db, s))[0];
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0));

describe('wall screens', () => {
  it('home: today and month figures are the completed weighings of the server day', async () => {
    const r = await admin()(`${V}/home`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.today).toBe(today());
    const tz = c.t.config.tz;
    const exp = await q1<{ n: number; inkg: string; outkg: string; inamt: string }>(
      sql`select count(*)::int as n,
        coalesce(sum(net_weight) filter (where order_type = 'purchase'), 0)::numeric(14,3)::text as inkg,
        coalesce(sum(net_weight) filter (where order_type = 'sale'), 0)::numeric(14,3)::text as outkg,
        coalesce(sum(amount) filter (where order_type = 'purchase'), 0)::numeric(16,2)::text as inamt
        from izs_weighing_order where tenant_id = '000000' and is_deleted = 0 and weigh_state = 'completed'
        and (complete_time at time zone ${tz})::date = ${today()}::date`,
    );
    expect(exp.n).toBeGreaterThan(0);
    expect(d.todayFigures).toMatchObject({
      weighCount: exp.n,
      inNetKg: exp.inkg,
      outNetKg: exp.outkg,
      inAmount: exp.inamt,
    });
    expect(d.monthFigures.weighCount).toBeGreaterThanOrEqual(exp.n);
    // by material adds up to the month's tonnage
    expect(sum(d.materials.map((m: { monthInKg: string }) => m.monthInKg)).toFixed(3)).toBe(d.monthFigures.inNetKg);
    expect(d.ticker.length).toBeGreaterThan(0);
    expect(d.sites.length).toBeGreaterThan(0);
    expect(d.sites[0].province).toBe('浙江省');
    const st = await q1<{ q: string }>(
      sql`select coalesce(sum(qty), 0)::numeric(14,3)::text as q from izs_stock where tenant_id = '000000'`,
    );
    expect(sum(d.sites.map((x: { stockKg: string }) => x.stockKg)).toFixed(3)).toBe(st.q);
  });

  it('data board: one tile per weighbridge, today counts and the queue of first passes', async () => {
    const d = (await admin()(`${V}/data-board`)).body.data;
    const bridges = await q1<{ n: number }>(
      sql`select count(*)::int as n from izs_weighbridge where tenant_id = '000000' and is_deleted = 0`,
    );
    expect(d.bridges.length).toBe(bridges.n);
    const waiting = await q1<{ n: number }>(
      sql`select count(*)::int as n from izs_weighing_order where tenant_id = '000000' and is_deleted = 0 and weigh_state = 'first' and weighbridge_id is not null`,
    );
    expect(d.bridges.reduce((a: number, b: { queue: unknown[] }) => a + b.queue.length, 0)).toBe(waiting.n);
    const home = (await admin()(`${V}/home`)).body.data;
    expect(d.bridges.reduce((a: number, b: { todayCount: number }) => a + b.todayCount, 0)).toBe(
      home.todayFigures.weighCount,
    );
  });

  it('weighbridge order list and detail; bad params answer 400 in Chinese', async () => {
    const board = (await admin()(`${V}/data-board`)).body.data;
    const b = board.bridges.find((x: { todayCount: number }) => x.todayCount > 0);
    const list = (await admin()(`${V}/loadometer/0/${b.id}/orders`)).body.data;
    expect(list.totals.weighCount).toBe(b.todayCount);
    expect(list.totals.inNetKg).toBe(
      sum(
        list.orders
          .filter(
            (o: { orderType: string; weighState: string }) =>
              o.orderType === 'purchase' && o.weighState === 'completed',
          )
          .map((o: { netKg: string }) => o.netKg),
      ).toFixed(3),
    );
    const one = list.orders.find((o: { weighState: string }) => o.weighState === 'completed');
    const det = (await admin()(`${V}/loadometer/0/${b.id}/orders/${one.id}`)).body.data;
    expect(det.passes).toHaveLength(2);
    expect(new Decimal(det.grossKg).minus(det.tareKg).minus(det.deductionKg).toFixed(3)).toBe(det.netKg);
    const bad = await admin()(`${V}/loadometer/9/${b.id}/orders`);
    expect(bad.body).toMatchObject({ code: 400, success: false });
    expect(bad.body.msg).toContain('磅单类型');
  });

  it('operation: totals = Σ days = Σ materials, stock = the stock table', async () => {
    const d = (await admin()(`${V}/operation`, { query: { days: 30 } })).body.data;
    expect(d.daily).toHaveLength(30);
    expect(sum(d.daily.map((x: { purchaseAmount: string }) => x.purchaseAmount)).toFixed(2)).toBe(
      d.totals.purchaseAmount,
    );
    expect(sum(d.daily.map((x: { saleAmount: string }) => x.saleAmount)).toFixed(2)).toBe(d.totals.saleAmount);
    const st = await q1<{ q: string }>(
      sql`select coalesce(sum(qty), 0)::numeric(14,3)::text as q from izs_stock where tenant_id = '000000'`,
    );
    expect(d.totals.stockKg).toBe(st.q);
    expect(sum(d.warehouses.map((w: { stockKg: string }) => w.stockKg)).toFixed(3)).toBe(st.q);
    expect((await admin()(`${V}/operation`, { query: { days: 3 } })).body.msg).toBe('天数不能少于7');
  });

  it('finance and tax: from the voucher lines', async () => {
    const f = (await admin()(`${V}/finance`)).body.data;
    expect(f.books.length).toBeGreaterThan(0);
    const cash = await q1<{ v: string }>(
      sql`select ((select coalesce(sum(balance), 0) from izs_fin_opening where tenant_id = '000000' and account_code like '1001%')
        + (select coalesce(sum(debit - credit), 0) from izs_fin_voucher_line where tenant_id = '000000' and is_deleted = 0 and account_code like '1001%' and period <= ${today().slice(0, 7)}))::numeric(18,2)::text as v`,
    );
    expect(f.cash).toBe(cash.v);
    expect(new Decimal(f.receivables.open).gt(0)).toBe(true); // figures: tests/api/visual-money.test.ts
    const t = (await admin()(`${V}/tax/0`)).body.data;
    expect(sum(t.months.map((m: { outputVat: string }) => m.outputVat)).toFixed(2)).toBe(t.year.outputVat);
    const out = await q1<{ v: string }>(
      sql`select coalesce(sum(l.credit - l.debit), 0)::numeric(18,2)::text as v from izs_fin_voucher_line l
        join izs_fin_account a on a.account_set_id = l.account_set_id and a.code = l.account_code and a.is_deleted = 0
        where l.tenant_id = '000000' and l.is_deleted = 0 and a.name = '销项税额' and l.period like ${`${today().slice(0, 4)}-%`}`,
    );
    expect(t.year.outputVat).toBe(out.v);
  });

  it('quotes: the price in force today with its change', async () => {
    const d = (await admin()(`${V}/quotes`)).body.data;
    // the demo quotes run the current month (server/seed/base.ts): a price is in force on any day (they ran
    // through November 2026 only, and the screen was empty from December)
    expect(d.materials.length).toBeGreaterThan(0);
    for (const m of d.materials) {
      expect(m.series.at(-1).price).toBe(m.price);
      if (m.yesterday) expect(new Decimal(m.price).minus(m.yesterday).toFixed(2)).toBe(m.changeDay);
    }
  });

  it('config: defaults, saved per department, bad input refused', async () => {
    const g = (await admin()(`${V}/config`)).body.data;
    expect(g.config.screens.length).toBeGreaterThan(0);
    const deptId = g.deptId;
    const save = await admin()(`${V}/config`, {
      body: {
        deptId,
        screens: ['home', 'quote-data'],
        rotateSeconds: 30,
        refreshSeconds: 60,
        warehouseIds: [],
        weighbridgeIds: [],
        theme: 'green',
      },
    });
    expect(save.body.data.config).toMatchObject({ screens: ['home', 'quote-data'], rotateSeconds: 30, theme: 'green' });
    expect((await admin()(`${V}/config`, { query: { deptId } })).body.data.config.theme).toBe('green');
    const bad = await admin()(`${V}/config`, {
      body: {
        deptId,
        screens: [],
        rotateSeconds: 0,
        refreshSeconds: 60,
        warehouseIds: [],
        weighbridgeIds: [],
        theme: 'green',
      },
    });
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '请至少选择一个大屏' });
  });
});

describe('reports', () => {
  const period = () => ({ beginDate: `${today().slice(0, 4)}-01-01`, endDate: today() });

  it('purchase statement reconciles with the documents, by every dimension, and drills down', async () => {
    // one more reviewed purchase today, and a purchase return against it
    await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0005, qty: '100', unitPrice: '60000' }],
    });
    const docs = await q1<{ q: string; a: string }>(
      sql`select coalesce(sum(case when o.doc_type = 'in_stock' then l.qty else -l.qty end), 0)::numeric(14,3)::text as q,
        coalesce(sum(case when o.doc_type = 'in_stock' then l.gross_amount else -l.gross_amount end), 0)::numeric(16,2)::text as a
        from izs_stock_order_line l join izs_stock_order o on o.id = l.order_id
        where o.tenant_id = '000000' and o.is_deleted = 0 and o.state = 'reviewed' and o.doc_type in ('in_stock', 'purchase_return')
        and o.order_date between ${period().beginDate} and ${period().endDate}`,
    );
    for (const groupBy of ['material', 'party', 'warehouse', 'dept', 'day', 'month', 'gb']) {
      const r = (await admin()(`${R}/purchase`, { query: { ...period(), groupBy } })).body;
      expect(r.code, `${groupBy}: ${r.msg}`).toBe(200);
      expect(r.data.total.qtyKg).toBe(docs.q);
      expect(r.data.total.amount).toBe(docs.a);
      expect(sum(r.data.rows.map((x: { amount: string }) => x.amount)).toFixed(2)).toBe(docs.a);
    }
    const byMat = (await admin()(`${R}/purchase`, { query: { ...period(), groupBy: 'material' } })).body.data;
    const row = byMat.rows.find((x: { key: string }) => x.key === c.mat.WL0005);
    const drill = (
      await admin()(`${R}/documents`, { query: { ...period(), kind: 'purchase', groupBy: 'material', key: row.key } })
    ).body.data;
    expect(sum(drill.map((d: { amount: string }) => d.amount)).toFixed(2)).toBe(row.amount);
    expect(drill.every((d: { materialName: string }) => d.materialName === '光亮铜')).toBe(true);
    // GB: copper holds the copper
    const gb = (await admin()(`${R}/purchase`, { query: { ...period(), groupBy: 'gb' } })).body.data;
    expect(gb.rows.find((x: { key: string }) => x.key === 'copper').label).toBe('废铜');
  });

  it('sale statement: amount = 价税合计, gross profit = 不含税金额 − cost booked at review', async () => {
    const r = (await admin()(`${R}/sale`, { query: { ...period(), groupBy: 'party' } })).body.data;
    const sums = await q1<{ g: string; n: string }>(
      sql`select coalesce(sum(case when o.doc_type = 'out_stock' then l.gross_amount else -l.gross_amount end), 0)::numeric(16,2)::text as g,
        coalesce(sum(case when o.doc_type = 'out_stock' then l.net_amount else -l.net_amount end), 0)::numeric(16,2)::text as n
        from izs_stock_order_line l join izs_stock_order o on o.id = l.order_id
        where o.tenant_id = '000000' and o.is_deleted = 0 and o.state = 'reviewed' and o.doc_type in ('out_stock', 'sale_return')
        and o.order_date between ${period().beginDate} and ${period().endDate}`,
    );
    expect([r.total.amount, r.total.netAmount]).toEqual([sums.g, sums.n]);
    expect(new Decimal(r.total.netAmount).minus(r.total.cost).toFixed(2)).toBe(r.total.grossProfit);
    const cost = await q1<{ v: string }>(
      sql`select coalesce(sum(case when o.doc_type = 'out_stock' then l.cost_amount else -l.cost_amount end), 0)::numeric(16,2)::text as v
        from izs_stock_order_line l join izs_stock_order o on o.id = l.order_id
        where o.tenant_id = '000000' and o.is_deleted = 0 and o.state = 'reviewed' and o.doc_type in ('out_stock', 'sale_return')
        and o.order_date between ${period().beginDate} and ${period().endDate}`,
    );
    expect(r.total.cost).toBe(cost.v);
  });

  it('stock statement: closing = the stock table, opening + in − out = closing per row', async () => {
    const r = (await admin()(`${R}/stock`, { query: { ...period(), groupBy: 'warehouse' } })).body.data;
    const st = await q1<{ q: string; a: string }>(
      sql`select coalesce(sum(qty), 0)::numeric(14,3)::text as q, coalesce(sum(amount), 0)::numeric(16,2)::text as a from izs_stock where tenant_id = '000000'`,
    );
    expect(r.total.closingKg).toBe(st.q);
    expect(r.total.closingAmount).toBe(st.a);
    for (const x of r.rows) expect(new Decimal(x.openingKg).plus(x.inKg).minus(x.outKg).toFixed(3)).toBe(x.closingKg);
    const bad = (await admin()(`${R}/stock`, { query: { ...period(), groupBy: 'party' } })).body;
    expect(bad).toMatchObject({ code: 400, msg: '库存报表只能按物料、仓库、部门或国标类别统计' });
  });

  it('GB statistics add up to the purchase and sale statements of the year', async () => {
    const year = today().slice(0, 4);
    const g = (await admin()(`${R}/gb`, { query: { year } })).body.data;
    expect(g.categories.map((x: { name: string }) => x.name)).toContain('废钢铁');
    const p = (await admin()(`${R}/purchase`, { query: { beginDate: `${year}-01-01`, endDate: `${year}-12-31` } })).body
      .data;
    expect(sum(g.cells.map((x: { inKg: string }) => x.inKg)).toFixed(3)).toBe(p.total.qtyKg);
    expect(g.materials.find((m: { name: string }) => m.name === '重废钢').category).toBe('steel');
  });

  it('finance statement months, pending sources, bad periods', async () => {
    const f = (await admin()(`${R}/finance`, { query: { year: today().slice(0, 4) } })).body.data;
    expect(f.months).toHaveLength(12);
    const v = await admin()(`${V}/finance`);
    expect(f.months.find((m: { period: string }) => m.period === today().slice(0, 7)).profit).toBe(
      v.body.data.profitMonth,
    );
    // 物流报表 reads the logistics module (reconciled in tests/api/logistics-freight.test.ts)
    const lg = (await admin()(`${R}/logistics`, { query: { beginDate: today(), endDate: today() } })).body.data;
    expect(lg.total.label).toBe('合计');
    // 企业质押 reads supply-chain finance (tests/api/supply-chain-finance.test.ts reconciles it)
    expect((await admin()(`${R}/company-pledge`)).body.data.dayCount).toBe('ACT/360');
    const bad = (await admin()(`${R}/purchase`, { query: { beginDate: '2026-02-01', endDate: '2026-01-01' } })).body;
    expect(bad).toMatchObject({ code: 400, success: false, msg: '结束日期不能早于开始日期' });
    expect((await admin()(`${R}/finance`, { query: { year: '26' } })).body.msg).toBe('年度格式应为yyyy');
  });
});
