// @vitest-environment node
/**
 * One set of figures (issue 21) on the demo data: the metric registry answers every name with its label and
 * definition; 今日采购额 is the same number on the dashboard, the registry and the purchase report; 本月销售额 counts
 * the reviewed 直发单; an unknown name is refused naming it; the tax wall screen's menu link (/visual/tax/1, no such
 * book) opens the caller's default book; the finance wall screen carries the last 业财对账 run of each book.
 */
import Decimal from 'decimal.js';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECON_PATHS } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { METRIC_NAMES, METRICS } from '../../core/contract/izs-visual/metrics.contract.ts';
import { accountSet, dropShipping, relatedParty } from '../../server/db/schema/index.ts';
import { type BaseCtx, bootBase } from './base-suite.ts';
import { createBook } from './finance-helpers.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
const get = async (path: string, query?: Record<string, string>) => {
  const r = await call(c.t, path, { token: c.admin, query });
  expect(r.body?.code, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  c = await bootBase();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

describe('metric registry', () => {
  it('answers every metric with its label, definition and a decimal value', async () => {
    const list = await get('/api/izs-visual/metrics', { names: METRIC_NAMES.join(',') });
    expect(list.map((m: { name: string }) => m.name)).toEqual(METRIC_NAMES);
    for (const m of list) {
      expect(m.label).toBe(METRICS[m.name as keyof typeof METRICS].label);
      expect(m.definition.length).toBeGreaterThan(10);
      expect(m.value).toMatch(m.unit === 'yuan' ? /^-?\d+\.\d{2}$/ : /^-?\d+\.\d{3}$/);
    }
  });

  it('今日采购额 / 本月采购额 are the same number on the dashboard, the registry and the purchase report', async () => {
    const [pt, pm] = await get('/api/izs-visual/metrics', { names: 'purchaseAmountToday,purchaseAmountMonth' });
    const dash = await get('/api/izs-visual/dashboard');
    expect(Number(pt.value)).toBeGreaterThan(0); // the demo buys today
    expect(dash.purchase).toEqual({ today: pt.value, month: pm.value });
    const report = await get('/api/izs-report/purchase', { beginDate: dash.today, endDate: dash.today });
    expect(report.total.amount).toBe(pt.value);
    const month = await get('/api/izs-report/purchase', { beginDate: dash.monthStart, endDate: dash.today });
    expect(month.total.amount).toBe(pm.value);
  });

  it('本月销售额 counts the reviewed 直发单 (they wrote 应收单 too)', async () => {
    const [sm] = await get('/api/izs-visual/metrics', { names: 'saleAmountMonth' });
    const dash = await get('/api/izs-visual/dashboard');
    const docs = await get('/api/izs-report/sale', { beginDate: dash.monthStart, endDate: dash.today });
    const [drops] = await c.t.database.db
      .select({ v: sql<string>`coalesce(sum(${dropShipping.saleAmount}), 0)::text` })
      .from(dropShipping)
      .where(
        and(
          eq(dropShipping.state, 'reviewed'),
          eq(dropShipping.isDeleted, 0),
          gte(dropShipping.orderDate, dash.monthStart),
          lte(dropShipping.orderDate, dash.today),
        ),
      );
    expect(Number(drops.v)).toBeGreaterThan(0); // the demo has a reviewed 直发单 this month
    expect(Math.round(Number(sm.value) * 100)).toBe(
      Math.round(Number(docs.total.amount) * 100) + Math.round(Number(drops.v) * 100),
    );
    expect(dash.sale.month).toBe(sm.value);
  });

  it('an unknown metric is refused naming it', async () => {
    const r = await call(c.t, '/api/izs-visual/metrics', {
      token: c.admin,
      query: { names: 'purchaseAmountToday,nope' },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('指标名称「nope」不存在');
    const r2 = await call(c.t, '/api/izs-visual/metrics', { token: c.admin, query: { names: '' } });
    expect(r2.status).toBe(400);
  });
});

describe('wall screens', () => {
  it('税务大屏 from the menu (/visual/tax/1, no such book) opens the default book', async () => {
    const [demo] = await c.t.database.db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const tax = await get('/api/izs-visual/tax/1');
    expect(tax.books.map((b: { name: string }) => b.name)).toEqual(['绿循再生 总账']);
    const direct = await get(`/api/izs-visual/tax/${demo.id}`);
    expect(tax.year).toEqual(direct.year);
    expect(tax.reverseInvoices).toEqual(direct.reverseInvoices);
  });

  it('财务数据大屏 carries the last 业财对账 run (not clean on the demo)', async () => {
    const before = await get('/api/izs-visual/finance');
    expect(before.reconcile).toEqual([]);
    const [demo] = await c.t.database.db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const detail = await get('/api/izs-financing/account-set/detail', { id: demo.id });
    // a 预收: money received from a customer and not settled against any 应收单 yet
    const [kh] = await c.t.database.db
      .select({ id: relatedParty.id })
      .from(relatedParty)
      .where(eq(relatedParty.code, 'KH001'));
    const cash = await call(c.t, '/api/izs-finance-ar/cash/create', {
      token: c.admin,
      method: 'POST',
      body: {
        side: 'ar',
        partyId: kh.id,
        accountType: 'cash',
        method: 'cash',
        cashDate: (await get('/api/izs-visual/dashboard')).today,
        amount: '800',
        auto: false,
      },
      headers: { 'Current-Dept-Id': demo.deptId ?? '' },
    });
    expect(cash.body.code, JSON.stringify(cash.body)).toBe(200);
    const run = await call(c.t, RECON_PATHS.run, {
      token: c.admin,
      method: 'POST',
      body: { period: detail.currentPeriod },
      headers: { 'Current-Dept-Id': demo.deptId ?? '', 'Current-Account-Set-Id': demo.id },
    });
    expect(run.body.code, JSON.stringify(run.body)).toBe(200);
    const after = await get('/api/izs-visual/finance');
    // 应收账款 / 应付账款 余额 on the wall is 业财对账's business side: open documents − unsettled 预收 / 预付
    const sub = (k: string) => run.body.data.checks.find((x: { key: string }) => x.key === k)?.sub;
    expect([after.receivables.balance, after.payables.balance]).toEqual([sub('ar'), sub('ap')]);
    expect(new Decimal(before.receivables.unapplied).gt(0)).toBe(true); // the demo's own 预收
    expect(after.receivables.unapplied).toBe(new Decimal(before.receivables.unapplied).plus(800).toFixed(2));
    expect(new Decimal(after.receivables.open).minus(after.receivables.unapplied).toFixed(2)).toBe(
      after.receivables.balance,
    );
    expect(after.reconcile).toEqual([
      expect.objectContaining({
        accountSetId: demo.id,
        clean: false,
        differences: run.body.data.differences,
        period: detail.currentPeriod,
      }),
    ]);
  });
  it('财务数据大屏 ?book= shows one book; without it the books are summed; a book not the caller’s is refused', async () => {
    const [demo] = await c.t.database.db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const one = await get('/api/izs-visual/finance', { book: demo.id });
    expect(one.books.map((b: { accountSetId: string }) => b.accountSetId)).toEqual([demo.id]);
    const other = await createBook({ ...c, financeDept: c.depts.财务部 }, c.depts.财务部, {
      name: '第二账套',
      enableDate: '2026-01-01',
    });
    const all = await get('/api/izs-visual/finance');
    expect(all.books).toHaveLength(2);
    const second = await get('/api/izs-visual/finance', { book: other.book.id });
    expect(second.books.map((b: { name: string }) => b.name)).toEqual(['第二账套']);
    // the demo book's figures are its own, whatever other book exists
    const again = await get('/api/izs-visual/finance', { book: demo.id });
    expect([again.receivables.balance, again.payables.balance, again.cash]).toEqual([
      one.receivables.balance,
      one.payables.balance,
      one.cash,
    ]);
    for (const book of ['999999999', 'x']) {
      const r = await call(c.t, '/api/izs-visual/finance', { token: c.admin, query: { book } });
      expect(r.body.code, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toMatch(book === 'x' ? /账套编号格式不正确/ : /账套不存在或无权查看/);
    }
  });
});
