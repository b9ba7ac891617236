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
    const both: { label: string }[] = await okGet(admin, `${IE}/accounts`, { use: 'category' });
    expect(both.map((a) => a.label)).toContain('收入 · 5001 主营业务收入');
    expect(both.some((a) => a.label.startsWith('支出 · 5602'))).toBe(true);
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

describe('票据管理', () => {
  const BILL = `${FIN}/bill`;
  let customer: string;
  let supplier: string;
  let ar: string;
  const bill = (billNo: string, over: Record<string, unknown> = {}) => ({
    billNo,
    billKind: 'bank',
    direction: 'receivable',
    counterparty: customer,
    amount: '100000.00',
    entryDate: '2025-12-02',
    issueDate: '2025-12-01',
    dueDate: '2026-03-01',
    acceptor: '工商银行上海分行',
    ...over,
  });
  const lastVoucher = async (api: Api, id: string) => {
    const events = await okGet(api, `${BILL}/events`, { id });
    return voucherOf(api, events[events.length - 1].voucherId);
  };

  beforeAll(async () => {
    const dims: { id: string; name: string }[] = await okGet(admin, `${FIN}/accounting-dimensions/list`);
    const dim = (n: string) => dims.find((d) => d.name === n)!.id;
    const k = await okPost(admin, `${FIN}/accounting-dimensions-data/save`, {
      dimensionId: dim('客户'),
      code: 'K1',
      name: '华东钢厂',
    });
    const s = await okPost(admin, `${FIN}/accounting-dimensions-data/save`, {
      dimensionId: dim('供应商'),
      code: 'G1',
      name: '宝山回收站',
    });
    customer = `${dim('客户')}:${k.id}`;
    supplier = `${dim('供应商')}:${s.id}`;
    // 应收账款 kept per customer: the bill's credit line must carry the customer
    ar = (await okPost(admin, `${FIN}/account/save`, { parentCode: '1122', name: '货款', auxDims: [dim('客户')] }))
      .code;
  });

  it('receiving a bill writes 借 应收票据 贷 应收账款[客户] and holds it', async () => {
    const b = await okPost(admin, `${BILL}/save`, bill('BA-001'));
    expect(b.state).toBe('held');
    const v = await lastVoucher(admin, b.id);
    expect(sides(v)).toEqual([
      ['1121', '100000.00', '0.00'],
      [ar, '0.00', '100000.00'],
    ]);
    expect(v.lines[1].auxNames).toEqual(['客户：华东钢厂']);
    expect(v.voucherDate).toBe('2025-12-02');
  });

  it('discount: 借 银行存款 + 财务费用 贷 应收票据; a second discount is refused', async () => {
    const b = (await okGet(admin, `${BILL}/page`, { billNo: 'BA-001' })).records[0];
    const after = await okPost(admin, `${BILL}/action`, {
      id: b.id,
      action: 'discount',
      date: '2025-12-10',
      bankAccount: bank,
      interest: '850.50',
    });
    expect(after.state).toBe('discounted');
    const v = await lastVoucher(admin, b.id);
    expect(sides(v)).toEqual([
      [bank, '99149.50', '0.00'],
      ['560301', '850.50', '0.00'],
      ['1121', '0.00', '100000.00'],
    ]);
    expect(v.debitTotal).toBe(v.creditTotal);
    await refused(
      admin(`${BILL}/action`, { body: { id: b.id, action: 'discount', date: '2025-12-11', interest: '1' } }),
      400,
      '票据当前状态为「已贴现」，不能贴现',
    );
    await refused(admin(`${BILL}/update`, { body: { id: b.id, amount: '5' } }), 400, '不能修改');
    await refused(admin(`${BILL}/remove`, { method: 'POST', query: { ids: b.id } }), 400, '请先撤销');
  });

  it('endorse: 借 应付账款 贷 应收票据; collect: 借 银行存款 贷 应收票据; undo takes the voucher back', async () => {
    const e = await okPost(admin, `${BILL}/save`, bill('BA-002', { amount: '2000' }));
    await refused(
      admin(`${BILL}/action`, { body: { id: e.id, action: 'endorse', date: '2025-12-05' } }),
      400,
      '请选择被背书人',
    );
    await refused(
      admin(`${BILL}/action`, { body: { id: e.id, action: 'endorse', date: '2025-12-05', counterparty: customer } }),
      400,
      '被背书人（供应商）不存在',
    );
    const en = await okPost(admin, `${BILL}/action`, {
      id: e.id,
      action: 'endorse',
      date: '2025-12-05',
      counterparty: supplier,
    });
    expect(en.state).toBe('endorsed');
    expect(sides(await lastVoucher(admin, e.id))).toEqual([
      ['2202', '2000.00', '0.00'],
      ['1121', '0.00', '2000.00'],
    ]);

    const col = await okPost(admin, `${BILL}/save`, bill('BA-003', { amount: '3000' }));
    const before = await voucherCount(admin);
    expect((await okPost(admin, `${BILL}/action`, { id: col.id, action: 'collect', date: '2026-03-01' })).state).toBe(
      'collected',
    );
    const v = await lastVoucher(admin, col.id);
    expect(sides(v)).toEqual([
      [expect.stringMatching(/^1002/), '3000.00', '0.00'],
      ['1121', '0.00', '3000.00'],
    ]);
    expect(await voucherCount(admin)).toBe(before + 1);
    expect((await okPost(admin, `${BILL}/undo`, { id: col.id })).state).toBe('held');
    expect(await voucherCount(admin)).toBe(before);
    await refused(admin(`${BILL}/undo`, { body: { id: col.id } }), 400, '没有可撤销的操作');
  });

  it('issue: 借 应付账款 贷 应付票据; pay: 借 应付票据 贷 银行存款; wrong-direction actions refused', async () => {
    const p = await okPost(
      admin,
      `${BILL}/save`,
      bill('CP-001', { direction: 'payable', billKind: 'commercial', counterparty: supplier, amount: '5000' }),
    );
    expect(p.state).toBe('outstanding');
    expect(sides(await lastVoucher(admin, p.id))).toEqual([
      ['2202', '5000.00', '0.00'],
      ['2201', '0.00', '5000.00'],
    ]);
    await refused(
      admin(`${BILL}/action`, { body: { id: p.id, action: 'collect', date: '2025-12-20' } }),
      400,
      '应付票据不能',
    );
    const paid = await okPost(admin, `${BILL}/action`, {
      id: p.id,
      action: 'pay',
      date: '2025-12-20',
      bankAccount: bank,
    });
    expect(paid.state).toBe('paid');
    expect(sides(await lastVoucher(admin, p.id))).toEqual([
      ['2201', '5000.00', '0.00'],
      [bank, '0.00', '5000.00'],
    ]);
    const r = (await okGet(admin, `${BILL}/page`, { billNo: 'BA-003' })).records[0];
    await refused(
      admin(`${BILL}/action`, { body: { id: r.id, action: 'pay', date: '2025-12-20' } }),
      400,
      '应收票据不能',
    );
  });

  it('totals and the due-soon count', async () => {
    const s = await okGet(admin, `${BILL}/summary`, { today: '2026-02-10' });
    // held: BA-003 3,000 (undone collect); none outstanding
    expect(s).toMatchObject({ receivableHeld: '3000.00', receivableCount: 1, payableOutstanding: '0.00' });
    expect([s.dueSoonCount, s.dueSoonAmount]).toEqual([1, '3000.00']);
    expect((await okGet(admin, `${BILL}/summary`, { today: '2025-12-01' })).dueSoonCount).toBe(0);
  });

  it('edit rewrites the booking voucher; delete takes it away', async () => {
    const b = await okPost(admin, `${BILL}/save`, bill('BA-004', { amount: '700' }));
    const first = await lastVoucher(admin, b.id);
    await okPost(admin, `${BILL}/update`, { id: b.id, amount: '750.25', direction: 'payable' });
    const v = await lastVoucher(admin, b.id);
    expect(v.id).toBe(first.id);
    expect(sides(v)).toEqual([
      ['1121', '750.25', '0.00'],
      [ar, '0.00', '750.25'],
    ]);
    await okPost(admin, `${BILL}/remove`, {}, { ids: b.id });
    await refused(admin(`${FIN}/voucher/detail`, { query: { id: v.id } }), 400);
  });

  it('bad input answers 400 and writes nothing', async () => {
    const before = await voucherCount(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ dueDate: '2025-11-30' }, '到期日应晚于出票日期'],
      [{ entryDate: '2025-11-30' }, '收票/开票日期不能早于出票日期'],
      [{ amount: '0' }, '票面金额必须大于 0'],
      [{ billKind: 'cheque' }, '请选择票据种类'],
      [{ direction: 'x' }, '请选择票据方向'],
      [{ counterparty: supplier }, '付款单位（客户）不存在'],
      [{ billNo: 'BA-001' }, '票据号码「BA-001」已存在'],
      [{ billNo: '' }, '请输入票据号码'],
      [{ entryDate: '2025-11-15', issueDate: '2025-11-01' }, '已结账'],
    ];
    for (const [over, msg] of cases) await refused(admin(`${BILL}/save`, { body: bill('BX-9', over) }), 400, msg);
    const held = (await okGet(admin, `${BILL}/page`, { billNo: 'BA-003' })).records[0];
    await refused(
      admin(`${BILL}/action`, { body: { id: held.id, action: 'discount', date: '2025-12-12', interest: '3000' } }),
      400,
      '贴现息应小于票面金额',
    );
    await refused(
      admin(`${BILL}/action`, { body: { id: held.id, action: 'collect', date: '2025-12-12', bankAccount: cash } }),
      400,
      '不是银行存款科目',
    );
    await refused(
      admin(`${BILL}/action`, { body: { id: held.id, action: 'collect', date: '2025-12-01' } }),
      400,
      '日期不能早于',
    );
    expect(await voucherCount(admin)).toBe(before);
  });

  it('another book sees none of the bills', async () => {
    expect((await okGet(other, `${BILL}/page`, {})).total).toBe(0);
    const held = (await okGet(admin, `${BILL}/page`, { billNo: 'BA-003' })).records[0];
    await refused(other(`${BILL}/detail`, { query: { id: held.id } }), 400, '不存在');
    await refused(
      other(`${BILL}/action`, { body: { id: held.id, action: 'collect', date: '2025-12-12' } }),
      400,
      '票据不存在',
    );
    await refused(other(`${BILL}/events`, { query: { id: held.id } }), 400, '票据不存在');
  });

  it('the enterprise chart: discount interest goes to 660301 利息费用', async () => {
    const b = await okPost(big, `${BILL}/save`, bill('E-1', { counterparty: '' }));
    await okPost(big, `${BILL}/action`, { id: b.id, action: 'discount', date: '2025-12-10', interest: '100' });
    const v = await lastVoucher(big, b.id);
    expect(v.lines.map((l) => l.accountCode)).toEqual([expect.stringMatching(/^1002/), '660301', '1121']);
  });
});
