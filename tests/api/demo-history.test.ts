// @vitest-environment node
/**
 * The demo's year (issue 21, server/seed/history): a fresh demo database with SEED_HISTORY's book, then the history
 * loader drives the product's own commands. Afterwards 业财对账 of the demo book is clean in every period —
 * 应收账款 / 应付账款 / 存货 0.00, no record without its counterpart — and its 销项 / 进项 differences are the tax of
 * the documents not invoiced yet (none in a closed month); every month before the current one is closed and has
 * documents, vouchers and money records; the current month is open and today has reviewed purchases and sales.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { addMonths, type Period } from '../../core/accounting/index.ts';
import { RECON_PATHS, type ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { formatDate } from '../../server/platform/time.ts';
import { type HistoryResult, loadHistory } from '../../server/seed/history/index.ts';
import { findDemoSnapshot, readSnapshot } from '../../server/seed/history/snapshot.ts';
import { apiFor, FIN, okGet, okPost } from './finance-helpers.ts';
import { boot, login, type TestApp } from './helpers.ts';

// HISTORY_SCALE=10: the same checks on ten times the trucks a day (the busy yard's data set, smaller)
const SCALE = Number(process.env.HISTORY_SCALE ?? 1);
const TZ = process.env.TZ || 'Asia/Shanghai';
/**
 * The install's snapshot of the demo's year (npm's prepare, server/seed/history/snapshot.ts) when this code made it
 * today: the checks then run on what `npm start` opens, without loading the history again. Otherwise (PostgreSQL,
 * HISTORY_MONTHS or HISTORY_SCALE set, or no current snapshot) the loader runs here.
 */
const found = !process.env.DATABASE_URL && !process.env.HISTORY_MONTHS && SCALE === 1 ? findDemoSnapshot(12, TZ) : null;
const installed = found?.current && found.meta.result ? found : null;
// five months of our own: the demo seed's oldest 应收单 (100 days back) falls inside the book
const MONTHS = installed ? installed.meta.months : Number(process.env.HISTORY_MONTHS ?? 5);
// the checks read every document of the history: at scale 10 one takes over a minute on a busy machine
vi.setConfig({ testTimeout: 30_000 * SCALE });
let t: TestApp;
let h: HistoryResult;
let book: ReturnType<typeof apiFor>;
let bookId: string;
let companyId: string;
const today = formatDate(new Date(), TZ);
const current = today.slice(0, 7) as Period;

beforeAll(async () => {
  if (installed?.meta.result) {
    const database = await openDatabase({ snapshot: readSnapshot(installed) });
    t = await boot({ captchaMode: false, historyMonths: MONTHS }, database);
    h = installed.meta.result;
  } else {
    t = await boot({ captchaMode: false, historyMonths: MONTHS });
    h = await loadHistory(t.app, t.database.db, {
      months: MONTHS,
      scale: SCALE,
      adminPassword: 'admin',
      captchaMode: false,
      log: (m) => process.env.HISTORY_LOG && console.log(m),
    });
  }
  console.log(
    `history (${installed ? `the install's snapshot ${installed.file}` : 'loaded here'}): ${JSON.stringify({ ...h, periods: h.periods.length })}`,
  );
  const [b] = await rows<{ id: string; dept: string }>(
    t.database.db,
    sql`select s.id::text as id, s.dept_id::text as dept from izs_fin_account_set s
          join blade_dept d on d.id = s.dept_id where d.dept_name = '绿循再生资源有限公司' and s.is_deleted = 0`,
  );
  bookId = b.id;
  companyId = b.dept;
  const admin = (await login(t, 'admin')).access_token;
  book = apiFor({ t } as never, admin, companyId, bookId);
}, 600_000 * SCALE);
afterAll(async () => {
  await t?.close();
});

it('makes every month of the history, the current one last', () => {
  expect(h.periods).toHaveLength(MONTHS);
  expect(h.periods.at(-1)).toBe(current);
  expect(h.periods[0]).toBe(addMonths(current, -(MONTHS - 1)));
});

it(
  '业财对账 of the demo book is clean in every period; 销项 / 进项 differ by the tax not invoiced yet',
  async () => {
    for (const period of h.periods) {
      const r: ReconRun = await okPost(book, RECON_PATHS.run, { period });
      const seen = Object.fromEntries(r.checks.map((x) => [x.key, x.difference]));
      const detail = JSON.stringify({
        period,
        checks: r.checks.filter((x) => x.difference !== '0.00'),
        orphans: r.orphans,
      });
      expect([seen.ar, seen.ap, seen.stock], detail).toEqual(['0.00', '0.00', '0.00']);
      expect(r.orphans, detail).toEqual([]);
      // the tax of the company's documents of the period (vouchered, all of them) minus the tax of its invoices
      const [tax] = await rows<{ out: string; in: string; invOut: string; invIn: string }>(
        t.database.db,
        sql`with co as (select id from blade_dept where id = ${companyId} or (',' || ancestors || ',') like ${`%,${companyId},%`})
          select
            (select coalesce(sum(tax), 0) from izs_ar_doc where side = 'ar' and state = 'reviewed' and is_deleted = 0
               and to_char(doc_date::date, 'YYYY-MM') = ${period} and dept_id in (select id from co))::text as out,
            (select coalesce(sum(tax), 0) from izs_ar_doc where side = 'ap' and state = 'reviewed' and is_deleted = 0
               and to_char(doc_date::date, 'YYYY-MM') = ${period} and dept_id in (select id from co))::text as in,
            (select coalesce(sum(tax_amount), 0) from izs_ar_invoice where direction = 'out' and is_deleted = 0
               and to_char(invoice_date::date, 'YYYY-MM') = ${period} and dept_id in (select id from co))::text as "invOut",
            (select coalesce(sum(tax_amount), 0) from izs_ar_invoice where direction = 'in' and is_deleted = 0
               and to_char(invoice_date::date, 'YYYY-MM') = ${period} and dept_id in (select id from co))::text as "invIn"`,
      );
      const want = (a: string, b: string) => new Decimal(a).minus(b).toFixed(2);
      expect([seen.vatOut, seen.vatIn], detail).toEqual([want(tax.out, tax.invOut), want(tax.in, tax.invIn)]);
      // the loader invoices every document as it goes: none is left, this month included
      expect([seen.vatOut, seen.vatIn], detail).toEqual(['0.00', '0.00']);
      expect(r.clean, detail).toBe(true);
    }
  },
  300_000 * SCALE,
);

it('the months before the current one are closed and have history; today has reviewed purchases and sales', async () => {
  const list = await okGet(book, `${FIN}/period/list`);
  expect(list.closedThrough).toBe(addMonths(current, -1));
  expect(list.currentPeriod).toBe(current);
  for (const period of h.periods) {
    const [n] = await rows<{ docs: number; cash: number; vouchers: number }>(
      t.database.db,
      sql`select
            (select count(*) from izs_stock_order where state = 'reviewed' and is_deleted = 0
               and to_char(order_date::date, 'YYYY-MM') = ${period})::int as docs,
            (select count(*) from izs_ar_cash where state = 'reviewed' and is_deleted = 0
               and to_char(cash_date::date, 'YYYY-MM') = ${period})::int as cash,
            (select count(*) from izs_fin_voucher where account_set_id = ${bookId} and is_deleted = 0
               and period = ${period} and state = 'posted')::int as vouchers`,
    );
    expect(n.docs, `${period} documents`).toBeGreaterThan(5);
    expect(n.vouchers, `${period} vouchers`).toBeGreaterThan(5);
    if (period !== current) expect(n.cash, `${period} money records`).toBeGreaterThan(0);
  }
  const [d] = await rows<{ purchases: number; sales: number }>(
    t.database.db,
    sql`select count(*) filter (where doc_type = 'in_stock')::int as purchases,
               count(*) filter (where doc_type = 'out_stock')::int as sales
          from izs_stock_order where state = 'reviewed' and is_deleted = 0 and order_date = ${today}`,
  );
  expect(d.purchases).toBeGreaterThan(0);
  expect(d.sales).toBeGreaterThan(0);
  // 反向开票 of the natural person's purchases, issued in the closed months
  const [rev] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from izs_ar_reverse where state = 'issued' and month < ${current}`,
  );
  expect(rev.n).toBeGreaterThan(0);
  // no hand-written voucher: every voucher of the book came from a document, a money record or a period-end step
  const [manual] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from izs_fin_voucher v where v.account_set_id = ${bookId} and v.is_deleted = 0
          and v.kind = 'manual' and not exists (select 1 from izs_fin_doc_voucher l where l.voucher_id = v.id)`,
  );
  expect(manual.n).toBe(0);
  // the monthly 拆解分拣 (issue 21): vouchered from the book's template like every document, 借 = 贷, and 存货 of the
  // book compared per 库存商品 sub-account (the clean runs above)
  const sorts = await rows<{ no: string; debit: string; credit: string; lines: number }>(
    t.database.db,
    sql`select o.order_no as no, v.debit_total::text as debit, v.credit_total::text as credit,
               (select count(*)::int from izs_fin_voucher_line x where x.voucher_id = v.id and x.is_deleted = 0) as lines
          from izs_stock_order o
          join izs_fin_doc_voucher l on l.order_id = o.id and l.account_set_id = ${bookId} and l.purpose = 'doc'
          join izs_fin_voucher v on v.id = l.voucher_id and v.is_deleted = 0 and v.reversed_by_id is null
         where o.doc_type = 'disassembly' and o.state = 'reviewed' and o.is_deleted = 0 and o.dept_id = ${companyId}`,
  );
  // (a month with less than a tonne of 中型废钢 on hand sorts nothing: the first, and one more in a year)
  expect(sorts.length).toBeGreaterThanOrEqual(MONTHS - 2);
  for (const x of sorts) {
    expect(x.debit, x.no).toBe(x.credit);
    expect(x.lines, x.no).toBe(3);
  }
  const recon: ReconRun = await okPost(book, RECON_PATHS.run, { period: current });
  expect(recon.checks.find((x) => x.key === 'stock')?.ledger).toContain('按物料明细科目');
});

it('the purchases and sales come from truck-scale weighings, dated by the clock of their day', async () => {
  expect(h.weighings).toBeGreaterThan(MONTHS * 10 * SCALE);
  for (const period of h.periods) {
    const [n] = await rows<{ weighings: number; docs: number; unweighed: number; misdated: number }>(
      t.database.db,
      sql`select
            (select count(*) from izs_weighing_order where weigh_state = 'completed' and is_deleted = 0
               and to_char(complete_time at time zone 'Asia/Shanghai', 'YYYY-MM') = ${period})::int as weighings,
            (select count(*) from izs_stock_order where state = 'reviewed' and is_deleted = 0 and dept_id = ${companyId}
               and doc_type in ('in_stock', 'out_stock') and to_char(order_date::date, 'YYYY-MM') = ${period})::int as docs,
            (select count(*) from izs_stock_order where state = 'reviewed' and is_deleted = 0 and dept_id = ${companyId}
               and doc_type in ('in_stock', 'out_stock') and source_weighing_id is null
               and to_char(order_date::date, 'YYYY-MM') = ${period} and order_date < ${today})::int as unweighed,
            (select count(*) from izs_stock_order o join izs_weighing_order w on w.id = o.source_weighing_id
              where o.is_deleted = 0 and to_char(o.order_date::date, 'YYYY-MM') = ${period}
                and o.order_date <> to_char(w.complete_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD'))::int as misdated`,
    );
    expect(n.weighings, `${period} weighings`).toBeGreaterThan(5);
    expect(n.unweighed, `${period} documents not from a weighing`).toBe(0);
    expect(n.misdated, `${period} documents dated apart from their weighing`).toBe(0);
  }
});

it('fixed-asset cards from the first month, 计提折旧 of every closed month after it vouchered and posted', async () => {
  const [a] = await rows<{ cards: number; acquired: number }>(
    t.database.db,
    sql`select count(*)::int as cards,
               count(*) filter (where exists (select 1 from izs_fin_asset_change c join izs_fin_voucher v
                 on v.id = c.voucher_id and v.state = 'posted' where c.asset_id = a.id and c.kind = 'acquire'))::int as acquired
          from izs_fin_asset a where a.account_set_id = ${bookId} and a.is_deleted = 0`,
  );
  expect(a.cards).toBe(h.assetCards);
  expect(a.acquired).toBe(h.assetCards);
  const runs = await rows<{ period: string; state: string; total: string }>(
    t.database.db,
    sql`select r.period, v.state, r.total::text as total from izs_fin_depr_run r
          join izs_fin_voucher v on v.id = r.voucher_id and v.is_deleted = 0
         where r.account_set_id = ${bookId} and r.is_deleted = 0 order by r.period`,
  );
  // every closed month but the cards' first one
  expect(runs.map((x) => x.period)).toEqual(h.periods.slice(1, -1));
  for (const x of runs) {
    expect(x.state, x.period).toBe('posted');
    expect(Number(x.total), x.period).toBeGreaterThan(0);
  }
  expect(h.depreciations).toBe(runs.length);
});

it('a purchase and a sales contract, executed by the documents of every month', async () => {
  const list = await rows<{ id: string; side: string; state: string }>(
    t.database.db,
    sql`select id::text as id, side, state from izs_trading_contract where is_deleted = 0 and dept_id = ${companyId}
          and title like '%年度%' order by side`,
  );
  expect(list.map((x) => [x.side, x.state])).toEqual([
    ['purchase', 'executing'],
    ['sale', 'executing'],
  ]);
  expect(h.contracts).toBe(2);
  for (const x of list) {
    const full = await okGet(book, `/api/izs-sell/trading-contract/full`, { id: x.id });
    expect(Number(full.execution.executedQty), x.side).toBeGreaterThan(0);
    for (const period of h.periods.slice(0, -1)) {
      const [n] = await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from izs_stock_order where contract_id = ${x.id} and state = 'reviewed'
              and is_deleted = 0 and to_char(order_date::date, 'YYYY-MM') = ${period}`,
      );
      expect(n.n, `${x.side} ${period}`).toBeGreaterThan(0);
    }
  }
});

it('one 应收账款融资 drawn in the second month and repaid month by month', async () => {
  expect(h.financings).toBe(1);
  const [f] = await rows<{ id: string; start: string; principal: string }>(
    t.database.db,
    sql`select id::text as id, start_date as start, principal::text as principal from izs_finance_contract
          where is_deleted = 0 and trading_contract_id is not null order by id desc limit 1`,
  );
  expect(f.start.slice(0, 7)).toBe(h.periods[1]);
  const reps = await rows<{ date: string; principal: string }>(
    t.database.db,
    sql`select repay_date as date, principal::text as principal from izs_finance_repayment
          where contract_id = ${f.id} order by repay_date`,
  );
  expect(reps).toHaveLength(h.repayments);
  // one a month from the third month on (the current one included once past its 20th)
  expect(reps.length).toBeGreaterThanOrEqual(Math.min(6, MONTHS - 3));
  expect(new Set(reps.map((x) => x.date.slice(0, 7))).size).toBe(reps.length);
  // the 记账 of every month vouchered the drawdown and each repayment (融资放款 / 融资还款): each has its live voucher,
  // and their 短期借款 lines leave what is still owed
  const owed = reps.reduce((s, x) => s.minus(x.principal), new Decimal(f.principal));
  const [gl] = await rows<{ s: string; n: number }>(
    t.database.db,
    sql`select coalesce(sum(vl.credit - vl.debit) filter (where a.name = '短期借款'), 0)::text as s,
               count(distinct l.order_id)::int as n
          from izs_fin_doc_voucher l
          join izs_fin_voucher v on v.id = l.voucher_id and v.is_deleted = 0 and v.reversed_by_id is null
          join izs_fin_voucher_line vl on vl.voucher_id = v.id and vl.is_deleted = 0
          join izs_fin_account a on a.account_set_id = vl.account_set_id and a.code = vl.account_code
               and a.is_deleted = 0
         where l.account_set_id = ${bookId} and l.purpose = 'money'
           and (l.order_id = ${f.id} or l.order_id in (select id from izs_finance_repayment where contract_id = ${f.id}))`,
  );
  expect([gl.n, new Decimal(gl.s).toFixed(2)], '融资的凭证：单据数，短期借款余额').toEqual([
    1 + reps.length,
    owed.toFixed(2),
  ]);
});

it('the weekly quotes move: every month has them, each material more than one price', async () => {
  expect(h.quotes).toBeGreaterThan(MONTHS * 10 * 3);
  for (const period of h.periods) {
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from izs_material_quotes_order where is_deleted = 0
            and to_char(effective_start::date, 'YYYY-MM') = ${period}`,
    );
    expect(n.n, period).toBeGreaterThanOrEqual(10);
  }
  const prices = await rows<{ mat: string; type: string; n: number }>(
    t.database.db,
    sql`select material_id::text as mat, quote_type as type, count(distinct price)::int as n
          from izs_material_quotes_order where is_deleted = 0 and remark = '周报价' group by 1, 2`,
  );
  expect(prices).toHaveLength(10);
  for (const p of prices) expect(p.n, `${p.type} ${p.mat}`).toBeGreaterThan(1);
});

it('three 运输单 a closed month, each signed with its track and its freight payable', async () => {
  expect(h.transports).toBeGreaterThanOrEqual((MONTHS - 1) * 3);
  for (const period of h.periods.slice(0, -1)) {
    const list = await rows<{
      id: string;
      car: string;
      start: string;
      deliver: string;
      points: number;
      payable: number;
    }>(
      t.database.db,
      sql`select o.id::text as id, o.car_id::text as car, o.start_time::text as start, o.deliver_time::text as deliver,
                 (select count(*)::int from lg_position p where p.car_id = o.car_id
                    and p.time between o.start_time and o.deliver_time) as points,
                 (select count(*)::int from izs_ar_doc d where d.source_type = 'lg_freight' and d.source_id = o.id
                    and d.is_deleted = 0 and d.state = 'reviewed') as payable
            from lg_order o join lg_car c on c.id = o.car_id
           where o.is_deleted = 0 and o.state = 'signed' and c.plate = '浙B·L7721'
             and to_char(o.sign_time at time zone 'Asia/Shanghai', 'YYYY-MM') = ${period}`,
    );
    expect(list, period).toHaveLength(3);
    for (const o of list) {
      expect(o.points, `${period} ${o.id} track`).toBeGreaterThan(60);
      expect(o.payable, `${period} ${o.id} freight`).toBe(1);
    }
  }
  expect(h.positions).toBe(h.transports * 81);
});

it("documents of both tax bases: companies' 13 % on top and 含税, the natural person's 0 %", async () => {
  const bases = await rows<{ rate: string; incl: number; n: number }>(
    t.database.db,
    sql`select l.tax_rate::text as rate, l.price_includes_tax as incl, count(*)::int as n
          from izs_stock_order o join izs_stock_order_line l on l.order_id = o.id
         where o.doc_type in ('in_stock', 'out_stock') and o.state = 'reviewed' and o.is_deleted = 0
           and o.source_weighing_id is not null and o.dept_id = ${companyId}
         group by 1, 2 order by 1, 2`,
  );
  expect(bases.map((b) => [b.rate, b.incl])).toEqual([
    ['0.00', 1],
    ['13.00', 0],
    ['13.00', 1],
  ]);
});
