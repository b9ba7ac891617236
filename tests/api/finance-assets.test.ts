// @vitest-environment node
/**
 * Fixed assets through the real HTTP app: default types per book (tax minimum lives), acquisition of four cards
 * (one per method, the worked check of fixed_assets.md §2: C = 100,000, r = 5 %, n = 5 years, 200,000 km),
 * depreciation starting the month after acquisition, the run's voucher (借 管理费用-折旧费 / 贷 累计折旧) balancing and
 * exact to the fen, whole depreciation years against the research's figures, no second run of a period, none in a
 * closed period, undo, change of estimate, disposal (the disposal month still depreciated, nothing after), the
 * subsidiary book, history, another book's cards invisible, bad input answered 400 in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, bootFinance, createBook, FIN, type FinCtx, okGet, okPost, refused } from './finance-helpers.ts';

const FA = `${FIN}/fixed-assets`;
let c: FinCtx;
let admin: Api;
let other: Api;
let types: { id: string; code: string; name: string; lifeMonths: number; expenseAccount: string }[];
const cards: Record<string, string> = {};
const company = () => c.depts['绿循再生资源有限公司'];

const card = (code: string, method: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `打包机-${method}`,
  typeId: types.find((t) => t.code === '03')!.id,
  useDept: '生产部',
  inServiceDate: '2025-11-10',
  cost: '100000.00',
  residualRate: '0.05',
  lifeMonths: 60,
  method,
  ...extra,
});

const KM = '3000';
const run = (period: string, workloads: Record<string, string> = { [cards.workload]: KM }) =>
  okPost(admin, `${FA}/depreciation/generate`, { period, workloads });

beforeAll(async () => {
  c = await bootFinance();
  const created = await createBook(c, company(), { name: '固定资产测试账套', enableDate: '2025-11-01' });
  admin = created.api;
  other = (await createBook(c, company(), { name: '另一个账套', enableDate: '2025-11-01' })).api;
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

describe('types', () => {
  it('a book gets the five tax categories with their minimum lives and the small chart accounts', async () => {
    types = await okGet(admin, `${FA}/type/list`);
    expect(types.map((t) => [t.code, t.name, t.lifeMonths])).toEqual([
      ['01', '房屋及建筑物', 240],
      ['02', '机器设备', 120],
      ['03', '器具工具家具', 60],
      ['04', '运输工具', 48],
      ['05', '电子设备', 36],
    ]);
    const machine = types.find((t) => t.code === '02') as unknown as Record<string, string>;
    expect([machine.assetAccount, machine.accumAccount, machine.expenseAccount]).toEqual(['160102', '1602', '560208']);
  });

  it('an enterprise book gets 1601, 1602 and 管理费用-折旧费 660206', async () => {
    const ent = (
      await createBook(c, company(), { name: '企业准则账套', enableDate: '2025-11-01', accountingSystem: 2 })
    ).api;
    const list = await okGet(ent, `${FA}/type/list`);
    const t = list.find((x: { code: string }) => x.code === '02');
    expect([t.assetAccount, t.accumAccount, t.expenseAccount]).toEqual(['1601', '1602', '660206']);
  });

  it('a default life below the tax minimum is refused', async () => {
    await refused(
      admin(`${FA}/type/save`, {
        method: 'POST',
        body: { code: '06', name: '货架', lifeMonths: 24, minLifeMonths: 60 },
      }),
      400,
      '少于税法最低折旧年限',
    );
    const t = await okPost(admin, `${FA}/type/save`, { code: '06', name: '货架', lifeMonths: 60, minLifeMonths: 60 });
    expect(t.lifeMonths).toBe(60);
    await refused(
      admin(`${FA}/type/save`, { method: 'POST', body: { code: '06', name: '重复', lifeMonths: 60 } }),
      400,
      '已存在',
    );
  });
});

describe('cards', () => {
  it('acquires four cards, one per method', async () => {
    for (const m of ['straightLine', 'doubleDeclining', 'sumOfYears']) {
      cards[m] = (await okPost(admin, `${FA}/card/save`, card(`GD-${m}`, m))).id;
    }
    cards.workload = (
      await okPost(admin, `${FA}/card/save`, card('GD-workload', 'workload', { totalWorkload: '200000' }))
    ).id;
    const page = await okGet(admin, `${FA}/card/page`, { current: 1, size: 10 });
    expect(page.total).toBe(4);
    expect(page.records[0]).toMatchObject({ typeName: '器具工具家具', accumulated: '0.00', netValue: '100000.00' });
    // the type's accounts are the card's defaults
    expect(page.records[0]).toMatchObject({ assetAccount: '160105', accumAccount: '1602', expenseAccount: '560208' });
  });

  it('bad input answers 400 naming the problem', async () => {
    const bad = (over: Record<string, unknown>, msg: string) =>
      refused(
        admin(`${FA}/card/save`, { method: 'POST', body: { ...card('GD-X', 'straightLine'), ...over } }),
        400,
        msg,
      );
    await bad({ name: '' }, '请输入资产名称');
    await bad({ cost: '-5' }, '原值格式不正确');
    await bad({ cost: 'abc' }, '原值格式不正确');
    await bad({ residualRate: '5' }, '残值率');
    await bad({ inServiceDate: '2025-02-30' }, '开始使用日期不是有效的日期');
    await bad({ method: 'doubleDeclining', lifeMonths: 50 }, '12 的倍数');
    await bad({ method: 'workload' }, '预计总工作量');
    await bad({ assetAccount: '9999' }, '不存在于当前账套的科目表');
    await bad({ assetAccount: '1601' }, '不是末级科目');
    await bad({ expenseAccount: '1001' }, '折旧费用科目应为费用');
    await bad({ accumAccount: '560208' }, '累计折旧科目应为 1602');
    await bad({ typeId: '123' }, '资产类别不存在');
    await bad({ code: 'GD-straightLine' }, '资产编码「GD-straightLine」已存在');
    // 机器设备: 120 months minimum, 60 % = 72
    await bad({ typeId: types.find((t) => t.code === '02')!.id }, '少于税法最低折旧年限的 60%');
    await refused(admin(`${FA}/depreciation/generate`, { method: 'POST', body: { period: '2025-13' } }), 400, '格式');
    await refused(admin(`${FA}/card/history`, { query: { id: 'x' } }), 400, '资产卡片');
  });

  it("another book's cards are invisible", async () => {
    const page = await okGet(other, `${FA}/card/page`, { current: 1, size: 10 });
    expect(page.total).toBe(0);
    await refused(other(`${FA}/card/detail`, { query: { id: cards.straightLine } }), 400, '不存在');
    await refused(other(`${FA}/card/history`, { query: { id: cards.straightLine } }), 400, '资产卡片不存在');
    await refused(
      other(`${FA}/card/dispose`, { method: 'POST', body: { id: cards.straightLine, disposalDate: '2025-12-01' } }),
      400,
      '资产卡片不存在',
    );
  });
});

describe('the monthly run', () => {
  it('nothing in the acquisition month (depreciation starts the month after)', async () => {
    const p = await okGet(admin, `${FA}/depreciation/preview`, { period: '2025-11' });
    expect(p.total).toBe('0.00');
    expect(p.lines[0].note).toContain('次月起计提');
    await refused(
      admin(`${FA}/depreciation/generate`, { method: 'POST', body: { period: '2025-11' } }),
      400,
      '没有需要计提',
    );
  });

  it('refuses a closed period', async () => {
    await okPost(admin, `${FIN}/period/close`, { period: '2025-11' });
    await refused(admin(`${FA}/depreciation/generate`, { method: 'POST', body: { period: '2025-11' } }), 400, '已结账');
  });

  it('the first month: the worked check to the fen, one balanced voucher 借 管理费用-折旧费 / 贷 累计折旧', async () => {
    const preview = await okGet(admin, `${FA}/depreciation/preview`, {
      period: '2025-12',
      workloads: JSON.stringify({ [cards.workload]: KM }),
    });
    const amount = (id: string) => preview.lines.find((l: { assetId: string }) => l.assetId === id).amount;
    expect(amount(cards.straightLine)).toBe('1583.33'); // (100,000 − 5,000) ÷ 60
    expect(amount(cards.doubleDeclining)).toBe('3333.33'); // 40,000 ÷ 12
    expect(amount(cards.sumOfYears)).toBe('2638.89'); // 31,666.67 ÷ 12
    expect(amount(cards.workload)).toBe('1425.00'); // 3,000 km × 0.475
    expect(preview.total).toBe('8980.55');

    const r = await run('2025-12');
    expect(r).toMatchObject({ period: '2025-12', total: '8980.55', assetCount: 4 });
    const v = await okGet(admin, `${FIN}/voucher/detail`, { id: r.voucherId });
    expect(v.debitTotal).toBe('8980.55');
    expect(v.creditTotal).toBe('8980.55');
    expect(v.voucherDate).toBe('2025-12-31');
    expect(
      v.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['560208', '8980.55', '0.00'],
      ['1602', '0.00', '8980.55'],
    ]);
    expect(v.lines[0].summary).toBe('计提2025年12月固定资产折旧');
    // the run's voucher is marked as such and cannot be edited away from the run
    expect(v.kind).toBe('depreciation');
    const edit = {
      id: v.id,
      word: v.word,
      voucherDate: v.voucherDate,
      attachments: 0,
      lines: v.lines.map((l: { summary: string; accountCode: string; debit: string; credit: string }) => ({
        summary: l.summary,
        accountCode: l.accountCode,
        debit: l.debit === '0.00' ? undefined : '9000.00',
        credit: l.credit === '0.00' ? undefined : '9000.00',
      })),
    };
    await refused(admin(`${FIN}/voucher/update`, { body: edit, method: 'POST' }), 400, '由计提折旧生成，不能修改');
    expect((await okGet(admin, `${FIN}/voucher/detail`, { id: r.voucherId })).debitTotal).toBe('8980.55');
  });

  it('a period is never depreciated twice, nor an earlier one after a later one', async () => {
    await refused(
      admin(`${FA}/depreciation/generate`, { method: 'POST', body: { period: '2025-12' } }),
      400,
      '不能重复计提',
    );
  });

  it('undo deletes the unposted voucher and the run can be made again', async () => {
    const before = await okGet(admin, `${FA}/depreciation/list`);
    await okPost(admin, `${FA}/depreciation/undo`, { period: '2025-12' });
    await refused(admin(`${FIN}/voucher/detail`, { query: { id: before[0].voucherId } }), 400);
    expect(await okGet(admin, `${FA}/depreciation/list`)).toEqual([]);
    const again = await run('2025-12');
    expect(again.total).toBe('8980.55');
    // deleting the run's voucher in the voucher list also undoes the run
    await okPost(admin, `${FIN}/voucher/remove`, {}, { ids: again.voucherId });
    const card1 = await okGet(admin, `${FA}/card/detail`, { id: cards.straightLine });
    expect(card1.accumulated).toBe('0.00');
    expect((await run('2025-12')).total).toBe('8980.55');
  });

  it('whole depreciation years match the research: DDB 40,000, SYD 31,666.67, straight-line 19,000', async () => {
    for (const p of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']) await run(p);
    for (const p of ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']) await run(p);
    const detail = async (id: string) => okGet(admin, `${FA}/card/detail`, { id });
    expect((await detail(cards.straightLine)).accumulated).toBe('18999.96'); // 12 × 1,583.33 (the last month of the life absorbs the 0.04)
    expect((await detail(cards.doubleDeclining)).accumulated).toBe('40000.00');
    expect((await detail(cards.sumOfYears)).accumulated).toBe('31666.67');
    expect((await detail(cards.workload)).accumulated).toBe('17100.00'); // 12 × 1,425
    const runs = await okGet(admin, `${FA}/depreciation/list`);
    expect(runs).toHaveLength(12);
    await refused(admin(`${FA}/depreciation/generate`, { method: 'POST', body: { period: '2025-12' } }), 400);
  });

  it('year two of DDB is 24,000 and of SYD 25,333.33 (schedule)', async () => {
    const sched = await okGet(admin, `${FA}/card/schedule`, { id: cards.doubleDeclining });
    const year = (n: number) =>
      sched
        .filter((r: { year: number }) => r.year === n)
        .reduce((s: number, r: { amount: string }) => s + Math.round(Number(r.amount) * 100), 0) / 100;
    expect([year(1), year(2), year(3), year(4), year(5)]).toEqual([40000, 24000, 14400, 8300, 8300]);
    expect(sched.filter((r: { booked: boolean }) => r.booked)).toHaveLength(12);
    const syd = await okGet(admin, `${FA}/card/schedule`, { id: cards.sumOfYears });
    expect(syd.at(-1).accumulated).toBe('95000.00');
  });
});

describe('change, disposal and the books', () => {
  it('a change of life re-spreads the rest straight-line and is in the history', async () => {
    await okPost(admin, `${FA}/card/change`, {
      id: cards.straightLine,
      changeDate: '2026-12-05',
      lifeMonths: 36,
      useDept: '仓储部',
      reason: '技术进步缩短使用年限',
    });
    const p = await okGet(admin, `${FA}/depreciation/preview`, { period: '2026-12' });
    const line = p.lines.find((l: { assetId: string }) => l.assetId === cards.straightLine);
    // (100,000 − 19,000 − 5,000) ÷ (36 − 12) = 3,166.67
    expect(line.amount).toBe('3166.67');
    const h = await okGet(admin, `${FA}/card/history`, { id: cards.straightLine });
    expect(h.changes.map((x: { kind: string }) => x.kind)).toEqual(['acquire', 'change']);
    expect(h.changes[1].changes.lifeMonths).toEqual([60, 36]);
    expect(h.depreciation).toHaveLength(12);
    await refused(
      admin(`${FA}/card/change`, {
        method: 'POST',
        body: { id: cards.straightLine, changeDate: '2026-12-05', lifeMonths: 10 },
      }),
      400,
      '已计提月数',
    );
    await refused(
      admin(`${FA}/card/update`, { method: 'POST', body: { id: cards.straightLine, cost: '1.00' } }),
      400,
      '通过「变动」修改',
    );
  });

  it('disposal: the disposal month is depreciated, nothing after', async () => {
    await refused(
      admin(`${FA}/card/dispose`, { method: 'POST', body: { id: cards.sumOfYears, disposalDate: '2025-11-20' } }),
      400,
      '2025-11 已结账',
    );
    await refused(
      admin(`${FA}/card/dispose`, { method: 'POST', body: { id: cards.sumOfYears, disposalDate: '2026-06-20' } }),
      400,
      '资产在 2026-07 已计提折旧',
    );
    await okPost(admin, `${FA}/card/dispose`, { id: cards.sumOfYears, disposalDate: '2026-12-20', reason: '报废' });
    const dec = await run('2026-12', { [cards.workload]: KM });
    const jan = await okGet(admin, `${FA}/depreciation/preview`, {
      period: '2027-01',
      workloads: JSON.stringify({ [cards.workload]: KM }),
    });
    const syd = jan.lines.find((l: { assetId: string }) => l.assetId === cards.sumOfYears);
    expect(syd).toMatchObject({ amount: '0.00', note: '已处置' });
    // December: SYD year 2 month 1 = 25,333.33 ÷ 12 = 2,111.11
    const history = await okGet(admin, `${FA}/card/history`, { id: cards.sumOfYears });
    expect(history.depreciation.at(-1)).toMatchObject({ period: '2026-12', amount: '2111.11' });
    expect(dec.assetCount).toBe(4);
    await refused(
      admin(`${FA}/card/dispose`, { method: 'POST', body: { id: cards.sumOfYears, disposalDate: '2026-12-21' } }),
      400,
      '资产已处置',
    );
    await refused(
      admin(`${FA}/card/remove`, { method: 'POST', query: { ids: cards.doubleDeclining } }),
      400,
      '不能删除',
    );
  });

  it('the subsidiary book: opening, movements and closing of cost and accumulated depreciation', async () => {
    const rows = await okGet(admin, `${FA}/subsidiary`, { periodFrom: '2026-12', periodTo: '2026-12' });
    const syd = rows.find((r: { assetId: string }) => r.assetId === cards.sumOfYears);
    expect(syd).toMatchObject({
      openingCost: '100000.00',
      costDecrease: '100000.00',
      closingCost: '0.00',
      openingAccum: '31666.67',
      deprInPeriod: '2111.11',
      accumDecrease: '33777.78',
      closingAccum: '0.00',
    });
    const ddb = rows.find((r: { assetId: string }) => r.assetId === cards.doubleDeclining);
    expect(ddb).toMatchObject({ openingCost: '100000.00', closingCost: '100000.00', deprInPeriod: '2000.00' });
    expect(ddb.closingNet).toBe('58000.00');
    const first = await okGet(admin, `${FA}/subsidiary`, { periodFrom: '2025-11', periodTo: '2025-12' });
    expect(first[0]).toMatchObject({ openingCost: '0.00', costIncrease: '100000.00', closingCost: '100000.00' });
    await refused(
      admin(`${FA}/subsidiary`, { query: { periodFrom: '2026-12', periodTo: '2026-01' } }),
      400,
      '结束期间',
    );
  });

  it('the summary groups by type and department and lists the run vouchers', async () => {
    const rows = await okGet(admin, `${FA}/summary`, { period: '2026-12' });
    expect(rows.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(4);
    expect(rows.map((r: { useDept: string }) => r.useDept).sort()).toEqual(['仓储部', '生产部']);
    const dec = rows.reduce(
      (n: number, r: { deprInPeriod: string }) => n + Math.round(Number(r.deprInPeriod) * 100),
      0,
    );
    const runs = await okGet(admin, `${FA}/depreciation/list`);
    expect(runs).toHaveLength(13);
    expect(Math.round(Number(runs[0].total) * 100)).toBe(dec);
  });
});

describe('a card entered late', () => {
  it('its months before the latest run are caught up in the next run (补提)', async () => {
    const late = await okPost(admin, `${FA}/card/save`, {
      ...card('GD-late', 'straightLine'),
      name: '地磅',
      inServiceDate: '2026-10-08',
      cost: '36000',
      residualRate: '0',
      lifeMonths: 36,
    });
    // November and December 2026 were run before the card existed: January takes three months
    const jan = await okGet(admin, `${FA}/depreciation/preview`, {
      period: '2027-01',
      workloads: JSON.stringify({ [cards.workload]: KM }),
    });
    const line = jan.lines.find((l: { assetId: string }) => l.assetId === late.id);
    expect(line).toMatchObject({ amount: '3000.00', note: '含以前月份补提' });
    const r = await run('2027-01');
    const v = await okGet(admin, `${FIN}/voucher/detail`, { id: r.voucherId });
    expect(v.debitTotal).toBe(r.total);
    expect(v.creditTotal).toBe(r.total);
    const feb = await okGet(admin, `${FA}/depreciation/preview`, { period: '2027-02' });
    expect(feb.lines.find((l: { assetId: string }) => l.assetId === late.id).amount).toBe('1000.00');
  });

  it('期初累计折旧 of an asset older than the book counts as depreciated', async () => {
    const old = await okPost(admin, `${FA}/card/save`, {
      ...card('GD-old', 'straightLine'),
      name: '旧电脑',
      typeId: types.find((t) => t.code === '05')!.id,
      inServiceDate: '2025-01-10',
      cost: '12000',
      residualRate: '0',
      lifeMonths: 24,
      openingAccumulated: '11500',
    });
    const detail = await okGet(admin, `${FA}/card/detail`, { id: old.id });
    expect(detail).toMatchObject({ accumulated: '11500.00', netValue: '500.00', openingAccumulated: '11500.00' });
    const feb = await okGet(admin, `${FA}/depreciation/preview`, { period: '2027-02' });
    expect(feb.lines.find((l: { assetId: string }) => l.assetId === old.id).amount).toBe('500.00');
    await refused(
      admin(`${FA}/card/save`, {
        method: 'POST',
        body: { ...card('GD-old2', 'straightLine'), openingAccumulated: '95000.01' },
      }),
      400,
      '期初累计折旧不能大于应计折旧额',
    );
  });
});

const lineOf = (v: { lines: { accountCode: string; debit: string; credit: string }[] }) =>
  v.lines.map((l) => [l.accountCode, l.debit, l.credit]);

describe('acquisition and disposal vouchers', () => {
  let truck: string;

  it('a card bought in the book: 借 固定资产 + 进项税额 / 贷 银行存款, once; one older than the book gets none', async () => {
    truck = (
      await okPost(admin, `${FA}/card/save`, {
        ...card('GD-truck', 'straightLine'),
        name: '抓钢机',
        typeId: types.find((t) => t.code === '02')!.id,
        inServiceDate: '2027-02-05',
        cost: '120000',
        residualRate: '0',
        lifeMonths: 120,
      })
    ).id;
    const assetAccount = (await okGet(admin, `${FA}/card/detail`, { id: truck })).assetAccount;
    const v = await okPost(admin, `${FA}/card/acquire-voucher`, {
      id: truck,
      creditAccount: '1002',
      taxAmount: '15600',
    });
    expect(v).toMatchObject({ kind: 'asset', voucherDate: '2027-02-05', debitTotal: '135600.00' });
    expect(lineOf(v)).toEqual([
      [assetAccount, '120000.00', '0.00'],
      ['22210101', '15600.00', '0.00'],
      ['1002', '0.00', '135600.00'],
    ]);
    await refused(
      admin(`${FA}/card/acquire-voucher`, { method: 'POST', body: { id: truck, creditAccount: '1002' } }),
      400,
      `已生成新增凭证 ${v.word}-${v.no}`,
    );
    const history = await okGet(admin, `${FA}/card/history`, { id: truck });
    expect(history.changes[0]).toMatchObject({ kind: 'acquire', voucherId: v.id, voucherNo: `${v.word}-${v.no}` });
    const old = (await okGet(admin, `${FA}/card/page`, { code: 'GD-old' })).records[0];
    await refused(
      admin(`${FA}/card/acquire-voucher`, { method: 'POST', body: { id: old.id, creditAccount: '1002' } }),
      400,
      '账套启用前取得',
    );
    await refused(
      admin(`${FA}/card/acquire-voucher`, { method: 'POST', body: { id: truck, creditAccount: '12x' } }),
      400,
      '对方科目',
    );
  });

  it('a sale below book value: 固定资产清理 closed to 营业外支出; without proceeds the whole net value is the loss, after the disposal month is depreciated', async () => {
    await okPost(admin, `${FA}/card/dispose`, { id: truck, disposalDate: '2027-03-15', reason: '出售' });
    await refused(
      admin(`${FA}/card/dispose-voucher`, {
        method: 'POST',
        body: { id: truck, proceeds: '100000', proceedsAccount: '1002' },
      }),
      400,
      '请先计提 2027-03 的折旧',
    );
    await run('2027-02');
    await run('2027-03');
    const history = await okGet(admin, `${FA}/card/history`, { id: truck });
    expect(history.depreciation).toEqual([expect.objectContaining({ period: '2027-03', amount: '1000.00' })]);
    const detail = await okGet(admin, `${FA}/card/detail`, { id: truck });
    const v = await okPost(admin, `${FA}/card/dispose-voucher`, {
      id: truck,
      proceeds: '100000',
      proceedsAccount: '1002',
    });
    expect(v).toMatchObject({
      kind: 'asset',
      voucherDate: '2027-03-15',
      debitTotal: '239000.00',
      creditTotal: '239000.00',
    });
    expect(lineOf(v)).toEqual([
      ['1606', '119000.00', '0.00'],
      ['1602', '1000.00', '0.00'],
      [detail.assetAccount, '0.00', '120000.00'],
      ['1002', '100000.00', '0.00'],
      ['1606', '0.00', '100000.00'],
      [expect.stringMatching(/^5711/), '19000.00', '0.00'],
      ['1606', '0.00', '19000.00'],
    ]);
    // 1606 nets to nil
    const clearing = v.lines.filter((l: { accountCode: string }) => l.accountCode === '1606');
    const net = clearing.reduce(
      (s: number, l: { debit: string; credit: string }) =>
        s + Math.round(Number(l.debit) * 100) - Math.round(Number(l.credit) * 100),
      0,
    );
    expect(net).toBe(0);
    await refused(admin(`${FA}/card/dispose-voucher`, { method: 'POST', body: { id: truck } }), 400, '已生成处置凭证');
    // the record's written-off depreciation now includes March
    const after = await okGet(admin, `${FA}/card/history`, { id: truck });
    expect(after.changes.find((x: { kind: string }) => x.kind === 'dispose')).toMatchObject({
      accumDelta: '-1000.00',
      voucherNo: `${v.word}-${v.no}`,
    });
    // deleting the voucher frees the record
    await okPost(admin, `${FIN}/voucher/remove`, {}, { ids: v.id });
    const again = await okPost(admin, `${FA}/card/dispose-voucher`, { id: truck });
    expect(lineOf(again).at(-1)).toEqual(['1606', '0.00', '119000.00']);
  });
});

describe('disposal vouchers under 企业会计准则', () => {
  it('a sale (with its output VAT) goes to 资产处置损益, a write-off without proceeds to 营业外支出-非流动资产毁损报废损失', async () => {
    const ent = (
      await createBook(c, company(), { name: '企业准则资产账套', enableDate: '2025-11-01', accountingSystem: 2 })
    ).api;
    const entTypes = await okGet(ent, `${FA}/type/list`);
    const base = {
      typeId: entTypes.find((t: { code: string }) => t.code === '02').id,
      useDept: '生产部',
      inServiceDate: '2025-11-10',
      cost: '50000',
      residualRate: '0',
      lifeMonths: 120,
      method: 'straightLine',
    };
    const sold = (await okPost(ent, `${FA}/card/save`, { ...base, code: 'QY-1', name: '叉车' })).id;
    const scrapped = (await okPost(ent, `${FA}/card/save`, { ...base, code: 'QY-2', name: '旧磅秤' })).id;
    // disposed in the month they came: nothing to depreciate yet, so the vouchers need no run
    for (const id of [sold, scrapped]) {
      await okPost(ent, `${FA}/card/dispose`, { id, disposalDate: '2025-11-28', reason: '处置' });
    }
    await refused(
      ent(`${FA}/card/dispose-voucher`, { method: 'POST', body: { id: scrapped, taxAmount: '10' } }),
      400,
      '没有处置收入，不能有销项税额',
    );
    // sold for 52,000 plus 3 % 减按 2 % VAT 1,040
    const sale = await okPost(ent, `${FA}/card/dispose-voucher`, {
      id: sold,
      proceeds: '52000',
      taxAmount: '1040',
      proceedsAccount: '1002',
    });
    expect(lineOf(sale).slice(2, 5)).toEqual([
      ['1002', '53040.00', '0.00'],
      ['1606', '0.00', '52000.00'],
      [expect.stringMatching(/^222101/), '0.00', '1040.00'],
    ]);
    expect(sale.lines[4].accountName).toContain('销项税额');
    expect(lineOf(sale).slice(-2)).toEqual([
      ['1606', '2000.00', '0.00'],
      ['6115', '0.00', '2000.00'],
    ]);
    const off = await okPost(ent, `${FA}/card/dispose-voucher`, { id: scrapped });
    expect(lineOf(off).slice(-2)).toEqual([
      [expect.stringMatching(/^6711/), '50000.00', '0.00'],
      ['1606', '0.00', '50000.00'],
    ]);
  });
});
