// @vitest-environment node
/**
 * Vouchers through the real HTTP app (issue 5, DESIGN §5, period_rules §3–§5): refused vouchers write nothing
 * (unbalanced, two-sided line, parent account, bad amount, date before the start period, missing 辅助核算, quantity ×
 * price); 20 concurrent saves get the numbers 1..20; deletion leaves a gap that 凭证整理 closes; review (not by the
 * maker), post, the edit/delete blocks, unreview / unpost; red reversal; page filters; the voucher summary.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../server/db/schema/index.ts';
import {
  type Api,
  apiFor,
  bootFinance,
  createBook,
  FIN,
  type FinCtx,
  okGet,
  okPost,
  refused,
  voucherBody,
} from './finance-helpers.ts';

let c: FinCtx;
let admin: Api;
let manager: Api;
let bookId: string;

beforeAll(async () => {
  c = await bootFinance();
  const company = c.depts['绿循再生资源有限公司'];
  const created = await createBook(c, company, { name: '凭证测试账套', enableDate: '2025-01-01' });
  bookId = created.book.id;
  admin = created.api;
  const users = await okGet(apiFor(c, c.admin, company), `${FIN}/account-set/user-list`, { accountSetId: bookId });
  const id = (account: string) => users.find((u: { account: string }) => u.account === account).id;
  await okPost(admin, `${FIN}/account-set-user/update`, {
    accountSetId: bookId,
    users: [
      { userId: id('admin'), supervisor: 1 },
      { userId: id('manager'), supervisor: 0 },
    ],
  });
  manager = apiFor(c, c.manager, company, bookId);
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

const sale = (date: string, amount: string, summary = '销售废钢') => {
  const tax = ((Number(amount) * 13) / 100).toFixed(2); // test data only: whole yuan amounts
  const total = (Number(amount) + Number(tax)).toFixed(2);
  return voucherBody(date, summary, [
    { accountCode: '1002', debit: total },
    { accountCode: '5001', credit: amount },
    { accountCode: '22210107', credit: tax },
  ]);
};

const page = (api: Api, query: Record<string, string | number> = {}) =>
  okGet(api, `${FIN}/voucher/page`, { size: 100, ...query });

describe('refused vouchers write nothing', () => {
  it('unbalanced, two-sided line, parent account, 3 decimals, before the start period', async () => {
    const cases: [unknown, string][] = [
      [
        voucherBody('2025-01-05', '收款', [
          { accountCode: '1001', debit: '100' },
          { accountCode: '1122', credit: '90' },
        ]),
        '借贷不平衡：借方合计 100.00，贷方合计 90.00，差额 10.00',
      ],
      [
        voucherBody('2025-01-05', '收款', [
          { accountCode: '1001', debit: '100', credit: '100' },
          { accountCode: '1122', credit: '100' },
        ]),
        '第 1 行：借方和贷方只能填写一方',
      ],
      [
        voucherBody('2025-01-05', '计提', [
          { accountCode: '560205', debit: '100' },
          { accountCode: '2221', credit: '100' },
        ]),
        '第 2 行：2221 应交税费 不是末级科目',
      ],
      [
        voucherBody('2025-01-05', '收款', [
          { accountCode: '1001', debit: '100.005' },
          { accountCode: '1122', credit: '100.005' },
        ]),
        '分录第1行：借方金额格式不正确，最多2位小数',
      ],
      [
        voucherBody('2024-12-31', '收款', [
          { accountCode: '1001', debit: '100' },
          { accountCode: '1122', credit: '100' },
        ]),
        '早于启用期间 2025-01',
      ],
      [
        voucherBody('2025-01-05', '', [
          { accountCode: '1001', debit: '100' },
          { accountCode: '1122', credit: '100' },
        ]),
        '第 1 行：摘要不能为空',
      ],
      [
        voucherBody('2025-01-05', '收款', [
          { accountCode: '1001', debit: '0' },
          { accountCode: '1122', credit: '0' },
        ]),
        '第 1 行：借方和贷方金额不能都为 0',
      ],
      [{ word: '记', voucherDate: '2025-01-05', lines: [] }, '请至少填写一行分录'],
    ];
    for (const [body, msg] of cases) await refused(admin(`${FIN}/voucher/save`, { body }), 400, msg);
    expect((await page(admin)).total).toBe(0);
    expect(await okGet(admin, `${FIN}/voucher/next-no`, { word: '记', date: '2025-01-05' })).toEqual({
      period: '2025-01',
      word: '记',
      no: 1,
    });
  });
});

describe('numbering', () => {
  it('20 concurrent saves get 1..20; a deleted number is a gap until 凭证整理', async () => {
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        okPost(admin, `${FIN}/voucher/save`, sale(`2025-01-${String(i + 1).padStart(2, '0')}`, String(100 + i))),
      ),
    );
    expect(saved.map((v) => v.no).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(saved[0]).toMatchObject({
      state: 'saved',
      voucherNo: expect.stringMatching(/^记-\d+$/),
      debitTotal: '113.00',
      totalCapital: '壹佰壹拾叁元整',
    });
    const tenth = saved.find((v) => v.voucherDate === '2025-01-10');
    await okPost(admin, `${FIN}/voucher/remove`, {}, { ids: tenth.id });
    const late = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-03', '50'));
    expect(late.no).toBe(21);
    const { changes } = await okPost(admin, `${FIN}/voucher/renumber`, { period: '2025-01', order: 'date' });
    expect(changes.length).toBeGreaterThan(0);
    const all = await page(admin, { period: '2025-01' });
    expect(all.total).toBe(20);
    expect(all.records.map((v: { no: number }) => v.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // by date: the 50 sale dated the 3rd follows the voucher dated the 3rd
    const third = all.records.filter((v: { voucherDate: string }) => v.voucherDate === '2025-01-03');
    expect(third.map((v: { debitTotal: string }) => v.debitTotal)).toEqual(['115.26', '56.50']);
    expect((await okGet(admin, `${FIN}/voucher/next-no`, { word: '记', date: '2025-01-31' })).no).toBe(21);
  });

  it('a save draws its number and writes its operation log in its own statements; a refused save draws none', async () => {
    // issue 25: the number is drawn in the voucher's insert and the log row goes with the lines' insert
    const first = await okPost(admin, `${FIN}/voucher/save`, sale('2025-03-02', '100'));
    await refused(
      admin(`${FIN}/voucher/save`, {
        method: 'POST',
        body: voucherBody('2025-03-03', '不平', [
          { accountCode: '1002', debit: '10' },
          { accountCode: '5001', credit: '9' },
        ]),
      }),
      400,
    );
    const second = await okPost(admin, `${FIN}/voucher/save`, sale('2025-03-04', '200'));
    expect([first.no, second.no]).toEqual([1, 2]);
    // an edit in its period keeps its number; moved to another month it takes that month's next one
    const kept = await okPost(admin, `${FIN}/voucher/update`, { ...sale('2025-03-05', '300'), id: first.id });
    expect(kept.no).toBe(1);
    const moved = await okPost(admin, `${FIN}/voucher/update`, { ...sale('2025-04-01', '300'), id: second.id });
    expect([moved.period, moved.no]).toEqual(['2025-04', 1]);
    const logs = await c.t.database.db
      .select({ title: operationLog.title, modifyParams: operationLog.modifyParams })
      .from(operationLog)
      .where(
        sql`${operationLog.title} like '%凭证 记-%' and ${operationLog.createTime} > now() - interval '10 minutes'`,
      )
      .orderBy(operationLog.id);
    expect(logs.slice(-4).map((l) => l.title)).toEqual([
      '新增凭证 记-1',
      '新增凭证 记-2',
      '修改凭证 记-1',
      '修改凭证 记-1',
    ]);
    expect(logs.at(-4)?.modifyParams).toEqual({ voucherNo: [null, '记-1'], debitTotal: [null, '113.00'] });
    expect(logs.at(-1)?.modifyParams).toMatchObject({ voucherNo: ['记-2', '记-1'] });
  });

  it('numbers: every voucher of a period, number and state only, beyond any page size', async () => {
    const nums = await okGet(admin, `${FIN}/voucher/numbers`, { period: '2025-01' });
    expect(nums).toHaveLength(20);
    expect(nums.map((v: { no: number }) => v.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Object.keys(nums[0]).sort()).toEqual(['id', 'no', 'state', 'word']);
    expect(nums.every((v: { word: string; state: string }) => v.word === '记' && v.state === 'saved')).toBe(true);
    await refused(admin(`${FIN}/voucher/numbers`, { query: { period: '2025-1' } }), 400);
  });
});

describe('review, post and their blocks', () => {
  it('the maker cannot review; reviewed and posted vouchers cannot be edited or deleted', async () => {
    const v = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-25', '1000', '销售铜'));
    await refused(admin(`${FIN}/voucher/review`, { body: { ids: [v.id] } }), 400, '审核人不能与制单人相同');
    await refused(manager(`${FIN}/voucher/post`, { body: { ids: [v.id] } }), 400, '凭证尚未审核，不能过账');
    const [r] = await okPost(manager, `${FIN}/voucher/review`, { ids: [v.id] });
    expect(r).toMatchObject({ state: 'reviewed', reviewerName: '王经理' });
    await refused(
      admin(`${FIN}/voucher/update`, { body: { ...sale('2025-01-25', '999'), id: v.id } }),
      400,
      '凭证已审核，不能修改或删除，请先反审核',
    );
    await refused(admin(`${FIN}/voucher/remove`, { method: 'POST', query: { ids: v.id } }), 400, '凭证已审核');
    const [p] = await okPost(manager, `${FIN}/voucher/post`, { ids: [v.id] });
    expect(p).toMatchObject({ state: 'posted', posterName: '王经理' });
    await refused(manager(`${FIN}/voucher/unreview`, { body: { ids: [v.id] } }), 400, '凭证已过账，请先反过账');
    // the supervisor may unpost and unreview someone else's work
    await okPost(admin, `${FIN}/voucher/unpost`, { ids: [v.id] });
    const [u] = await okPost(admin, `${FIN}/voucher/unreview`, { ids: [v.id] });
    expect(u.state).toBe('saved');
    const edited = await okPost(admin, `${FIN}/voucher/update`, { ...sale('2025-01-26', '2000', '销售铜'), id: v.id });
    expect(edited).toMatchObject({ no: v.no, voucherDate: '2025-01-26', debitTotal: '2260.00' });
  });

  it('batch actions are all or nothing', async () => {
    const a = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-27', '10'));
    const b = await okPost(manager, `${FIN}/voucher/save`, sale('2025-01-27', '20'));
    // manager made b: reviewing both as manager fails on b, and a stays unreviewed
    await refused(
      manager(`${FIN}/voucher/review`, { body: { ids: [a.id, b.id] } }),
      400,
      `${b.voucherNo}：审核人不能与制单人相同`,
    );
    expect((await okGet(admin, `${FIN}/voucher/detail`, { id: a.id })).state).toBe('saved');
  });
});

describe('red reversal, quantities, auxiliary items', () => {
  it('a posted voucher is cancelled by a red copy; a saved one is not', async () => {
    const v = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-28', '300', '销售铝'));
    await refused(admin(`${FIN}/voucher/reverse`, { body: { id: v.id } }), 400, '尚未审核，可直接修改或删除');
    await okPost(manager, `${FIN}/voucher/review`, { ids: [v.id] });
    await okPost(manager, `${FIN}/voucher/post`, { ids: [v.id] });
    const red = await okPost(admin, `${FIN}/voucher/reverse`, { id: v.id, date: '2025-01-31' });
    expect(red).toMatchObject({
      kind: 'reversal',
      sourceVoucherId: v.id,
      debitTotal: '-339.00',
      totalCapital: '欠叁佰叁拾玖元整',
    });
    expect(
      red.lines.map((l: { summary: string; debit: string; credit: string }) => [l.summary, l.debit, l.credit]),
    ).toEqual([
      [`注销2025年1月28日${v.voucherNo}号凭证`, '-339.00', '0.00'],
      [`注销2025年1月28日${v.voucherNo}号凭证`, '0.00', '-300.00'],
      [`注销2025年1月28日${v.voucherNo}号凭证`, '0.00', '-39.00'],
    ]);
    expect((await okGet(admin, `${FIN}/voucher/detail`, { id: v.id })).reversedById).toBe(red.id);
    await refused(admin(`${FIN}/voucher/reverse`, { body: { id: v.id } }), 400, '已被红字冲销');
  });

  it('a quantity account needs quantity × unit price = amount', async () => {
    const inv = await okGet(admin, `${FIN}/account/detail`, { code: '1405' });
    await okPost(admin, `${FIN}/account/update`, { id: inv.id, quantity: 1, unit: '吨' });
    const body = (q: string, p: string) =>
      voucherBody('2025-01-29', '购入废钢', [
        { accountCode: '1405', debit: '7500.00', quantity: q, unitPrice: p },
        { accountCode: '2202', credit: '7500.00' },
      ]);
    await refused(
      admin(`${FIN}/voucher/save`, { body: body('2.5', '3100') }),
      400,
      '数量 × 单价 = 7750.00，与金额 7500.00 不符',
    );
    const v = await okPost(admin, `${FIN}/voucher/save`, body('2.5', '3000'));
    expect(v.lines[0]).toMatchObject({ quantity: '2.5000', unitPrice: '3000.000000', unit: '吨' });
    await refused(
      admin(`${FIN}/voucher/save`, {
        body: voucherBody('2025-01-29', '购入', [
          { accountCode: '1405', debit: '1' },
          { accountCode: '2202', credit: '1' },
        ]),
      }),
      400,
      '为数量核算，请填写数量和单价',
    );
  });

  it('an account with a dimension needs its item on every line', async () => {
    const dims = await okGet(admin, `${FIN}/accounting-dimensions/list`);
    const customer = dims.find((d: { name: string }) => d.name === '客户').id;
    const item = await okPost(admin, `${FIN}/accounting-dimensions-data/save`, {
      dimensionId: customer,
      code: 'K1',
      name: '华东钢厂',
    });
    const ar = await okPost(admin, `${FIN}/account/save`, { parentCode: '1122', name: '货款', auxDims: [customer] });
    const body = (aux?: Record<string, string>) =>
      voucherBody('2025-01-30', '赊销', [
        { accountCode: ar.code, debit: '500', aux },
        { accountCode: '5001', credit: '500' },
      ]);
    await refused(admin(`${FIN}/voucher/save`, { body: body() }), 400, '需要填写辅助核算「客户」');
    await refused(
      admin(`${FIN}/voucher/save`, { body: body({ [customer]: '1500000000000999999' }) }),
      400,
      '辅助核算项目不存在',
    );
    await refused(admin(`${FIN}/voucher/save`, { body: body({ abc: item.id }) }), 400, '未设置辅助核算');
    const v = await okPost(admin, `${FIN}/voucher/save`, body({ [customer]: item.id }));
    expect(v.lines[0]).toMatchObject({ accountName: '应收账款-货款', auxNames: ['客户：华东钢厂'] });
    // the save answers from the rows it wrote (issue 25): exactly what reading the voucher back answers
    expect(v).toEqual(await okGet(admin, `${FIN}/voucher/detail`, { id: v.id }));
    const edited = await okPost(admin, `${FIN}/voucher/update`, { ...body({ [customer]: item.id }), id: v.id });
    expect(edited).toEqual(await okGet(admin, `${FIN}/voucher/detail`, { id: v.id }));
    expect(edited.no).toBe(v.no);
  });
});

describe('page filters and the voucher summary', () => {
  it('filters by state, account, summary, amount and period; the summary balances', async () => {
    expect((await page(admin, { summary: '销售铜' })).records.map((v: { debitTotal: string }) => v.debitTotal)).toEqual(
      ['2260.00'],
    );
    expect((await page(admin, { accountCode: '1405' })).total).toBe(1);
    expect((await page(admin, { amount: '7500.00' })).total).toBe(1);
    expect((await page(admin, { state: 'posted' })).total).toBe(1);
    expect((await page(admin, { kind: 'reversal' })).total).toBe(1);
    expect((await page(admin, { period: '2025-02' })).total).toBe(0);
    expect((await page(admin, { amountMin: '2000', amountMax: '8000' })).total).toBe(2);
    await refused(admin(`${FIN}/voucher/page`, { query: { period: '2025/01' } }), 400, '会计期间格式不正确');
    const sum = await okGet(admin, `${FIN}/voucher/collect`, { periodFrom: '2025-01', periodTo: '2025-01' });
    expect(sum.totals.debit).toBe(sum.totals.credit);
    expect(sum.rows.every((r: { level: number }) => r.level === 1)).toBe(true);
    const all = await page(admin, { period: '2025-01' });
    expect(sum.voucherCount).toBe(all.total);
    const bank = sum.rows.find((r: { code: string }) => r.code === '1002');
    const expected = all.records
      .flatMap((v: { lines: { accountCode: string; debit: string }[] }) => v.lines)
      .filter((l: { accountCode: string }) => l.accountCode === '1002')
      .reduce((s: number, l: { debit: string }) => s + Math.round(Number(l.debit) * 100), 0);
    expect(Math.round(Number(bank.debit) * 100)).toBe(expected);
  });
});

describe('a new voucher in one statement (issue 25)', () => {
  it('200 lines keep their order and amounts and answer as voucher/detail; a refused save writes no row, draws no number, logs nothing', async () => {
    const db = c.t.database.db;
    const counts = async () =>
      (
        (await db.execute(sql`select
          (select count(*)::int from izs_fin_voucher where account_set_id = ${bookId}) as vouchers,
          (select count(*)::int from izs_fin_voucher_line where account_set_id = ${bookId}) as lines,
          (select coalesce(max(last), 0)::int from izs_fin_voucher_counter
            where account_set_id = ${bookId} and period = '2025-07' and word = '记') as last,
          (select count(*)::int from blade_log_operation where title like '新增凭证 %') as logs`)) as unknown as {
          rows: unknown[];
        }
      ).rows[0] as { vouchers: number; lines: number; last: number; logs: number };
    // pairs: line 2k+1 debits 1002 with (2k+1).25, line 2k+2 credits 5001 with the same
    const lines = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? { accountCode: '1002', debit: `${i + 1}.25`, summary: `收款 ${i + 1}` }
        : { accountCode: '5001', credit: `${i}.25`, summary: `收入 ${i + 1}` },
    );
    const before = await counts();
    const unbalanced = lines.map((l, i) => (i === 199 ? { ...l, credit: '199.24' } : l));
    await refused(
      admin(`${FIN}/voucher/save`, { body: voucherBody('2025-07-15', '大凭证', unbalanced) }),
      400,
      '借贷不平衡：借方合计 10,025.00，贷方合计 10,024.99，差额 0.01',
    );
    expect(await counts()).toEqual(before);

    const v = await okPost(admin, `${FIN}/voucher/save`, voucherBody('2025-07-15', '大凭证', lines));
    expect(v.lines).toHaveLength(200);
    expect(v.lines.map((l: { summary: string }) => l.summary)).toEqual(lines.map((l) => l.summary));
    expect(v.lines.map((l: { debit: string; credit: string }) => [l.debit, l.credit])).toEqual(
      lines.map((l) => [l.debit ?? '0.00', l.credit ?? '0.00']),
    );
    expect([v.debitTotal, v.creditTotal, v.summary]).toEqual(['10025.00', '10025.00', '收款 1']);
    expect(v).toEqual(await okGet(admin, `${FIN}/voucher/detail`, { id: v.id }));
    const after = await counts();
    expect(after).toEqual({
      vouchers: before.vouchers + 1,
      lines: before.lines + 200,
      last: before.last + 1,
      logs: before.logs + 1,
    });
    expect(v.no).toBe(after.last);

    // refused again (a disabled word's restriction aside, the simplest: unbalanced), then the next save is no + 1
    await refused(admin(`${FIN}/voucher/save`, { body: voucherBody('2025-07-16', '大凭证', unbalanced) }), 400);
    const next = await okPost(admin, `${FIN}/voucher/save`, voucherBody('2025-07-16', '小凭证', lines.slice(0, 2)));
    expect(next.no).toBe(v.no + 1);
    expect(next.lines).toHaveLength(2);
    expect(await counts()).toEqual({
      ...after,
      vouchers: after.vouchers + 1,
      lines: after.lines + 2,
      last: after.last + 1,
      logs: after.logs + 1,
    });
  });
});
