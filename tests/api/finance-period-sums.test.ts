// @vitest-environment node
/**
 * Maintained period sums (issue 25): izs_fin_period_sum equals the Σ of the live voucher lines after every kind of
 * write — the demo seed, save, edit, review, post, unpost, delete, red reversal, 结转损益 — and the trial balance read
 * from them matches the lines. A voucher line written behind the triggers' back is found by the check and put
 * right by the rebuild (what `npm run ledger:verify [-- --rebuild]` runs).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_PATHS } from '../../core/contract/izs-financing/dimension.contract.ts';
import { rows } from '../../server/db/client.ts';
import { accountSet, finDimension, finDimensionData } from '../../server/db/schema/index.ts';
import { loadBookChart, toBook } from '../../server/modules/izs-financing/book.ts';
import { statementOf, statementOut } from '../../server/modules/izs-financing/books.ts';
import { loadLedger } from '../../server/modules/izs-financing/ledger-data.ts';
import { diffPeriodSums, rebuildPeriodSums } from '../../server/modules/izs-financing/period-sums.ts';
import {
  type Api,
  apiFor,
  bootFinance,
  createBook,
  FIN,
  type FinCtx,
  okGet,
  okPost,
  voucherBody,
} from './finance-helpers.ts';

let c: FinCtx;
let admin: Api;
let manager: Api;
let bookId: string;

beforeAll(async () => {
  c = await bootFinance();
  const company = c.depts['绿循再生资源有限公司'];
  const created = await createBook(c, company, { name: '期间汇总账套', enableDate: '2025-01-01' });
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

const db = () => c.t.database.db;
const sale = (date: string, net: string, tax: string, total: string) =>
  voucherBody(date, '销售废钢', [
    { accountCode: '1002', debit: total },
    { accountCode: '5001', credit: net },
    { accountCode: '22210107', credit: tax },
  ]);
const expectKept = async () => expect(await diffPeriodSums(db())).toEqual([]);

describe('the period sums follow every write of a voucher line', () => {
  it('the demo seed’s vouchers are summed', async () => {
    const [n] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from izs_fin_period_sum`);
    expect(n.n).toBeGreaterThan(0);
    await expectKept();
  });

  it('save, edit, review, post, unpost, delete and red reversal', async () => {
    const a = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-10', '1000.00', '130.00', '1130.00'));
    const b = await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-11', '200.00', '26.00', '226.00'));
    await expectKept();
    await okPost(admin, `${FIN}/voucher/update`, { ...sale('2025-02-03', '2000.00', '260.00', '2260.00'), id: a.id });
    await expectKept();
    await okPost(manager, `${FIN}/voucher/review`, { ids: [a.id, b.id] });
    await okPost(manager, `${FIN}/voucher/post`, { ids: [a.id, b.id] });
    await expectKept();
    const posted = await rows<{ period: string; d: string }>(
      db(),
      sql`select period, debit::text as d from izs_fin_period_sum
           where account_set_id = ${bookId} and account_code = '1002' and posted = 1 order by period`,
    );
    expect(posted).toEqual([
      { period: '2025-01', d: '226.00' },
      { period: '2025-02', d: '2260.00' },
    ]);
    await okPost(admin, `${FIN}/voucher/unpost`, { ids: [b.id] });
    await okPost(admin, `${FIN}/voucher/unreview`, { ids: [b.id] });
    await okPost(admin, `${FIN}/voucher/remove`, {}, { ids: b.id });
    await expectKept();
    await okPost(admin, `${FIN}/voucher/reverse`, { id: a.id, date: '2025-02-28' });
    await expectKept();
  });

  it('the trial balance read from the sums equals the lines', async () => {
    await okPost(admin, `${FIN}/voucher/save`, sale('2025-01-20', '300.00', '39.00', '339.00'));
    const tb = await okGet(admin, `${FIN}/ledger/balance`, { periodFrom: '2025-01', periodTo: '2025-02' });
    const lines = await rows<{ code: string; d: string; c: string }>(
      db(),
      sql`select account_code as code, sum(debit)::text as d, sum(credit)::text as c from izs_fin_voucher_line
           where account_set_id = ${bookId} and is_deleted = 0 group by 1 order by 1`,
    );
    expect(lines.length).toBeGreaterThan(0);
    const leaf = new Map<string, { periodDebit: string; periodCredit: string }>(
      tb.rows.filter((r: { leaf: boolean }) => r.leaf).map((r: { code: string }) => [r.code, r]),
    );
    for (const l of lines) {
      expect(leaf.get(l.code), l.code).toMatchObject({ periodDebit: l.d, periodCredit: l.c });
    }
  });

  it('a line written behind the triggers’ back is named by the check and put right by the rebuild', async () => {
    await db().execute(sql`alter table izs_fin_voucher_line disable trigger izs_fin_voucher_line_sum_upd`);
    try {
      await db().execute(
        sql`update izs_fin_voucher_line set debit = debit + 1 where account_set_id = ${bookId} and debit > 0
             and account_code = '1002' and period = '2025-02'`,
      );
    } finally {
      await db().execute(sql`alter table izs_fin_voucher_line enable trigger izs_fin_voucher_line_sum_upd`);
    }
    const diffs = await diffPeriodSums(db(), bookId);
    expect(diffs.length).toBeGreaterThan(0);
    expect(diffs[0]).toMatchObject({ accountSetId: bookId, accountCode: '1002', period: '2025-02' });
    await db().transaction((tx) => rebuildPeriodSums(tx, bookId));
    await expectKept();
  });
});

describe('the kept chart follows every change of the accounts', () => {
  it('a new account, a disabled account and a rolled-back rename are seen at once', async () => {
    // the chart is kept after the first save; a new child account must be usable by the very next save (and its
    // parent 1002 is no longer a leaf)
    await okPost(admin, `${FIN}/voucher/save`, sale('2025-02-10', '100.00', '13.00', '113.00'));
    const bank = await okPost(admin, `${FIN}/account/save`, { parentCode: '1002', name: '宁波银行' });
    const withChild = voucherBody('2025-02-11', '存入', [
      { accountCode: bank.code, debit: '50.00' },
      { accountCode: '1001', credit: '50.00' },
    ]);
    await okPost(admin, `${FIN}/voucher/save`, withChild);
    // a second new account, kept in the chart by a save, then disabled: the next save on it is refused
    const spare = await okPost(admin, `${FIN}/account/save`, { parentCode: '1002', name: '工商银行' });
    await okPost(
      admin,
      `${FIN}/voucher/save`,
      voucherBody('2025-02-12', '存入', [
        { accountCode: bank.code, debit: '20.00' },
        { accountCode: '1001', credit: '20.00' },
      ]),
    );
    await okPost(admin, `${FIN}/account/enable`, { ids: [spare.id], status: 0 });
    const r = await admin(`${FIN}/voucher/save`, {
      body: voucherBody('2025-02-13', '存入', [
        { accountCode: spare.code, debit: '50.00' },
        { accountCode: '1001', credit: '50.00' },
      ]),
    });
    expect(r.body.msg).toContain('已停用');
    // a rename inside a transaction that rolls back: seen inside it, never outside
    const book = { id: bookId, standard: 'small' as const };
    await loadBookChart(db(), book);
    await db()
      .transaction(async (tx) => {
        await tx.execute(
          sql`update izs_fin_account set name = '改名' where account_set_id = ${bookId} and code = '1001'`,
        );
        expect((await loadBookChart(tx, book)).rows.get('1001')?.name).toBe('改名');
        throw new Error('rollback');
      })
      .catch(() => {});
    expect((await loadBookChart(db(), book)).rows.get('1001')?.name).toBe('库存现金');
  });
});

describe('the statements read only what they need', () => {
  it('the balance sheet from balances folded by year and the income statement without aux items equal the full ledger', async () => {
    // two customers on 1122 with balances of both signs (the aux-level parts of 应收账款 / 预收账款), over two years
    const customer = (await db().select().from(finDimension).where(eq(finDimension.accountSetId, bookId))).find(
      (x) => x.source === 'customer',
    );
    expect(customer).toBeTruthy();
    await okPost(admin, DIMENSION_PATHS.dataSync, { dimensionId: customer!.id });
    const items = await db().select().from(finDimensionData).where(eq(finDimensionData.dimensionId, customer!.id));
    expect(items.length).toBeGreaterThan(1);
    const [k1, k2] = items;
    const sub = await okPost(admin, `${FIN}/account/save`, {
      parentCode: '1122',
      name: '货款',
      auxDims: [customer!.id],
    });
    const ar = (date: string, item: string, debit: string, credit: string) =>
      okPost(
        admin,
        `${FIN}/voucher/save`,
        voucherBody(date, '往来', [
          { accountCode: sub.code, aux: { [customer!.id]: item }, debit, credit },
          { accountCode: '1001', debit: credit, credit: debit },
        ]),
      );
    await ar('2025-03-05', k1.id, '5000.00', '0');
    await ar('2025-04-05', k2.id, '0', '800.00');
    await ar('2025-11-05', k1.id, '0', '1200.00');
    await ar('2026-01-15', k2.id, '0', '250.00'); // the year's first period: in the year, not before it
    await ar('2026-02-05', k2.id, '300.00', '0');
    await ar('2026-03-05', k1.id, '0', '4500.00');
    await okPost(
      admin,
      `${FIN}/voucher/save`,
      voucherBody('2026-03-09', '销售废钢', [
        { accountCode: '1001', debit: '1017.00' },
        { accountCode: '5001', credit: '900.00' },
        { accountCode: '22210107', credit: '117.00' },
      ]),
    );
    const [row] = await db().select().from(accountSet).where(eq(accountSet.id, bookId));
    const book = toBook(row);
    const bc = await loadBookChart(db(), book);
    for (const period of ['2025-04', '2025-12', '2026-01', '2026-03']) {
      const full = await loadLedger(db(), book, bc, { to: period, withAux: true });
      for (const [report, path] of [
        ['balance_sheet', 'report/balance-sheet'],
        ['income_statement', 'report/income-statement'],
      ] as const) {
        const answer = await okGet(admin, `${FIN}/${path}`, { period });
        const expected = statementOut(book, period, statementOf(book, bc, full, report, period));
        expect(answer.rows, `${report} ${period}`).toEqual(expected.rows);
        expect(answer.checks, `${report} ${period}`).toEqual(expected.checks);
      }
    }
    // the parts: 应收账款 shows the debit balance of k1, 预收账款 the credit balance of k2 (not their net)
    const bs = await okGet(admin, `${FIN}/report/balance-sheet`, { period: '2025-12' });
    const line = (name: string) => bs.rows.find((r: { name: string }) => r.name === name)?.values.closing;
    expect(line('应收账款')).toBe('3800.00');
    expect(line('预收账款')).toBe('800.00');
  });
});
