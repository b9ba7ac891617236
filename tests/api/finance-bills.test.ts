// @vitest-environment node
/**
 * 收支管理 and 票据管理 through the real HTTP app: an income and an expense each write a balanced voucher with the
 * right accounts (looked up in the book's own chart — small and enterprise charts differ); edit and delete follow
 * the voucher and stop once it is reviewed; a closed period is refused; totals; another book's records invisible;
 * bad input answered 400 in Chinese with nothing written. Bills: receive, discount, endorse, collect, issue and pay
 * each write their voucher and move the state; a second discount is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, bootFinance, createBook, FIN, type FinCtx, okGet, okPost, refused } from './finance-helpers.ts';

const IE = `${FIN}/income-expend`;
let c: FinCtx;
let admin: Api;
let other: Api;
let big: Api;
const company = () => c.depts['绿循再生资源有限公司'];

type Line = { accountCode: string; debit: string; credit: string; summary: string; auxNames?: string[] };
const voucherOf = async (api: Api, id: string) =>
  (await okGet(api, `${FIN}/voucher/detail`, { id })) as {
    id: string;
    state: string;
    debitTotal: string;
    creditTotal: string;
    voucherDate: string;
    lines: Line[];
  };
const sides = (v: { lines: Line[] }) => v.lines.map((l) => [l.accountCode, l.debit, l.credit]);
const voucherCount = async (api: Api) => (await okGet(api, `${FIN}/voucher/page`, { size: 100 })).total as number;

let cash: string;
let bank: string;
let officeExpense: string;

beforeAll(async () => {
  c = await bootFinance();
  const created = await createBook(c, company(), {
    name: '收支票据测试账套',
    enableDate: '2025-11-01',
    allowSelfReview: 1,
  });
  admin = created.api;
  other = (await createBook(c, company(), { name: '另一个账套', enableDate: '2025-11-01' })).api;
  big = (await createBook(c, company(), { name: '企业准则账套', enableDate: '2025-11-01', accountingSystem: 2 })).api;
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

describe('收支管理: accounts of the book', () => {
  it('offers the cash / bank leaves and the 损益 leaves of the book’s own chart', async () => {
    const cashList: { code: string; label: string }[] = await okGet(admin, `${IE}/accounts`, { use: 'cash' });
    expect(cashList.every((a) => a.code.startsWith('1001') || a.code.startsWith('1002'))).toBe(true);
    cash = cashList.find((a) => a.code.startsWith('1001'))!.code;
    bank = cashList.find((a) => a.code.startsWith('1002'))!.code;
    const income: { code: string; label: string }[] = await okGet(admin, `${IE}/accounts`, { use: 'income' });
    expect(income.map((a) => a.label)).toContain('5001 主营业务收入');
    expect(income.some((a) => a.code.startsWith('5602'))).toBe(false);
    const expense: { code: string; label: string }[] = await okGet(admin, `${IE}/accounts`, { use: 'expense' });
    officeExpense = expense.find((a) => a.label.startsWith('5602') && a.label.includes('办公'))?.code ?? '';
    expect(officeExpense).toMatch(/^5602/);
    expect(expense.some((a) => a.code.startsWith('5001'))).toBe(false);
    // the enterprise chart: 6001 / 6602, never the small chart's codes
    const bigIncome: { code: string }[] = await okGet(big, `${IE}/accounts`, { use: 'income' });
    expect(bigIncome.map((a) => a.code)).toContain('6001');
    expect(bigIncome.some((a) => a.code.startsWith('5'))).toBe(false);
    await refused(admin(`${IE}/accounts`, { query: { use: 'x' } }), 400, '用途');
  });
});

describe('收支管理: records and their vouchers', () => {
  let incomeId: string;
  let expenseId: string;

  it('an income writes 借 cash 贷 income, balanced', async () => {
    const before = await voucherCount(admin);
    const r = await okPost(admin, `${IE}/save`, {
      entryDate: '2025-11-05',
      kind: 'income',
      cashAccount: bank,
      categoryAccount: '5001',
      amount: '12345.67',
      summary: '销售废钢收款',
      attachments: 2,
    });
    incomeId = r.id;
    expect(r.voucherId).toBeTruthy();
    expect(await voucherCount(admin)).toBe(before + 1);
    const v = await voucherOf(admin, r.voucherId);
    expect(sides(v)).toEqual([
      [bank, '12345.67', '0.00'],
      ['5001', '0.00', '12345.67'],
    ]);
    expect([v.debitTotal, v.creditTotal, v.voucherDate]).toEqual(['12345.67', '12345.67', '2025-11-05']);
    expect(v.lines[0].summary).toBe('销售废钢收款');
  });

  it('an expense writes 借 expense 贷 cash, with a summary made up when none is given', async () => {
    const r = await okPost(admin, `${IE}/save`, {
      entryDate: '2025-11-08',
      kind: 'expense',
      cashAccount: cash,
      categoryAccount: officeExpense,
      amount: '300.10',
    });
    expenseId = r.id;
    const v = await voucherOf(admin, r.voucherId);
    expect(sides(v)).toEqual([
      [officeExpense, '300.10', '0.00'],
      [cash, '0.00', '300.10'],
    ]);
    expect(v.lines[0].summary).toContain('支付');
  });

  it('the page answers account names and voucher numbers; totals per period', async () => {
    const page = await okGet(admin, `${IE}/page`, { periodFrom: '2025-11', periodTo: '2025-11' });
    expect(page.total).toBe(2);
    const inc = page.records.find((r: { id: string }) => r.id === incomeId);
    expect(inc).toMatchObject({ categoryAccountName: '主营业务收入', voucherState: 'saved' });
    expect(inc.voucherNo).toMatch(/^记-\d+$/);
    const s = await okGet(admin, `${IE}/summary`, { periodFrom: '2025-11', periodTo: '2025-11' });
    expect(s).toEqual({ income: '12345.67', expense: '300.10', net: '12045.57', count: 2 });
    expect((await okGet(admin, `${IE}/summary`, { periodFrom: '2025-12' })).count).toBe(0);
    expect((await okGet(admin, `${IE}/page`, { kind: 'expense' })).total).toBe(1);
    await refused(admin(`${IE}/summary`, { query: { periodFrom: '2025-13' } }), 400, '起始期间格式');
  });

  it('an edit rewrites the same voucher', async () => {
    const before = await okGet(admin, `${IE}/detail`, { id: expenseId });
    const r = await okPost(admin, `${IE}/update`, { id: expenseId, amount: '450.00', cashAccount: bank });
    expect(r.voucherId).toBe(before.voucherId);
    const v = await voucherOf(admin, r.voucherId);
    expect(sides(v)).toEqual([
      [officeExpense, '450.00', '0.00'],
      [bank, '0.00', '450.00'],
    ]);
  });

  it('a reviewed voucher blocks edit and delete; unreviewed again, delete takes the voucher with it', async () => {
    const rec = await okGet(admin, `${IE}/detail`, { id: expenseId });
    await okPost(admin, `${FIN}/voucher/review`, { ids: [rec.voucherId] });
    await refused(admin(`${IE}/update`, { body: { id: expenseId, amount: '1.00' } }), 400, '凭证已审核');
    await refused(admin(`${IE}/remove`, { method: 'POST', query: { ids: expenseId } }), 400, '凭证已审核');
    expect((await voucherOf(admin, rec.voucherId)).debitTotal).toBe('450.00');
    await okPost(admin, `${FIN}/voucher/unreview`, { ids: [rec.voucherId] });
    await okPost(admin, `${IE}/remove`, {}, { ids: expenseId });
    await refused(admin(`${FIN}/voucher/detail`, { query: { id: rec.voucherId } }), 400);
    expect((await okGet(admin, `${IE}/summary`, {})).expense).toBe('0.00');
  });

  it('bad input answers 400 in Chinese and writes nothing', async () => {
    const before = await voucherCount(admin);
    const good = {
      entryDate: '2025-11-09',
      kind: 'income',
      cashAccount: cash,
      categoryAccount: '5001',
      amount: '10',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, '金额必须大于 0'],
      [{ amount: '-5' }, '金额格式不正确'],
      [{ amount: '1.234' }, '金额格式不正确'],
      [{ kind: 'loan' }, '请选择收支类型'],
      [{ entryDate: '2025-02-30' }, '日期不是有效的日期'],
      [{ cashAccount: '5001' }, '不是库存现金或银行存款科目'],
      [{ categoryAccount: officeExpense }, '不是收入类科目'],
      [{ kind: 'expense' }, '不是费用支出类科目'],
      [{ categoryAccount: '5602' }, '不是末级科目'],
      [{ categoryAccount: '9999' }, '不存在'],
      [{ counterparty: '1:2' }, '往来单位不存在'],
      [{ entryDate: '2025-10-31' }, ''],
    ];
    for (const [over, msg] of cases) {
      await refused(admin(`${IE}/save`, { body: { ...good, ...over } }), 400, msg);
    }
    expect(await voucherCount(admin)).toBe(before);
    expect((await okGet(admin, `${IE}/page`, {})).total).toBe(1);
  });

  it('another book sees none of the records and cannot touch them', async () => {
    expect((await okGet(other, `${IE}/page`, {})).total).toBe(0);
    await refused(other(`${IE}/detail`, { query: { id: incomeId } }), 400, '不存在');
    await refused(other(`${IE}/update`, { body: { id: incomeId, amount: '1' } }), 400, '不存在');
    await refused(other(`${IE}/remove`, { method: 'POST', query: { ids: incomeId } }), 400, '不存在');
  });

  it('a closed period is refused', async () => {
    // 结转损益, then review and post every voucher of the month, then close it
    await okPost(admin, `${FIN}/carry-forward/generate`, { period: '2025-11' });
    const ids = (await okGet(admin, `${FIN}/voucher/page`, { period: '2025-11', size: 100 })).records.map(
      (v: { id: string }) => v.id,
    );
    await okPost(admin, `${FIN}/voucher/review`, { ids });
    await okPost(admin, `${FIN}/voucher/post`, { ids });
    await okPost(admin, `${FIN}/period/close`, { period: '2025-11' });
    const before = await voucherCount(admin);
    await refused(
      admin(`${IE}/save`, {
        body: { entryDate: '2025-11-20', kind: 'income', cashAccount: cash, categoryAccount: '5001', amount: '5' },
      }),
      400,
      '已结账',
    );
    await refused(admin(`${IE}/update`, { body: { id: incomeId, amount: '5' } }), 400, '已结账');
    expect(await voucherCount(admin)).toBe(before);
  });
});
