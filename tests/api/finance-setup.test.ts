// @vitest-environment node
/**
 * Accounting set-up through the real HTTP app (issue 5): the account-check status, account sets of both standards
 * and tax natures (chart copied from the preset), validation, the book header's isolation (department, tenant,
 * membership, permission), account-set users, the chart (4-2-2 sub-accounts, migration of a used leaf, removal and
 * disabling rules), dimensions and their items (assist-data map, batch, sync), voucher words and opening balances
 * (the trial-balance check, mid-year 本年累计, lock after the start period is closed).
 */
import { and, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, role, roleMenu } from '../../server/db/schema/index.ts';
import {
  type Api,
  apiFor,
  BOOK_FORM,
  bootFinance,
  createBook,
  FIN,
  type FinCtx,
  okGet,
  okPost,
  refused,
  voucherBody,
} from './finance-helpers.ts';
import { OTHER_TENANT, otherTenantAdmin } from './system-helpers.ts';

let c: FinCtx;
let small: { book: Record<string, unknown> & { id: string }; api: Api };
beforeAll(async () => {
  c = await bootFinance();
  small = await createBook(c, c.financeDept, {
    name: '小规模账套',
    accountingSystem: 1,
    taxNature: '2',
    enableDate: '2025-07-01',
  });
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

const check = (token: string, deptId?: string) =>
  okGet(apiFor(c, token), `${FIN}/account-set/check`, deptId ? { deptId } : {});

describe('account check status (spec §4)', () => {
  it('0 without the accounting menus, 1 without a usable book, 2 with one', async () => {
    expect(await check(c.clerk)).toBe(0);
    expect(await check(c.admin, c.depts['过磅中心'])).toBe(1);
    // the administrator's own organisation (the company) holds the demo book: its accounting pages open at once
    expect(await check(c.admin)).toBe(2);
    expect(await check(c.admin, c.financeDept)).toBe(2);
    // the manager holds the menus but is not a user of the 财务部 book, and 财务部 is not one of its departments
    expect(await check(c.manager, c.financeDept)).toBe(0);
    expect(await check(c.manager, c.depts['华东分公司'])).toBe(1);
  });
});

describe('account sets', () => {
  it('a small-scale book gets the small-enterprise chart with 222101 as a leaf', async () => {
    const list = await okGet(small.api, `${FIN}/account/list`);
    const codes = list.map((a: { code: string }) => a.code);
    expect(codes).toContain('3103'); // 本年利润 of the small-enterprise chart
    expect(codes).not.toContain('4103');
    const vat = list.find((a: { code: string }) => a.code === '222101');
    expect(vat).toMatchObject({ name: '应交增值税', leaf: true, fullName: '应交税费-应交增值税' });
    expect(codes).not.toContain('22210101');
    expect(small.book).toMatchObject({
      startPeriod: '2025-07',
      currentPeriod: '2025-07',
      deptName: '财务部',
      taxAddressName: '徐汇区',
      bindingUser: '管理员',
      supervisor: true,
      // the first book of 财务部 becomes the admin's default there
      userDefault: '1',
    });
  });

  it('an enterprise general-taxpayer book gets the enterprise chart with the VAT 专栏', async () => {
    const { api } = await createBook(c, c.financeDept, {
      name: '企业会计准则账套',
      accountingSystem: 2,
      taxNature: '1',
      enableDate: '2025-01-01',
      voucherWords: 'threeWords',
    });
    const list = await okGet(api, `${FIN}/account/list`, { keyword: '本年利润' });
    expect(list.map((a: { code: string }) => a.code)).toEqual(['4103']);
    const vat = await okGet(api, `${FIN}/account/detail`, { code: '22210101' });
    expect(vat.fullName).toBe('应交税费-应交增值税-进项税额');
    const words = await okGet(api, `${FIN}/voucher-word/list`);
    expect(words.map((w: { word: string }) => w.word)).toEqual(['收', '付', '转']);
    const tree = await okGet(api, `${FIN}/account/tree`, { category: '损益' });
    expect(tree.map((n: { code: string }) => n.code)).toContain('6001');
  });

  it('bad input answers 400 naming the field and writes nothing', async () => {
    const admin = apiFor(c, c.admin, c.financeDept);
    const cases: [Record<string, unknown>, string][] = [
      [{ enableDate: '2025-01-01' }, '请输入账套名称'],
      [{ name: 'x', enableDate: '2025-02-30' }, '启用日期不是有效的日期'],
      [{ name: 'x', enableDate: '2025-01-01', accountingSystem: 3 }, '请选择会计准则'],
      [{ name: 'x', enableDate: '2025-01-01', dutyParagraph: '123' }, '纳税人识别号应为'],
      [{ name: 'x', enableDate: '2025-01-01', taxAddress: '999999' }, '税务地区不存在'],
      [{ name: '小规模账套', enableDate: '2025-01-01' }, '账套名称已存在'],
    ];
    for (const [body, msg] of cases) {
      await refused(admin(`${FIN}/account-set/save`, { body: { ...BOOK_FORM, ...body } }), 400, msg);
    }
    const page = await okGet(admin, `${FIN}/account-set/page`, { size: 200 });
    expect(page.records.map((b: { name: string }) => b.name).sort()).toEqual(['企业会计准则账套', '小规模账套']);
  });

  it('the default flag is one per department; page, list and detail', async () => {
    const { book } = await createBook(c, c.financeDept, { name: '默认账套', enableDate: '2025-01-01', isDefault: '1' });
    const admin = apiFor(c, c.admin, c.financeDept);
    await okPost(admin, `${FIN}/account-set/update`, { id: small.book.id, isDefault: '1' });
    const list = await okGet(admin, `${FIN}/account-set/list`, { deptId: c.financeDept });
    const flags = Object.fromEntries(list.map((b: { name: string; isDefault: string }) => [b.name, b.isDefault]));
    expect(flags).toEqual({ 小规模账套: '1', 企业会计准则账套: '0', 默认账套: '0' });
    const detail = await okGet(admin, `${FIN}/account-set/detail`, { id: book.id });
    expect(detail).toMatchObject({ name: '默认账套', accountingSystem: 1, taxNature: '1' });
    // another department lists its own books only
    expect((await okGet(apiFor(c, c.admin, c.depts['过磅中心']), `${FIN}/account-set/page`)).total).toBe(0);
  });

  it('the standard may change only while the book is empty (the chart is rebuilt)', async () => {
    const { book, api } = await createBook(c, c.financeDept, { name: '换准则账套', enableDate: '2025-01-01' });
    const admin = apiFor(c, c.admin, c.financeDept);
    const changed = await okPost(admin, `${FIN}/account-set/update`, { id: book.id, accountingSystem: 2 });
    expect(changed.accountingSystem).toBe(2);
    expect((await okGet(api, `${FIN}/account/detail`, { code: '6001' })).name).toBe('主营业务收入');
    await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: '1001', balance: '10' },
        { accountCode: '4001', balance: '10' },
      ],
    });
    await refused(
      admin(`${FIN}/account-set/update`, { body: { id: book.id, accountingSystem: 1 } }),
      400,
      '不能修改会计准则',
    );
    await refused(
      admin(`${FIN}/account-set/update`, { body: { id: book.id, enableDate: '2025-02-01' } }),
      400,
      '启用期间',
    );
    expect((await okPost(admin, `${FIN}/account-set/update`, { id: book.id, name: '换准则账套2' })).name).toBe(
      '换准则账套2',
    );
  });
});

describe('the book header scopes every finance call', () => {
  it('missing header 400; another department 403; clerk 403; not a member 403', async () => {
    const noBook = apiFor(c, c.admin, c.financeDept);
    await refused(noBook(`${FIN}/account/list`), 400, '请先选择账套');
    const otherDept = apiFor(c, c.admin, c.depts['过磅中心'], small.book.id);
    await refused(otherDept(`${FIN}/account/list`), 403, '不属于当前机构');
    await refused(apiFor(c, c.clerk, undefined, small.book.id)(`${FIN}/account/list`), 403, '没有权限');
    // the manager may not even name 财务部 (not one of its departments)
    await refused(apiFor(c, c.manager, c.financeDept, small.book.id)(`${FIN}/account/list`), 403);
    await refused(apiFor(c, c.admin, c.financeDept, '123')(`${FIN}/account/list`), 403, '账套不存在或无权访问');
  });

  it('a book of the company department needs membership; the supervisor adds users', async () => {
    const company = c.depts['绿循再生资源有限公司'];
    const { book, api } = await createBook(c, company, { name: '公司账套-成员', enableDate: '2025-01-01' });
    const manager = apiFor(c, c.manager, company, book.id);
    await refused(manager(`${FIN}/account/list`), 403, '您不是该账套的用户');
    const candidates = await okGet(apiFor(c, c.admin, company), `${FIN}/account-set/user-list`, {
      accountSetId: book.id,
    });
    expect(candidates.map((u: { account: string }) => u.account)).toEqual(['admin', 'manager']);
    const adminId = candidates.find((u: { account: string }) => u.account === 'admin').id;
    const managerId = candidates.find((u: { account: string }) => u.account === 'manager').id;
    await refused(
      api(`${FIN}/account-set-user/update`, { body: { accountSetId: book.id, users: [{ userId: managerId }] } }),
      400,
      '至少需要一个账套主管',
    );
    const users = await okPost(api, `${FIN}/account-set-user/update`, {
      accountSetId: book.id,
      users: [
        { userId: adminId, supervisor: 1 },
        { userId: managerId, supervisor: 0, isDefault: '1' },
      ],
    });
    expect(users.map((u: { account: string; supervisor: number }) => [u.account, u.supervisor])).toEqual([
      ['admin', 1],
      ['manager', 0],
    ]);
    expect((await okGet(manager, `${FIN}/account/list`, { keyword: '库存现金' }))[0].code).toBe('1001');
    const page = await okGet(manager, `${FIN}/account-set-user/page`);
    expect(page.total).toBe(2);
    // not a supervisor: cannot change the members
    await refused(
      manager(`${FIN}/account-set-user/update`, {
        body: { accountSetId: book.id, users: [{ userId: managerId, supervisor: 1 }] },
      }),
      403,
      '只有账套主管',
    );
    expect(await check(c.manager, company)).toBe(2);
    const mine = await okGet(apiFor(c, c.manager, company), `${FIN}/account-set/page`);
    expect(mine.records.map((b: { name: string; userDefault: string }) => [b.name, b.userDefault])).toContainEqual([
      '公司账套-成员',
      '1',
    ]);
  });

  it("another tenant's admin never sees the book, whatever id it sends", async () => {
    const token = await otherTenantAdmin(c.t);
    const db = c.t.database.db;
    // give the other tenant's admin role every accounting menu so that only the tenant check can refuse it
    const [r] = await db.select({ id: role.id }).from(role).where(eq(role.tenantId, OTHER_TENANT));
    const menus = await db
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.isDeleted, 0), or(like(menu.code, 'finance%'), like(menu.code, 'accounting%'))));
    await db.insert(roleMenu).values(menus.map((m) => ({ roleId: r.id, menuId: m.id })));
    const other = apiFor(c, token, undefined, small.book.id);
    await refused(other(`${FIN}/account/list`), 403, '账套不存在或无权访问');
    await refused(other(`${FIN}/voucher/page`), 403);
    await refused(other(`${FIN}/account-set/detail`, { query: { id: small.book.id } }), 403);
    expect(await okGet(other, `${FIN}/account-set/check`)).toBe(1);
  });
});

describe('chart of accounts', () => {
  it('sub-accounts follow 4-2-2; a used leaf hands its balances to its first child', async () => {
    const api = small.api;
    const bank1 = await okPost(api, `${FIN}/account/save`, { parentCode: '1002', name: '工商银行' });
    expect(bank1).toMatchObject({ code: '100201', level: 2, direction: 'debit', category: '资产', leaf: true });
    expect(await okGet(api, `${FIN}/account/next-code`, { parentCode: '1002' })).toBe('100202');
    await refused(api(`${FIN}/account/save`, { body: { parentCode: '1002', name: '工商银行' } }), 400, '已存在');
    await refused(
      api(`${FIN}/account/save`, { body: { parentCode: '1002', code: '100301', name: 'x' } }),
      400,
      '加两位数字',
    );
    // 1012 其他货币资金 gets an opening balance, then a child: the balance moves to the child
    await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: '1012', balance: '500.00' },
        { accountCode: '3001', balance: '500.00' },
      ],
    });
    const child = await okPost(api, `${FIN}/account/save`, { parentCode: '1012', name: '存出投资款' });
    expect(child.code).toBe('101201');
    const list = await okGet(api, `${FIN}/opening/list`);
    const row = (code: string) => list.find((r: { code: string }) => r.code === code);
    expect(row('101201')).toMatchObject({ balance: '500.00', leaf: true });
    expect(row('1012')).toMatchObject({ balance: '500.00', leaf: false });
    // removal rules
    const acc = await okGet(api, `${FIN}/account/detail`, { code: '1001' });
    await refused(api(`${FIN}/account/remove`, { method: 'POST', query: { ids: acc.id } }), 400, '系统预置科目');
    await refused(api(`${FIN}/account/remove`, { method: 'POST', query: { ids: child.id } }), 400, '已有期初余额');
    await refused(api(`${FIN}/account/enable`, { body: { ids: [child.id], status: 0 } }), 400, '有余额，不能停用');
    const spare = await okPost(api, `${FIN}/account/save`, { parentCode: '1002', name: '建设银行' });
    await okPost(api, `${FIN}/account/remove`, {}, { ids: spare.id });
    // the deleted code is not reused
    expect(await okGet(api, `${FIN}/account/next-code`, { parentCode: '1002' })).toBe('100203');
    await refused(api(`${FIN}/account/update`, { body: { id: acc.id, name: '现金' } }), 400, '不能修改名称');
  });
});

describe('dimensions and items', () => {
  it('preset dimensions, items, the assist-data map, batch add all-or-nothing, sync from base data', async () => {
    const api = small.api;
    const dims = await okGet(api, `${FIN}/accounting-dimensions/list`);
    expect(dims.map((d: { name: string }) => d.name)).toEqual(['客户', '供应商', '部门', '职员', '项目', '存货']);
    const customer = dims[0].id;
    const project = dims[4].id;
    const item = await okPost(api, `${FIN}/accounting-dimensions-data/save`, {
      dimensionId: customer,
      code: 'KH001',
      name: '宝钢回收站',
    });
    expect(item).toMatchObject({ code: 'KH001', dimensionId: customer });
    expect((await okGet(api, `${FIN}/accounting-dimensions-data/detail`, { id: item.id })).sourceName).toBe('客户');
    await refused(
      api(`${FIN}/accounting-dimensions-data/save`, { body: { dimensionId: customer, code: 'KH001', name: 'x' } }),
      400,
      '编码已存在',
    );
    await refused(
      api(`${FIN}/accounting-dimensions-data/save-list`, {
        body: {
          dimensionId: project,
          items: [
            { code: 'XM01', name: '厂区改造' },
            { code: 'XM01', name: '重复' },
          ],
        },
      }),
      400,
      '第2行',
    );
    expect(await okGet(api, `${FIN}/accounting-dimensions-data/list-data`, { dimensionId: project })).toEqual([]);
    expect(
      await okPost(api, `${FIN}/accounting-dimensions-data/save-list`, {
        dimensionId: project,
        items: [
          { code: 'XM01', name: '厂区改造' },
          { code: 'XM02', name: '新建仓库' },
        ],
      }),
    ).toEqual({ added: 2 });
    const synced = await okPost(api, `${FIN}/accounting-dimensions-data/sync`, { dimensionId: dims[1].id });
    expect(synced.added).toBeGreaterThan(0);
    const all = await okGet(api, `${FIN}/accounting-dimensions-data/all-map`);
    expect(Object.keys(all)).toEqual(dims.map((d: { id: string }) => d.id));
    expect(all[project].map((i: { sourceName: string }) => i.sourceName)).toEqual(['项目', '项目']);
    expect(all[dims[1].id].length).toBe(synced.added);
    const map = await okGet(api, `${FIN}/accounting-dimensions-data/map`, { dimensionId: customer });
    expect(map).toEqual({ [item.id]: '宝钢回收站' });
    expect((await okGet(api, `${FIN}/accounting-dimensions-source/list`)).length).toBe(7);
    await refused(api(`${FIN}/accounting-dimensions/delete`, { query: { ids: customer } }), 400, '系统预置维度');
    // an account with 客户 needs the item on every opening and voucher line; a used item cannot be deleted
    const ar = await okPost(api, `${FIN}/account/save`, { parentCode: '1122', name: '货款', auxDims: [customer] });
    expect(ar.auxNames).toEqual(['客户']);
    await refused(
      api(`${FIN}/opening/save`, { body: { items: [{ accountCode: ar.code, balance: '100' }] } }),
      400,
      '需要填写辅助核算「客户」',
    );
    await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: ar.code, aux: { [customer]: item.id }, balance: '100' },
        { accountCode: '3001', balance: '600.00' },
      ],
    });
    await refused(
      api(`${FIN}/accounting-dimensions-data/delete`, { query: { ids: item.id } }),
      400,
      '已被凭证或期初余额使用',
    );
    await refused(api(`${FIN}/account/update`, { body: { id: ar.id, auxDims: [] } }), 400, '不能修改辅助核算');
    const opening = (await okGet(api, `${FIN}/opening/list`)).find((r: { code: string }) => r.code === ar.code);
    expect(opening.items).toEqual([expect.objectContaining({ balance: '100.00', auxNames: ['客户：宝钢回收站'] })]);
  });
});

describe('voucher words', () => {
  it('a restricted word refuses a voucher that breaks it; a used word cannot be removed', async () => {
    const api = small.api;
    await refused(api(`${FIN}/voucher-word/save`, { body: { word: '记', name: '重复' } }), 400, '凭证字「记」已存在');
    await refused(
      api(`${FIN}/voucher-word/save`, {
        body: { word: '收', name: '收款凭证', restriction: 'debitMust', codes: '9999' },
      }),
      400,
      '限制科目 9999 不存在',
    );
    const w = await okPost(api, `${FIN}/voucher-word/save`, {
      word: '收',
      name: '收款凭证',
      restriction: 'debitMust',
      codes: '1001,1002',
    });
    const bad = voucherBody(
      '2025-07-02',
      '收货款',
      [
        { accountCode: '1221', debit: '10' },
        { accountCode: '5001', credit: '10' },
      ],
      '收',
    );
    await refused(api(`${FIN}/voucher/save`, { body: bad }), 400, '要求借方必有科目 1001/1002');
    await okPost(
      api,
      `${FIN}/voucher/save`,
      voucherBody(
        '2025-07-02',
        '收货款',
        [
          { accountCode: '1001', debit: '10' },
          { accountCode: '5001', credit: '10' },
        ],
        '收',
      ),
    );
    await refused(api(`${FIN}/voucher-word/remove`, { method: 'POST', query: { ids: w.id } }), 400, '已被凭证使用');
    expect((await okGet(api, `${FIN}/voucher-word/page`)).total).toBe(2);
  });
});

describe('opening balances', () => {
  it('the trial-balance check, 损益类 openings refused, mid-year 本年累计, locked once the start period is closed', async () => {
    const { book, api } = await createBook(c, c.financeDept, {
      name: '期初账套',
      enableDate: '2025-04-01',
      reviewRequired: 0,
      postingRequired: 0,
    });
    await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: '1001', balance: '1000.00', ytdDebit: '300', ytdCredit: '200' },
        { accountCode: '3001', balance: '800.00' },
      ],
    });
    const unbalanced = await okGet(api, `${FIN}/opening/check`);
    expect(unbalanced.balanced).toBe(false);
    expect(unbalanced.problems).toContain('期初余额试算不平衡：借方合计 1000.00，贷方合计 800.00');
    expect(unbalanced.problems.some((p: string) => p.startsWith('本年累计发生额不平衡'))).toBe(true);
    await refused(
      api(`${FIN}/opening/save`, { body: { items: [{ accountCode: '5001', balance: '5' }] } }),
      400,
      '损益类科目',
    );
    await refused(
      api(`${FIN}/opening/save`, { body: { items: [{ accountCode: '2221', balance: '5' }] } }),
      400,
      '不是末级科目',
    );
    // Q1: sold 300 on credit, collected it, carried 300 of 收入 to 本年利润 (5001 both sides incl. the 结转)
    const ok = await okPost(api, `${FIN}/opening/save`, {
      items: [
        { accountCode: '3001', balance: '700.00' },
        { accountCode: '3103', balance: '300.00', ytdCredit: '300' },
        { accountCode: '5001', ytdDebit: '300', ytdCredit: '300', ytdPl: '300' },
        { accountCode: '1001', balance: '1000.00', ytdDebit: '300', ytdCredit: '0' },
        { accountCode: '1122', balance: '0', ytdDebit: '300', ytdCredit: '300' },
      ],
    });
    expect(ok).toMatchObject({
      balanced: true,
      problems: [],
      midYear: true,
      totals: { debit: '1000.00', credit: '1000.00' },
    });
    const list = await okGet(api, `${FIN}/opening/list`);
    expect(list.find((r: { code: string }) => r.code === '1001')).toMatchObject({
      balance: '1000.00',
      yearOpening: '700.00',
    });
    // closing the start period locks the openings
    await okPost(api, `${FIN}/period/close`, { period: '2025-04' });
    await refused(
      api(`${FIN}/opening/save`, { body: { items: [{ accountCode: '1001', balance: '1' }] } }),
      400,
      '启用期间已结账',
    );
    await okPost(api, `${FIN}/period/reopen`, { period: '2025-04' });
    await okPost(api, `${FIN}/opening/save`, { items: [{ accountCode: '1002', balance: '0' }] });
    expect(
      (await okGet(apiFor(c, c.admin, c.financeDept), `${FIN}/account-set/detail`, { id: book.id })).closedThrough,
    ).toBe('');
  });

  it('a January start takes no 本年累计', async () => {
    const { api } = await createBook(c, c.financeDept, { name: '一月账套', enableDate: '2025-01-01' });
    await refused(
      api(`${FIN}/opening/save`, { body: { items: [{ accountCode: '1001', balance: '1', ytdDebit: '1' }] } }),
      400,
      '启用期间为1月',
    );
  });
});

describe('demo seed', () => {
  it('the company book: last month posted, carried forward and closed; this month one voucher per state', async () => {
    const company = c.depts['绿循再生资源有限公司'];
    const [demo] = (await okGet(apiFor(c, c.admin, company), `${FIN}/account-set/list`)).filter(
      (b: { name: string }) => b.name === '绿循再生 总账',
    );
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(demo).toMatchObject({ isDefault: '1', currentPeriod: current, bindingUser: '管理员' }); // the company's default book
    const start = demo.startPeriod;
    expect(demo.closedThrough).toBe(start);
    const api = apiFor(c, c.admin, company, demo.id);
    const tb = await okGet(api, `${FIN}/ledger/balance`, { periodFrom: start, periodTo: start, level: 1 });
    expect(tb.balanced).toBe(true);
    expect(
      tb.rows
        .filter((r: { category: string }) => r.category === '损益')
        .every(
          (r: { closingDebit: string; closingCredit: string }) =>
            r.closingDebit === '0.00' && r.closingCredit === '0.00',
        ),
    ).toBe(true);
    const bs = await okGet(api, `${FIN}/report/balance-sheet`, { period: start });
    expect(bs.balanced).toBe(true);
    const is = await okGet(api, `${FIN}/report/income-statement`, { period: start });
    // sales 52,200 + 181,500 + 76,000
    expect(is.rows.find((r: { line: number }) => r.line === 1).values.month).toBe('309700.00');
    const states = (await okGet(api, `${FIN}/voucher/page`, { period: current })).records.map(
      (v: { state: string }) => v.state,
    );
    expect(states).toEqual(['posted', 'reviewed', 'saved']);
    const stock = await okGet(api, `${FIN}/ledger/subsidiary`, {
      accountCode: '140501',
      periodFrom: start,
      periodTo: start,
    });
    expect(stock.rows.at(-2)).toMatchObject({ debit: '48175.00', credit: '41765.35', balance: '75409.65' });
  });
});
