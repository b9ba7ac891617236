// @vitest-environment node
/**
 * The home dashboard's business figures, the finance and tax wall screens' receivables / payables and invoices, the
 * opening 本年累计损益 in 本年利润, and the sites' map coordinates (issue 15) — through the real HTTP app on the demo
 * data, each figure against an independent SQL sum of its rows; a figure moves after an action.
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
const admin = () => apiOf(c);
const today = () => formatDate(new Date(), c.t.config.tz);
const q1 = async <T>(s: ReturnType<typeof sql>) => (await rows<T>(c.t.database.db, s))[0];
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0));

const trade = (types: [string, string], from: string, to: string) =>
  q1<{ v: string }>(
    sql`select coalesce(sum(case when o.doc_type = ${types[0]} then l.gross_amount else -l.gross_amount end), 0)::numeric(16,2)::text as v
      from izs_stock_order_line l join izs_stock_order o on o.id = l.order_id
      where o.tenant_id = '000000' and o.is_deleted = 0 and o.state = 'reviewed' and o.doc_type in (${types[0]}, ${types[1]})
        and o.order_date between ${from} and ${to}`,
  );
/** The demo book's company: its department and those below (the finance wall's scope, as 业财对账). */
const company = sql`dept_id in (select d.id from blade_dept d join izs_fin_account_set s on s.tenant_id = d.tenant_id
  where s.tenant_id = '000000' and s.is_deleted = 0
    and (d.id = s.dept_id or (',' || d.ancestors || ',') like '%,' || s.dept_id || ',%'))`;
const openDocs = (side: string, cmp: '<' | '<=', where = sql`true`) =>
  q1<{ v: string; n: number }>(
    sql`select coalesce(sum(amount - settled), 0)::numeric(16,2)::text as v, count(*)::int as n from izs_ar_doc
      where tenant_id = '000000' and is_deleted = 0 and side = ${side} and state = 'reviewed' and amount > settled
        and due_date <> '' and due_date ${sql.raw(cmp)} ${today()} and ${where}`,
  );

describe('home dashboard', () => {
  it('purchase, sale, vouchers, overdue receivables and due payables are the SQL sums', async () => {
    const r = await admin()(`${V}/dashboard`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.today).toBe(today());
    const month = `${today().slice(0, 7)}-01`;
    expect(d.purchase.today).toBe((await trade(['in_stock', 'purchase_return'], today(), today())).v);
    expect(d.purchase.month).toBe((await trade(['in_stock', 'purchase_return'], month, today())).v);
    // 本月销售额 of the metric registry (issue 21): the documents plus the reviewed 直发单
    const drops = await q1<{ v: string }>(
      sql`select coalesce(sum(sale_amount), 0)::numeric(16,2)::text as v from izs_drop_shipping
        where tenant_id = '000000' and is_deleted = 0 and state = 'reviewed' and order_date between ${month} and ${today()}`,
    );
    expect(d.sale.month).toBe(
      new Decimal((await trade(['out_stock', 'sale_return'], month, today())).v).plus(drops.v).toFixed(2),
    );
    expect(new Decimal(d.sale.month).gt(0)).toBe(true);
    const v = await q1<{ s: number; r: number }>(
      sql`select count(*) filter (where state = 'saved')::int as s, count(*) filter (where state = 'reviewed')::int as r
        from izs_fin_voucher where tenant_id = '000000' and is_deleted = 0`,
    );
    expect(d.vouchers).toEqual({ toReview: v.s, toPost: v.r });
    const ar = await openDocs('ar', '<');
    expect(d.receivablesOverdue).toEqual({ amount: ar.v, docs: ar.n });
    const ap = await openDocs('ap', '<=');
    expect(d.payablesDue).toEqual({ amount: ap.v, docs: ap.n });
    expect(d.trend).toHaveLength(7);
    expect(d.trend[6]).toEqual({ date: today(), purchase: d.purchase.today, sale: d.sale.today });
    // the purchase statement of today answers the same figure (the card's link)
    const st = await admin()('/api/izs-report/purchase', { query: { beginDate: today(), endDate: today() } });
    expect(st.body.data.total.amount).toBe(d.purchase.today);
  });

  it('a purchase reviewed today moves 今日采购额 by its amount', async () => {
    const before = (await admin()(`${V}/dashboard`)).body.data.purchase.today;
    const d = await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0005, qty: '10', unitPrice: '61000' }],
    });
    const after = (await admin()(`${V}/dashboard`)).body.data.purchase.today;
    // its stored 价税合计 (610.00 priced 不含税, 13 % on top), not the entered 610.00
    const doc = await q1<{ g: string }>(sql`select gross_amount::text as g from izs_stock_order where id = ${d.id}`);
    expect(doc.g).not.toBe('610.00');
    expect(new Decimal(after).minus(before).toFixed(2)).toBe(doc.g);
  });

  it('a user without the lists gets no figure for them', async () => {
    const r = await apiOf(c, c.clerk)(`${V}/dashboard`);
    expect(r.status).toBe(200);
    expect(r.body.data.vouchers).toBeNull();
    expect(r.body.data.purchase).toBeNull();
  });
});

describe('finance and tax wall screens', () => {
  it("receivables and payables of the book's company: 余额, open, 预收, overdue, aging add up, from the documents", async () => {
    const f = (await admin()(`${V}/finance`)).body.data;
    for (const [side, fig] of [
      ['ar', f.receivables],
      ['ap', f.payables],
    ] as const) {
      const open = await q1<{ v: string; n: number }>(
        sql`select coalesce(sum(amount - settled), 0)::numeric(16,2)::text as v, count(*)::int as n from izs_ar_doc
          where tenant_id = '000000' and is_deleted = 0 and side = ${side} and state = 'reviewed' and amount > settled
            and ${company}`,
      );
      const unapplied = await q1<{ v: string }>(
        sql`select coalesce(sum(amount - applied), 0)::numeric(16,2)::text as v from izs_ar_cash
          where tenant_id = '000000' and is_deleted = 0 and side = ${side} and state = 'reviewed' and kind <> 'refund'
            and ${company}`,
      );
      expect(fig.open).toBe(open.v);
      expect(fig.unapplied).toBe(unapplied.v);
      expect(fig.balance).toBe(new Decimal(open.v).minus(unapplied.v).toFixed(2));
      expect(fig.docs).toBe(open.n);
      expect(fig.aging.total).toBe(open.v);
      expect(sum([fig.aging.d0_30, fig.aging.d31_60, fig.aging.d61_90, fig.aging.d90p]).toFixed(2)).toBe(open.v);
      expect(fig.overdue).toBe((await openDocs(side, '<', company)).v);
      expect(new Decimal(sum(fig.top.map((p: { open: string }) => p.open))).lte(open.v)).toBe(true);
    }
    expect(new Decimal(f.receivables.open).gt(0)).toBe(true);
  });

  it('本年利润 adds the opening 本年累计损益 of a book started this year', async () => {
    const db = c.t.database.db;
    const before = (await admin()(`${V}/finance`)).body.data;
    const book = await q1<{ id: string; start: string }>(
      sql`select id::text as id, start_period as start from izs_fin_account_set where tenant_id = '000000' and is_deleted = 0 order by id limit 1`,
    );
    const year = today().slice(0, 4);
    expect(book.start.startsWith(year)).toBe(true);
    // a credit-side 损益 account (revenue) carried 5000.00 in, a debit-side one (expense) 1200.00: +3800.00
    const leaf = (direction: string) =>
      q1<{ code: string }>(
        sql`select a.code from izs_fin_account a where a.account_set_id = ${book.id} and a.is_deleted = 0
          and a.category = '损益' and a.direction = ${direction}
          and not exists (select 1 from izs_fin_account c where c.account_set_id = a.account_set_id
            and c.parent_code = a.code and c.is_deleted = 0)
          order by a.code limit 1`,
      );
    const rev = await leaf('credit');
    const exp = await leaf('debit');
    for (const [code, pl] of [
      [rev.code, '5000.00'],
      [exp.code, '1200.00'],
    ]) {
      await rows(
        db,
        sql`insert into izs_fin_opening (tenant_id, account_set_id, account_code, aux_key, ytd_pl)
          values ('000000', ${book.id}, ${code}, '', ${pl})
          on conflict (account_set_id, account_code, aux_key) do update set ytd_pl = excluded.ytd_pl`,
      );
    }
    const after = (await admin()(`${V}/finance`)).body.data;
    expect(after.profitYearOpening).toBe(new Decimal(before.profitYearOpening).plus('3800').toFixed(2));
    expect(new Decimal(after.profitYear).minus(before.profitYear).toFixed(2)).toBe('3800.00');
  });

  it('tax: invoice VAT by month, documents waiting for invoices, 反向开票 — from the invoice tables', async () => {
    const t = (await admin()(`${V}/tax/0`)).body.data;
    const year = today().slice(0, 4);
    const inv = await q1<{ o: string; i: string }>(
      sql`select coalesce(sum(tax_amount) filter (where direction = 'out'), 0)::numeric(16,2)::text as o,
          coalesce(sum(tax_amount) filter (where direction = 'in'), 0)::numeric(16,2)::text as i
        from izs_ar_invoice where tenant_id = '000000' and is_deleted = 0 and invoice_date like ${`${year}-%`}`,
    );
    expect(t.year.invoiceOutputVat).toBe(inv.o);
    expect(t.year.invoiceInputVat).toBe(inv.i);
    expect(new Decimal(inv.o).gt(0)).toBe(true);
    expect(sum(t.months.map((m: { invoiceOutputVat: string }) => m.invoiceOutputVat)).toFixed(2)).toBe(inv.o);
    const pend = await q1<{ n: number; v: string }>(
      sql`select count(*)::int as n, coalesce(sum(open), 0)::numeric(16,2)::text as v from (
          select o.gross_amount - coalesce((select sum(l.amount) from izs_ar_invoice_link l join izs_ar_invoice i on i.id = l.invoice_id
            where l.order_id = o.id and i.is_deleted = 0), 0) as open
          from izs_stock_order o where o.tenant_id = '000000' and o.is_deleted = 0 and o.state = 'reviewed' and o.doc_type = 'out_stock') x
        where open > 0`,
    );
    expect(t.invoices.salesDocs).toBe(pend.n);
    expect(t.invoices.salesAmount).toBe(pend.v);
    const rev = await q1<{ n: number }>(
      sql`select count(*)::int as n from izs_ar_invoice where tenant_id = '000000' and is_deleted = 0 and reverse = 1 and invoice_date like ${`${year}-%`}`,
    );
    expect(t.reverseInvoices.count).toBe(rev.n);
  });

  it('财务数据大屏: the months’ revenue and profit, and cash and bank after each, are the sums of the live voucher lines', async () => {
    const w = (await admin()(`${V}/finance`)).body.data;
    const ids = w.books.map((b: { accountSetId: string }) => b.accountSetId);
    expect(ids.length).toBeGreaterThan(0);
    const books = sql.join(
      ids.map((i: string) => sql`${i}::bigint`),
      sql`, `,
    );
    // straight from izs_fin_voucher_line (the screen reads the maintained period sums)
    const lines = await rows<{ period: string; revenue: string; profit: string; cash: string }>(
      c.t.database.db,
      sql`select l.period,
          coalesce(sum(l.credit - l.debit) filter (where t.name like '%业务收入' and l.carry_forward = 0), 0)::numeric(16,2)::text as revenue,
          coalesce(sum(l.credit - l.debit) filter (where t.category = '损益' and l.carry_forward = 0), 0)::numeric(16,2)::text as profit,
          coalesce(sum(l.debit - l.credit) filter (where l.account_code like '1001%' or l.account_code like '1002%'), 0)::text as cash
        from izs_fin_voucher_line l
        join izs_fin_account t on t.account_set_id = l.account_set_id and t.code = left(l.account_code, 4) and t.is_deleted = 0
        where l.tenant_id = '000000' and l.is_deleted = 0 and l.account_set_id in (${books})
        group by l.period order by l.period`,
    );
    const opening = await q1<{ v: string }>(
      sql`select coalesce(sum(balance), 0)::text as v from izs_fin_opening where tenant_id = '000000'
        and account_set_id in (${books}) and (account_code like '1001%' or account_code like '1002%')`,
    );
    const byPeriod = new Map(lines.map((l) => [l.period, l]));
    let moved = 0;
    for (const m of w.trend as { period: string; revenue: string; profit: string; cashAndBank: string }[]) {
      const l = byPeriod.get(m.period);
      if (l && (l.revenue !== '0.00' || l.profit !== '0.00')) moved++;
      expect(m.revenue, m.period).toBe(l?.revenue ?? '0.00');
      expect(m.profit, m.period).toBe(l?.profit ?? '0.00');
      const upTo = sum([opening.v, ...lines.filter((x) => x.period <= m.period).map((x) => x.cash)]);
      expect(m.cashAndBank, m.period).toBe(upTo.toFixed(2));
    }
    expect(moved).toBeGreaterThan(0);
    expect(new Decimal(w.cash).plus(w.bank).toFixed(2)).toBe(w.trend.at(-1).cashAndBank);
  });

  it('the finance statement shows the same receivables as the wall screen', async () => {
    const f = (await admin()('/api/izs-report/finance', { query: { year: today().slice(0, 4) } })).body.data;
    const w = (await admin()(`${V}/finance`)).body.data;
    expect(f.receivables).toEqual(w.receivables);
    expect(f.payables).toEqual(w.payables);
  });
});

describe('site coordinates on the map', () => {
  it('the demo sites have coordinates; saved ones show on the home screen; bad input is refused', async () => {
    const home = (await admin()(`${V}/home`)).body.data;
    const ck01 = home.sites.find((s: { warehouseId: string }) => s.warehouseId === c.wh.CK01);
    expect(ck01).toMatchObject({ lon: 121.844, lat: 29.899, province: '浙江省' });
    const saved = await admin()(`${V}/sites`, { body: { sites: [{ warehouseId: c.wh.T1, lon: 120.15, lat: 30.28 }] } });
    expect(saved.body).toMatchObject({ code: 200, data: { saved: 1 } });
    const again = (await admin()(`${V}/home`)).body.data;
    expect(again.sites.find((s: { warehouseId: string }) => s.warehouseId === c.wh.T1)).toMatchObject({
      lon: 120.15,
      lat: 30.28,
    });
    const cfg = (await admin()(`${V}/config`)).body.data;
    expect(cfg.options.warehouses.find((w: { id: string }) => w.id === c.wh.T1)).toMatchObject({ lon: 120.15 });
    const swapped = await admin()(`${V}/sites`, {
      body: { sites: [{ warehouseId: c.wh.T1, lon: 30.28, lat: 120.15 }] },
    });
    expect(swapped.body).toMatchObject({ code: 400, success: false, msg: '经度应在 73 到 136 之间（中国境内）' });
    const half = await admin()(`${V}/sites`, { body: { sites: [{ warehouseId: c.wh.T1, lon: 120.15, lat: null }] } });
    expect(half.body.msg).toBe('经度和纬度应同时填写或同时清空');
    const unknown = await admin()(`${V}/sites`, { body: { sites: [{ warehouseId: '999999999', lon: 120, lat: 30 }] } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '仓库不存在或已删除' });
    const cleared = await admin()(`${V}/sites`, { body: { sites: [{ warehouseId: c.wh.T1, lon: null, lat: null }] } });
    expect(cleared.body.code).toBe(200);
    const last = (await admin()(`${V}/home`)).body.data;
    expect(last.sites.find((s: { warehouseId: string }) => s.warehouseId === c.wh.T1)).toMatchObject({ lon: null });
  });
});
