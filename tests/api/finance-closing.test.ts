// @vitest-environment node
/**
 * A month of bookkeeping through the real HTTP app (issue 5): a small-enterprise book started mid-year (openings
 * with 本年累计), nine vouchers, review + post, the trial balance, the balance sheet (balances, both columns), the
 * income statement (month and year to date, 结转损益 lines left out), ledgers and journals, carry-forward, the close
 * checklist, close, edits refused in the closed period, reverse close (账套主管 only), December with the year-end
 * transfer, and January's statements. A second book on the enterprise standard carries 以前年度损益调整.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiFor,
  bootFinance,
  createBook,
  FIN,
  type FinCtx,
  type LineIn,
  okGet,
  okPost,
  refused,
  voucherBody,
} from './finance-helpers.ts';

let c: FinCtx;
let admin: Api;
let manager: Api;
let customer: { dim: string; item: string };
const company = () => c.depts['绿循再生资源有限公司'];

/** Adds the manager as a (non-supervisor) user of the book. */
async function addManager(bookApi: Api, bookId: string) {
  const users = await okGet(apiFor(c, c.admin, company()), `${FIN}/account-set/user-list`, { accountSetId: bookId });
  const id = (account: string) => users.find((u: { account: string }) => u.account === account).id;
  await okPost(bookApi, `${FIN}/account-set-user/update`, {
    accountSetId: bookId,
    users: [
      { userId: id('admin'), supervisor: 1 },
      { userId: id('manager'), supervisor: 0 },
    ],
  });
}

/** Saves vouchers (as admin), then reviews and posts them (as manager); answers them. */
async function book(api: Api, rev: Api, list: [string, string, LineIn[]][]) {
  const saved = [];
  for (const [date, summary, lines] of list)
    saved.push(await okPost(api, `${FIN}/voucher/save`, voucherBody(date, summary, lines)));
  const ids = saved.map((v) => v.id);
  await okPost(rev, `${FIN}/voucher/review`, { ids });
  await okPost(rev, `${FIN}/voucher/post`, { ids });
  return saved;
}

const row = (rows: { name: string; values: Record<string, string> }[], prefix: string) => {
  const r = rows.find((x) => x.name.startsWith(prefix));
  if (!r) throw new Error(`no row ${prefix}`);
  return r.values;
};

beforeAll(async () => {
  c = await bootFinance();
  const created = await createBook(c, company(), { name: '月结测试账套', enableDate: '2025-11-01' });
  admin = created.api;
  await addManager(admin, created.book.id);
  manager = apiFor(c, c.manager, company(), created.book.id);
  const dims = await okGet(admin, `${FIN}/accounting-dimensions/list`);
  const dim = dims.find((d: { name: string }) => d.name === '客户').id;
  const item = await okPost(admin, `${FIN}/accounting-dimensions-data/save`, {
    dimensionId: dim,
    code: 'KH01',
    name: '宝钢回收站',
  });
  customer = { dim, item: item.id };
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

describe('a month of bookkeeping', () => {
  it('openings balance with the year-to-date movements of January–October', async () => {
    const check = await okPost(admin, `${FIN}/opening/save`, {
      items: [
        { accountCode: '1002', balance: '303000', ytdDebit: '113000', ytdCredit: '10000' },
        { accountCode: '1122', balance: '0', ytdDebit: '113000', ytdCredit: '113000' },
        { accountCode: '1405', balance: '30000', ytdCredit: '70000' },
        { accountCode: '22210107', balance: '13000', ytdCredit: '13000' },
        { accountCode: '3001', balance: '300000' },
        { accountCode: '3103', balance: '20000', ytdDebit: '80000', ytdCredit: '100000' },
        { accountCode: '5001', ytdDebit: '100000', ytdCredit: '100000', ytdPl: '100000' },
        { accountCode: '5401', ytdDebit: '70000', ytdCredit: '70000', ytdPl: '70000' },
        { accountCode: '560205', ytdDebit: '10000', ytdCredit: '10000', ytdPl: '10000' },
      ],
    });
    expect(check).toMatchObject({
      balanced: true,
      totals: { debit: '333000.00', credit: '333000.00', ytdDebit: '486000.00', ytdCredit: '486000.00' },
    });
    // a sub-account with the customer dimension (1122 is used by the openings, so its first child takes them over)
    const first = await okPost(admin, `${FIN}/account/save`, { parentCode: '1122', name: '往年' });
    expect(first.code).toBe('112201');
    const ar = await okPost(admin, `${FIN}/account/save`, {
      parentCode: '1122',
      name: '货款',
      auxDims: [customer.dim],
    });
    expect(ar.code).toBe('112202');
  });

  it('nine vouchers reviewed and posted give a balanced trial balance', async () => {
    const k = { [customer.dim]: customer.item };
    const saved = await book(admin, manager, [
      [
        '2025-11-03',
        '销售废钢',
        [
          { accountCode: '112202', debit: '56500', aux: k },
          { accountCode: '5001', credit: '50000' },
          { accountCode: '22210107', credit: '6500' },
        ],
      ],
      [
        '2025-11-05',
        '收购废钢',
        [
          { accountCode: '1405', debit: '20000' },
          { accountCode: '22210101', debit: '2600' },
          { accountCode: '2202', credit: '22600' },
        ],
      ],
      [
        '2025-11-08',
        '收回货款',
        [
          { accountCode: '1002', debit: '56500' },
          { accountCode: '112202', credit: '56500', aux: k },
        ],
      ],
      [
        '2025-11-10',
        '支付货款',
        [
          { accountCode: '2202', debit: '22600' },
          { accountCode: '1002', credit: '22600' },
        ],
      ],
      [
        '2025-11-15',
        '结转销售成本',
        [
          { accountCode: '5401', debit: '35000' },
          { accountCode: '1405', credit: '35000' },
        ],
      ],
      [
        '2025-11-20',
        '办公用品',
        [
          { accountCode: '560205', debit: '1200' },
          { accountCode: '1002', credit: '1200' },
        ],
      ],
      [
        '2025-11-25',
        '计提工资',
        [
          { accountCode: '560201', debit: '8000' },
          { accountCode: '221101', credit: '8000' },
        ],
      ],
      [
        '2025-11-28',
        '利息收入',
        [
          { accountCode: '1002', debit: '150' },
          { accountCode: '560302', credit: '150' },
        ],
      ],
      [
        '2025-11-30',
        '计提城建税',
        [
          { accountCode: '540303', debit: '100' },
          { accountCode: '222113', credit: '100' },
        ],
      ],
    ]);
    expect(saved.map((v) => v.voucherNo)).toEqual([
      '记-1',
      '记-2',
      '记-3',
      '记-4',
      '记-5',
      '记-6',
      '记-7',
      '记-8',
      '记-9',
    ]);
    const tb = await okGet(admin, `${FIN}/ledger/balance`, { periodFrom: '2025-11', periodTo: '2025-11', level: 1 });
    expect(tb.balanced).toBe(true);
    expect(tb.totals).toEqual({
      openingDebit: '333000.00',
      openingCredit: '333000.00',
      periodDebit: '202650.00',
      periodCredit: '202650.00',
      ytdDebit: '688650.00',
      ytdCredit: '688650.00',
      closingDebit: '395150.00',
      closingCredit: '395150.00',
    });
    const bank = tb.rows.find((r: { code: string }) => r.code === '1002');
    expect(bank).toMatchObject({
      openingDebit: '303000.00',
      periodDebit: '56650.00',
      periodCredit: '23800.00',
      closingDebit: '335850.00',
    });
    // posted only gives the same figures here (everything is posted)
    const posted = await okGet(admin, `${FIN}/ledger/balance`, {
      periodFrom: '2025-11',
      periodTo: '2025-11',
      level: 1,
      posted: '1',
    });
    expect(posted.totals).toEqual(tb.totals);
    // by auxiliary item
    const aux = await okGet(admin, `${FIN}/ledger/balance-aux`, {
      accountCode: '1122',
      periodFrom: '2025-11',
      periodTo: '2025-11',
    });
    expect(
      aux.rows.map((r: { auxNames: string[]; periodDebit: string; closingDebit: string }) => [
        r.auxNames,
        r.periodDebit,
        r.closingDebit,
      ]),
    ).toEqual([
      [['（无辅助核算）'], '0.00', '0.00'],
      [['客户：宝钢回收站'], '56500.00', '0.00'],
    ]);
  });

  it('the balance sheet balances in both columns and the income statement has month and year to date', async () => {
    const bs = await okGet(admin, `${FIN}/report/balance-sheet`, { period: '2025-11' });
    expect(bs.balanced).toBe(true);
    expect(row(bs.rows, '资产总计')).toEqual({ closing: '350850.00', yearOpening: '300000.00' });
    expect(row(bs.rows, '货币资金')).toEqual({ closing: '335850.00', yearOpening: '200000.00' });
    // 未分配利润 shows 本年利润 plus the not yet carried P&L
    expect(row(bs.rows, '未分配利润').closing).toBe('25850.00');
    const is = await okGet(admin, `${FIN}/report/income-statement`, { period: '2025-11' });
    expect(row(is.rows, '一、营业收入')).toEqual({ month: '50000.00', ytd: '150000.00' });
    expect(row(is.rows, '减：营业成本')).toEqual({ month: '35000.00', ytd: '105000.00' });
    expect(row(is.rows, '财务费用')).toEqual({ month: '-150.00', ytd: '-150.00' });
    expect(row(is.rows, '三、利润总额')).toEqual({ month: '5850.00', ytd: '25850.00' });
  });

  it('ledgers: subsidiary (明细账), general (总账), bank journal, home summary', async () => {
    const sub = await okGet(admin, `${FIN}/ledger/subsidiary`, {
      accountCode: '1002',
      periodFrom: '2025-11',
      periodTo: '2025-11',
    });
    const kinds = sub.rows.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(['opening', 'posting', 'posting', 'posting', 'posting', 'periodTotal', 'yearTotal']);
    expect(sub.rows[0]).toMatchObject({ summary: '期初余额', side: '借', balance: '303000.00' });
    expect(sub.rows[1]).toMatchObject({
      voucher: '记-3',
      summary: '收回货款',
      debit: '56500.00',
      balance: '359500.00',
    });
    expect(sub.rows.at(-2)).toMatchObject({ debit: '56650.00', credit: '23800.00', balance: '335850.00' });
    expect(sub.rows.at(-1)).toMatchObject({ summary: '本年累计', debit: '169650.00', credit: '33800.00' });
    const general = await okGet(admin, `${FIN}/ledger/general`, { periodFrom: '2025-11', periodTo: '2025-11' });
    const g5001 = general.accounts.find((a: { code: string }) => a.code === '5001');
    expect(g5001.rows.map((r: { summary: string; credit: string }) => [r.summary, r.credit])).toEqual([
      ['期初余额', '0.00'],
      ['本月合计', '50000.00'],
      ['本年累计', '150000.00'],
    ]);
    const daybook = await okGet(admin, `${FIN}/daybook/list`, {
      kind: 'bank',
      periodFrom: '2025-11',
      periodTo: '2025-11',
    });
    expect(daybook.accounts.map((a: { code: string }) => a.code)).toEqual(['1002']);
    expect(daybook.accounts[0].rows.at(-2).balance).toBe('335850.00');
    await refused(
      admin(`${FIN}/daybook/list`, {
        query: { kind: 'cash', accountCode: '1002', periodFrom: '2025-11', periodTo: '2025-11' },
      }),
      400,
      '不是库存现金科目',
    );
    const home = await okGet(admin, `${FIN}/home/summary`);
    expect(home).toMatchObject({
      period: '2025-11',
      bank: '335850.00',
      cash: '0.00',
      profitMonth: '5850.00',
      profitYtd: '25850.00',
    });
    expect(home.voucherCounts).toEqual({ saved: 0, reviewed: 0, posted: 9 });
    await refused(
      admin(`${FIN}/ledger/balance`, { query: { periodFrom: '2025-10', periodTo: '2025-11' } }),
      400,
      '早于账套启用期间 2025-11',
    );
  });

  it('carry-forward empties the P&L accounts; the income statement is unchanged', async () => {
    const pre = await okGet(admin, `${FIN}/period/check`, { period: '2025-11' });
    expect(pre.canClose).toBe(false);
    expect(pre.blocking.join()).toContain('损益类科目余额不为零，请先结转损益');
    const preview = await okGet(admin, `${FIN}/carry-forward/preview`, { period: '2025-11' });
    expect(preview).toHaveLength(1);
    const [v] = await okPost(admin, `${FIN}/carry-forward/generate`, { period: '2025-11' });
    expect(v).toMatchObject({
      kind: 'carryForward',
      voucherDate: '2025-11-30',
      voucherNo: '记-10',
      debitTotal: '94300.00',
    });
    expect(
      v.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['5001', '50000.00', '0.00'],
      ['3103', '0.00', '50000.00'],
      ['5401', '0.00', '35000.00'],
      ['540303', '0.00', '100.00'],
      ['560201', '0.00', '8000.00'],
      ['560205', '0.00', '1200.00'],
      ['560302', '150.00', '0.00'],
      ['3103', '44150.00', '0.00'],
    ]);
    await refused(admin(`${FIN}/carry-forward/generate`, { body: { period: '2025-11' } }), 400, '无需结转损益');
    const is = await okGet(admin, `${FIN}/report/income-statement`, { period: '2025-11' });
    expect(row(is.rows, '三、利润总额')).toEqual({ month: '5850.00', ytd: '25850.00' });
    const bs = await okGet(admin, `${FIN}/report/balance-sheet`, { period: '2025-11' });
    expect(bs.balanced).toBe(true);
    expect(row(bs.rows, '未分配利润').closing).toBe('25850.00');
    // the generated voucher must be reviewed and posted before closing
    const check = await okGet(admin, `${FIN}/period/check`, { period: '2025-11' });
    expect(check.blocking).toEqual(['本期有 1 张凭证未审核：记-10', '本期有 1 张凭证未过账：记-10']);
    await okPost(manager, `${FIN}/voucher/review`, { ids: [v.id] });
    await okPost(manager, `${FIN}/voucher/post`, { ids: [v.id] });
  });

  it('close; the closed period refuses new vouchers, review changes, deletion and another close', async () => {
    await refused(admin(`${FIN}/period/close`, { body: { period: '2025-12' } }), 400, '请按顺序结账：2025-11 尚未结账');
    const closed = await okPost(admin, `${FIN}/period/close`, { period: '2025-11' });
    expect(closed).toMatchObject({ closedThrough: '2025-11', currentPeriod: '2025-12' });
    const body = voucherBody('2025-11-30', '补记', [
      { accountCode: '1002', debit: '1' },
      { accountCode: '5001', credit: '1' },
    ]);
    await refused(admin(`${FIN}/voucher/save`, { body }), 400, '凭证日期所在期间 2025-11 已结账');
    const nov = await okGet(admin, `${FIN}/voucher/page`, { period: '2025-11' });
    const first = nov.records[0];
    await refused(manager(`${FIN}/voucher/unpost`, { body: { ids: [first.id] } }), 400, '已结账，不能反过账');
    await refused(admin(`${FIN}/voucher/remove`, { method: 'POST', query: { ids: first.id } }), 400, '已结账');
    await refused(admin(`${FIN}/voucher/update`, { body: { ...body, id: first.id } }), 400, '已结账');
    await refused(admin(`${FIN}/period/close`, { body: { period: '2025-11' } }), 400, '2025-11 已结账');
    await refused(admin(`${FIN}/voucher/renumber`, { body: { period: '2025-11' } }), 400, '已结账');
    // a red reversal of a closed period's voucher goes into the open period
    const red = await okPost(admin, `${FIN}/voucher/reverse`, { id: first.id, date: '2025-12-01' });
    expect(red).toMatchObject({ period: '2025-12', debitTotal: '-56500.00' });
    await okPost(admin, `${FIN}/voucher/remove`, {}, { ids: red.id });
    expect((await okGet(admin, `${FIN}/voucher/detail`, { id: first.id })).reversedById).toBeNull();
  });

  it('reverse close is for the 账套主管 and keeps the vouchers', async () => {
    await refused(manager(`${FIN}/period/reopen`, { body: { period: '2025-11' } }), 403, '只有账套主管可以反结账');
    const reopened = await okPost(admin, `${FIN}/period/reopen`, { period: '2025-11' });
    expect(reopened).toMatchObject({ closedThrough: '', currentPeriod: '2025-11' });
    expect(reopened.notes[0]).toContain('反结账不删除凭证');
    expect(reopened.periods[0]).toEqual({ period: '2025-11', closed: false, voucherCount: 10 });
    // unpost one: closing needs every voucher posted
    const nov = await okGet(admin, `${FIN}/voucher/page`, { period: '2025-11' });
    await okPost(manager, `${FIN}/voucher/unpost`, { ids: [nov.records[1].id] });
    await refused(admin(`${FIN}/period/close`, { body: { period: '2025-11' } }), 400, '未过账：记-2');
    await okPost(manager, `${FIN}/voucher/post`, { ids: [nov.records[1].id] });
    await okPost(admin, `${FIN}/period/close`, { period: '2025-11' });
  });

  it('December: carry-forward, the year-end transfer to 未分配利润, close; January starts the year', async () => {
    await book(admin, manager, [
      [
        '2025-12-05',
        '销售废铜',
        [
          { accountCode: '1002', debit: '33900' },
          { accountCode: '5001', credit: '30000' },
          { accountCode: '22210107', credit: '3900' },
        ],
      ],
      [
        '2025-12-06',
        '结转销售成本',
        [
          { accountCode: '5401', debit: '12000' },
          { accountCode: '1405', credit: '12000' },
        ],
      ],
    ]);
    await refused(admin(`${FIN}/period/year-end`, { body: { period: '2025-12' } }), 400, '请先结转损益');
    await refused(admin(`${FIN}/period/year-end`, { body: { period: '2025-11' } }), 400, '只能在12月');
    const cf = await okPost(admin, `${FIN}/carry-forward/generate`, { period: '2025-12' });
    const pending = await okGet(admin, `${FIN}/period/check`, { period: '2025-12' });
    expect(pending.warnings).toContain('期末处理尚未生成：结转本年利润');
    const ye = await okPost(admin, `${FIN}/period/year-end`, { period: '2025-12' });
    expect(ye).toHaveLength(1);
    expect(
      ye[0].lines.map((l: { accountCode: string; debit: string; credit: string }) => [
        l.accountCode,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      ['3103', '43850.00', '0.00'],
      ['310405', '0.00', '43850.00'],
    ]);
    const ids = [...cf, ...ye].map((v: { id: string }) => v.id);
    await okPost(manager, `${FIN}/voucher/review`, { ids });
    await okPost(manager, `${FIN}/voucher/post`, { ids });
    // the deleted red reversal left 记-1 free in December: a gap is a warning until 凭证整理
    const gap = await okGet(admin, `${FIN}/period/check`, { period: '2025-12' });
    expect(gap.warnings).toEqual(['凭证号不连续：记字缺 1 号，可使用凭证整理']);
    await okPost(admin, `${FIN}/voucher/renumber`, { period: '2025-12' });
    const check = await okGet(admin, `${FIN}/period/check`, { period: '2025-12' });
    expect(check).toMatchObject({ canClose: true, blocking: [], warnings: [] });
    await okPost(admin, `${FIN}/period/close`, { period: '2025-12' });
    const dec = await okGet(admin, `${FIN}/report/balance-sheet`, { period: '2025-12' });
    expect(dec.balanced).toBe(true);
    expect(row(dec.rows, '未分配利润').closing).toBe('43850.00');
    // January: the year-opening column is December's closing; the income statement restarts
    await book(admin, manager, [
      [
        '2026-01-10',
        '销售',
        [
          { accountCode: '1002', debit: '1130' },
          { accountCode: '5001', credit: '1000' },
          { accountCode: '22210107', credit: '130' },
        ],
      ],
    ]);
    const jan = await okGet(admin, `${FIN}/report/balance-sheet`, { period: '2026-01' });
    expect(jan.balanced).toBe(true);
    expect(row(jan.rows, '资产总计').yearOpening).toBe(row(dec.rows, '资产总计').closing);
    expect(row(jan.rows, '未分配利润')).toEqual({ closing: '44850.00', yearOpening: '43850.00' });
    const is = await okGet(admin, `${FIN}/report/income-statement`, { period: '2026-01' });
    expect(row(is.rows, '一、营业收入')).toEqual({ month: '1000.00', ytd: '1000.00' });
    const tb = await okGet(admin, `${FIN}/ledger/balance`, { periodFrom: '2026-01', periodTo: '2026-01', level: 1 });
    // 本年利润 starts the year at zero (no row without figures); 利润分配 carries the year's profit
    expect(tb.rows.find((r: { code: string }) => r.code === '3103')).toBeUndefined();
    expect(tb.rows.find((r: { code: string }) => r.code === '3104')).toMatchObject({
      openingCredit: '43850.00',
      closingCredit: '43850.00',
    });
    const list = await okGet(admin, `${FIN}/period/list`);
    expect(list).toMatchObject({ startPeriod: '2025-11', closedThrough: '2025-12', currentPeriod: '2026-01' });
  });
});

describe('enterprise standard', () => {
  it('以前年度损益调整 goes straight to 未分配利润; the sheet balances before and after carry-forward', async () => {
    const { book: b, api } = await createBook(c, company(), {
      name: '企业准则月结',
      accountingSystem: 2,
      enableDate: '2025-01-01',
      reviewRequired: 0,
      postingRequired: 0,
    });
    await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: '1002', balance: '100000' },
        { accountCode: '4001', balance: '100000' },
      ],
    });
    for (const [date, summary, lines] of [
      [
        '2025-01-10',
        '销售',
        [
          { accountCode: '1122', debit: '11300' },
          { accountCode: '6001', credit: '10000' },
          { accountCode: '22210107', credit: '1300' },
        ],
      ],
      [
        '2025-01-12',
        '成本',
        [
          { accountCode: '6401', debit: '6000' },
          { accountCode: '1002', credit: '6000' },
        ],
      ],
      [
        '2025-01-20',
        '补记上年少计收入',
        [
          { accountCode: '1002', debit: '1000' },
          { accountCode: '6901', credit: '1000' },
        ],
      ],
    ] as [string, string, LineIn[]][]) {
      await okPost(api, `${FIN}/voucher/save`, voucherBody(date, summary, lines));
    }
    const before = await okGet(api, `${FIN}/report/balance-sheet`, { period: '2025-01' });
    expect(before.balanced).toBe(true);
    const is = await okGet(api, `${FIN}/report/income-statement`, { period: '2025-01' });
    expect(is.standard).toBe('enterprise');
    expect(row(is.rows, '三、利润总额')).toEqual({ month: '4000.00', ytd: '4000.00' });
    const generated = await okPost(api, `${FIN}/carry-forward/generate`, { period: '2025-01' });
    expect(generated.map((v: { summary: string }) => v.summary)).toEqual(['结转本期损益', '结转以前年度损益调整']);
    expect(
      generated[1].lines.map((l: { accountCode: string; debit: string; credit: string }) => [
        l.accountCode,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      ['6901', '1000.00', '0.00'],
      ['410406', '0.00', '1000.00'],
    ]);
    const after = await okGet(api, `${FIN}/report/balance-sheet`, { period: '2025-01' });
    expect(after.balanced).toBe(true);
    expect(row(after.rows, '资产总计').closing).toBe('106300.00');
    const check = await okGet(api, `${FIN}/period/check`, { period: '2025-01' });
    expect(check.canClose).toBe(true);
    expect(b.accountingSystem).toBe(2);
  });
});
