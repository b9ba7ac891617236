// @vitest-environment node
/**
 * Issue 21: supply-chain finance in the books. A 融资合同's drawdown (融资放款) and its repayments (融资还款) are money
 * records of 生成凭证 like 收款单 / 付款单: the book's default templates book 借 银行存款 / 贷 短期借款 (本金) and
 * 借 短期借款 (本金) + 财务费用-利息费用 (利息, left out when none) / 贷 银行存款 to the fen; 业财对账 names each one
 * without its voucher and is clean once vouchered; a drawdown or repayment dated in a closed period of the book is
 * refused naming the period. A company of its own (华东分公司, own book) so nothing of the demo's interferes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIZ_PATHS } from '../../core/contract/izs-financing/business.contract.ts';
import { MONEY_PATHS } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { RECON_PATHS, type ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { accountSet } from '../../server/db/schema/index.ts';
import { type Api, apiFor, createBook, okGet, okPost, refused } from './finance-helpers.ts';
import { bootStock, type StockCtx } from './stock-helpers.ts';

const SCF = '/api/izs-scf';
const PERIOD = '2026-01';

let c: StockCtx;
let book: Api;
let bookId = '';
let branchApi: Api;
let providerId = '';
let contract: { id: string; contractNo: string };

interface Rec {
  id: string;
  source: string;
  kind: string;
  kindName: string;
  orderNo: string;
  date: string;
  partyName: string;
  amount: string;
  interest: string;
  voucherId: string | null;
}
interface VLine {
  accountCode: string;
  debit: string;
  credit: string;
  summary: string;
}
const blank = (x: string) => (!x || x === '0.00' ? '' : x);
const lines = (v: { lines: VLine[] }) => v.lines.map((l) => [l.accountCode, blank(l.debit), blank(l.credit)]);
const run = async (): Promise<ReconRun> => okPost(book, RECON_PATHS.run, { period: PERIOD });
const docOrphans = (r: ReconRun) => r.orphans.filter((o) => o.kind === 'document').map((o) => o.text);
const records = async (state: 'open' | 'done' | 'all' = 'all'): Promise<Rec[]> =>
  (await okGet(book, MONEY_PATHS.records, { period: PERIOD, state })).filter((r: Rec) => r.source === 'finance');

beforeAll(async () => {
  c = await bootStock();
  const branch = c.depts.华东分公司;
  const b = await createBook({ ...c, financeDept: c.depts.财务部 }, branch, {
    name: '华东融资账套',
    enableDate: '2026-01-01',
    allowSelfReview: 1,
    isDefault: '1',
  });
  book = b.api;
  bookId = b.book.id;
  branchApi = apiFor(c, c.admin, branch);
  providerId = (
    await okPost(branchApi, `${SCF}/fund-provider/submit`, {
      name: '宁波银行北仑支行',
      kind: 'bank',
      creditLine: '2000000',
      annualRate: '4.35',
      pledgeRatio: '70',
    })
  ).id;
  contract = await okPost(branchApi, `${SCF}/finance-contract/create`, {
    providerId,
    kind: 'receivable',
    principal: '300000.00',
    annualRate: '4.35',
    startDate: '2026-01-05',
    termDays: 180,
  });
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

describe('supply-chain finance vouchered from templates (融资放款 / 融资还款)', () => {
  it('a book has the two default templates: 放款 借 银行存款 贷 短期借款, 还款 借 短期借款 + 利息费用 贷 银行存款', async () => {
    const list = await okGet(book, BIZ_PATHS.templateList);
    const fin = list.filter((t: { docType: string }) => t.docType.startsWith('finance_'));
    expect(
      fin.map(
        (t: {
          docTypeName: string;
          isDefault: number;
          lines: (VLine & { side: string; amountSource: string; auxSource: string })[];
        }) => [t.docTypeName, t.isDefault, t.lines.map((l) => [l.accountCode, l.side, l.amountSource, l.auxSource])],
      ),
    ).toEqual([
      [
        '融资放款',
        1,
        [
          ['1002', 'debit', 'amount', 'none'],
          ['2001', 'credit', 'amount', 'none'],
        ],
      ],
      [
        '融资还款',
        1,
        [
          ['2001', 'debit', 'amount', 'none'],
          ['560301', 'debit', 'interest', 'none'],
          ['1002', 'credit', 'addint', 'none'],
        ],
      ],
    ]);
    // a financing has no 手续费 and no party; a 收款 has no interest
    const form = (docType: string, amountSource: string, auxSource = 'none') => ({
      name: `测试 ${docType} ${amountSource} ${auxSource}`,
      docType,
      word: '记',
      summary: '{单号}',
      lines: [
        { accountCode: '1002', side: 'debit', amountSource, auxSource },
        { accountCode: '2001', side: 'credit', amountSource: 'amount' },
      ],
    });
    await refused(
      book(BIZ_PATHS.templateSubmit, { method: 'POST', body: form('finance_draw', 'fee') }),
      400,
      '第 1 行：「融资放款」的金额来源应为金额（本金）、利息或本金+利息',
    );
    await refused(
      book(BIZ_PATHS.templateSubmit, { method: 'POST', body: form('collection', 'interest') }),
      400,
      '第 1 行：利息只适用于融资放款、融资还款',
    );
    await refused(
      book(BIZ_PATHS.templateSubmit, { method: 'POST', body: form('finance_repay', 'amount', 'party') }),
      400,
      '第 1 行：「融资还款」没有往来单位，辅助核算应为「无」',
    );
  });

  it('the drawdown is an open money record and 业财对账 names it until its voucher exists', async () => {
    expect(await records('open')).toMatchObject([
      {
        id: contract.id,
        kind: 'finance_draw',
        kindName: '融资放款',
        orderNo: contract.contractNo,
        date: '2026-01-05',
        partyName: '宁波银行北仑支行',
        amount: '300000.00',
        interest: '0.00',
        voucherId: null,
      },
    ]);
    expect(docOrphans(await run())).toEqual([`融资放款 ${contract.contractNo} 未生成凭证`]);
  });

  it('a repayment with interest: 借 短期借款 本金 + 财务费用-利息费用 利息, 贷 银行存款 本息, to the fen', async () => {
    // 300,000.00 × 4.35 % / 360 × 20 days (01-05 … 01-24) = 725.00
    const r = await okPost(branchApi, `${SCF}/finance-contract/repay`, {
      id: contract.id,
      repayDate: '2026-01-25',
      principal: '100000.00',
    });
    expect(r).toMatchObject({ interest: '725.00', outstanding: '200000.00' });
    // the same day again: nothing accrued since, no interest line
    await okPost(branchApi, `${SCF}/finance-contract/repay`, {
      id: contract.id,
      repayDate: '2026-01-25',
      principal: '50000.00',
    });
    const open = await records('open');
    expect(open.map((x) => [x.kindName, x.orderNo, x.date, x.amount, x.interest])).toEqual([
      ['融资放款', contract.contractNo, '2026-01-05', '300000.00', '0.00'],
      ['融资还款', `${contract.contractNo}-还1`, '2026-01-25', '100000.00', '725.00'],
      ['融资还款', `${contract.contractNo}-还2`, '2026-01-25', '50000.00', '0.00'],
    ]);
    expect(docOrphans(await run())).toEqual([
      `融资放款 ${contract.contractNo} 未生成凭证`,
      `融资还款 ${contract.contractNo}-还1 未生成凭证`,
      `融资还款 ${contract.contractNo}-还2 未生成凭证`,
    ]);
    const vs = await okPost(book, MONEY_PATHS.generate, { ids: open.map((x) => x.id) });
    expect(vs.map(lines)).toEqual([
      [
        ['1002', '300000.00', ''],
        ['2001', '', '300000.00'],
      ],
      [
        ['2001', '100000.00', ''],
        ['560301', '725.00', ''],
        ['1002', '', '100725.00'],
      ],
      [
        ['2001', '50000.00', ''],
        ['1002', '', '50000.00'],
      ],
    ]);
    expect(vs[1].lines[0].summary).toBe(`融资还款 ${contract.contractNo}-还1 宁波银行北仑支行`);
    expect(await records('open')).toEqual([]);
    expect((await records('done')).every((x) => x.voucherId)).toBe(true);
    await refused(
      book(MONEY_PATHS.generate, { method: 'POST', body: { ids: [contract.id] } }),
      400,
      `单据 ${contract.contractNo} 已生成凭证`,
    );
  });

  it('业财对账 is clean once the financing is vouchered', async () => {
    const r = await run();
    expect(docOrphans(r)).toEqual([]);
    expect(r.orphans).toEqual([]);
  });

  it('a drawdown or a repayment dated in a closed period of the book is refused, naming the period', async () => {
    await c.t.database.db.update(accountSet).set({ closedThrough: PERIOD }).where(eq(accountSet.id, bookId));
    await refused(
      branchApi(`${SCF}/finance-contract/repay`, {
        method: 'POST',
        body: { id: contract.id, repayDate: '2026-01-28', principal: '10000.00' },
      }),
      400,
      '「2026年1月」已结账，不能在此期间登记融资还款',
    );
    await refused(
      branchApi(`${SCF}/finance-contract/create`, {
        method: 'POST',
        body: {
          providerId,
          kind: 'receivable',
          principal: '10000.00',
          annualRate: '4.35',
          startDate: '2026-01-30',
          termDays: 90,
        },
      }),
      400,
      '「2026年1月」已结账，不能在此期间登记融资放款',
    );
    // nothing half-written: the contract still owes 150,000.00 with its two repayments
    const d = await okGet(branchApi, `${SCF}/finance-contract/full`, { id: contract.id, asOf: '2026-01-31' });
    expect([d.outstanding, d.repayments.length]).toEqual(['150000.00', 2]);
  });
});
