/**
 * Periods, 结转损益, 结账 / 反结账 and the year-end transfer of the current book (period_rules §8–§11).
 * Contract: closing.contract.ts. The checks and plans are core/accounting (closeCheck, reopenPlan,
 * carryForwardProfitAndLoss, priorYearAdjustmentTransfer, yearEndTransfer); this file gathers the facts in one
 * transaction with the book row locked FOR UPDATE (voucher writes hold it FOR SHARE), so nothing lands in a
 * period while it is being closed.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accountLabel,
  balanceCheckMessage,
  carryForwardProfitAndLoss,
  closeCheck,
  findByName,
  type GeneratedVoucher,
  isWithin,
  keyAccounts,
  type Ledger,
  lastDay,
  monthOf,
  nextPeriod,
  type Period,
  periodRange,
  previousPeriod,
  priorYearAdjustmentTransfer,
  reopenPlan,
  trialBalance,
  yearEndTransfer,
} from '../../../core/accounting/index.ts';
import {
  CLOSING,
  type CloseCheckAnswer,
  type GeneratedVoucherPreview,
  type PeriodList,
} from '../../../core/contract/izs-financing/closing.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { accountSet, voucher } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import {
  type Book,
  type BookChart,
  type BookCtx,
  bookOf,
  currentPeriodOf,
  fullNameOf,
  loadBookChart,
  parseAuxKey,
} from './book.ts';
import { statementOf } from './books.ts';
import { loadLedger } from './ledger-data.ts';
import { openingCheck } from './openings.ts';
import { loadWords } from './voucher-words.ts';
import { closedPeriodsOf, lockBook, lockOpenPeriod, saveVoucherTx, voucherEntities } from './vouchers.ts';

/** The book with its close state as locked in this transaction. */
function withState(book: Book, state: { closedThrough: string; startPeriod: string }): Book {
  return { ...book, ...state, currentPeriod: currentPeriodOf(state.startPeriod, state.closedThrough) };
}

/** The 结账 checklist of a period, from facts read through `ex`. */
export async function closeFacts(ex: Executor, book: Book, period: Period): Promise<CloseCheckAnswer> {
  const bc = await loadBookChart(ex, book);
  const ledger = await loadLedger(ex, book, bc, { to: period, withAux: true });
  const vouchers = await ex
    .select({ word: voucher.word, no: voucher.no, status: voucher.state })
    .from(voucher)
    .where(and(eq(voucher.accountSetId, book.id), eq(voucher.period, period), eq(voucher.isDeleted, 0)));
  const opening = await openingCheck(ex, book, bc);
  const tb = period >= book.startPeriod ? trialBalance(ledger, period, period, { maxLevel: 1 }) : null;
  const leaves = period >= book.startPeriod ? ledger.leafBalances(period) : [];
  const label = (code: string) => accountLabel(bc.chart, code);
  const pl = leaves
    .filter((b) => bc.chart.byCode.get(b.code)?.category === '损益')
    .map((b) => ({ label: label(b.code), balance: b.balance }));
  const cash = [findByName(bc.chart, '库存现金'), findByName(bc.chart, '银行存款')].filter((a) => !!a);
  const cashCredit = leaves
    .filter((b) => cash.some((a) => isWithin(b.code, a.code)) && b.balance.lt(0))
    .map((b) => ({ label: label(b.code), balance: b.balance }));
  const suspense = findByName(bc.chart, '待处理财产损溢');
  const key = keyAccounts(bc.chart);
  const pending: string[] = [];
  if (
    monthOf(period) === 12 &&
    period >= book.startPeriod &&
    !ledger.value(key.currentYearProfit, 'closing', period).isZero()
  ) {
    pending.push('结转本年利润');
  }
  const bs = period >= book.startPeriod ? statementOf(book, bc, ledger, 'balance_sheet', period) : null;
  const check = closeCheck({
    period,
    startPeriod: book.startPeriod,
    closedPeriods: closedPeriodsOf(book.startPeriod, book.closedThrough),
    reviewRequired: book.reviewRequired,
    postingRequired: book.postingRequired,
    vouchers: vouchers.map((v) => ({ word: v.word, no: v.no, status: v.status as 'saved' | 'reviewed' | 'posted' })),
    openingProblems: opening.problems,
    trialBalanceProblems: tb?.problems ?? [],
    profitAndLossBalances: pl,
    balanceSheetProblem: bs ? balanceCheckMessage(bs) : null,
    cashCreditBalances: cashCredit,
    suspenseBalance:
      suspense && period >= book.startPeriod ? ledger.value(suspense.code, 'closing', period) : undefined,
    pendingTemplates: pending,
  });
  return { period, ...check };
}

async function periodList(ex: Executor, book: Book): Promise<PeriodList> {
  const counts = await rows<{ period: string; n: number }>(
    ex,
    sql`select period, count(*)::int as n from ${voucher} where account_set_id = ${book.id} and is_deleted = 0
        group by period order by period`,
  );
  const last = counts.at(-1)?.period ?? book.currentPeriod;
  const to = last > book.currentPeriod ? last : book.currentPeriod;
  return {
    startPeriod: book.startPeriod,
    closedThrough: book.closedThrough,
    currentPeriod: book.currentPeriod,
    periods: periodRange(book.startPeriod, to).map((p) => ({
      period: p,
      closed: !!book.closedThrough && p <= book.closedThrough,
      voucherCount: Number(counts.find((c) => c.period === p)?.n ?? 0),
    })),
  };
}

/** The word generated vouchers use: 转 when the book has it, else the default word, else the first. */
export async function generatedWord(ex: Executor, bookId: string): Promise<string> {
  const words = await loadWords(ex, bookId);
  const [def] = await rows<{ word: string }>(
    ex,
    sql`select word from izs_fin_voucher_word where account_set_id = ${bookId} and is_deleted = 0 and status = 1
        order by is_default desc, sort limit 1`,
  );
  return words.find((w) => w.word === '转')?.word ?? def?.word ?? words[0]?.word ?? '记';
}

function leafBalancesOf(ledger: Ledger, period: Period) {
  return ledger.leafBalances(period).map((b) => ({ code: b.code, auxKey: b.auxKey || undefined, balance: b.balance }));
}

async function carryForwardVouchers(ex: Executor, book: Book, bc: BookChart, period: Period, split: boolean) {
  const ledger = await loadLedger(ex, book, bc, { to: period, withAux: true });
  const balances = leafBalancesOf(ledger, period);
  return [
    ...carryForwardProfitAndLoss({ chart: bc.chart, balances, split }),
    ...priorYearAdjustmentTransfer(bc.chart, balances),
  ];
}

function preview(bc: BookChart, list: GeneratedVoucher[]): GeneratedVoucherPreview[] {
  return list.map((v) => ({
    kind: v.kind,
    summary: v.summary,
    lines: v.lines.map((l) => ({
      summary: l.summary,
      accountCode: l.code,
      accountName: fullNameOf(bc.chart, l.code),
      auxKey: l.auxKey ?? '',
      debit: moneyFixed(l.debit),
      credit: moneyFixed(l.credit),
    })),
  }));
}

/** Saves generated vouchers dated the period's last day; answers their ids. */
async function saveGenerated(
  tx: Tx,
  c: BookCtx,
  period: Period,
  list: GeneratedVoucher[],
  kind: 'carryForward' | 'yearEnd',
) {
  const word = await generatedWord(tx, c.book.id);
  const ids: string[] = [];
  for (const v of list) {
    ids.push(
      await saveVoucherTx(
        tx,
        c,
        {
          word,
          voucherDate: lastDay(period),
          attachments: 0,
          remark: v.summary,
          lines: v.lines.map((l) => ({
            summary: l.summary,
            accountCode: l.code,
            aux: l.auxKey ? parseAuxKey(l.auxKey) : undefined,
            debit: l.debit.isZero() ? undefined : moneyFixed(l.debit),
            credit: l.credit.isZero() ? undefined : moneyFixed(l.credit),
          })),
        },
        { kind, carryForward: kind === 'carryForward' },
      ),
    );
  }
  return ids;
}

export function registerClosing(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  r.handle(CLOSING.periodList, ({ req }) => periodList(db, bookOf(req).book));

  r.handle(CLOSING.check, ({ req, query }) => closeFacts(db, bookOf(req).book, query.period));

  r.handle(CLOSING.close, async ({ req, body }) => {
    const c = bookOf(req);
    const book = await db.transaction(async (tx) => {
      const b = withState(c.book, await lockBook(tx, c.book.id, 'update'));
      const check = await closeFacts(tx, b, body.period);
      if (!check.canClose) throw badRequest(`不能结账：${check.blocking.join('；')}`);
      await tx
        .update(accountSet)
        .set({ closedThrough: body.period, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(accountSet.id, b.id));
      await writeOperationLog(tx, req, `结账 ${body.period}`, { closedThrough: [b.closedThrough, body.period] });
      return { ...b, closedThrough: body.period, currentPeriod: nextPeriod(body.period) };
    });
    return periodList(db, book);
  });

  r.handle(CLOSING.reopen, async ({ req, body }) => {
    const c = bookOf(req);
    if (!c.supervisor) throw forbidden('只有账套主管可以反结账');
    const { book, notes } = await db.transaction(async (tx) => {
      const b = withState(c.book, await lockBook(tx, c.book.id, 'update'));
      const last = b.closedThrough && b.closedThrough > body.period ? b.closedThrough : body.period;
      const periods =
        body.period < b.startPeriod
          ? []
          : periodRange(b.startPeriod, last).map((p) => ({
              period: p,
              closed: !!b.closedThrough && p <= b.closedThrough,
            }));
      const plan = reopenPlan(periods, body.period, c.supervisor);
      if (!plan.ok) throw badRequest(plan.problem ?? '不能反结账');
      const closedThrough = body.period === b.startPeriod ? '' : previousPeriod(body.period);
      await tx
        .update(accountSet)
        .set({ closedThrough, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(accountSet.id, b.id));
      await writeOperationLog(tx, req, `反结账 ${body.period}`, {
        closedThrough: [b.closedThrough, closedThrough],
        reopened: [null, plan.reopen.join(',')],
      });
      return { book: { ...b, closedThrough, currentPeriod: body.period }, notes: plan.notes };
    });
    return { ...(await periodList(db, book)), notes };
  });

  r.handle(CLOSING.carryForwardPreview, async ({ req, query }) => {
    const { book } = bookOf(req);
    if (query.period < book.startPeriod) throw badRequest(`期间不能早于账套启用期间 ${book.startPeriod}`);
    const bc = await loadBookChart(db, book);
    return preview(bc, await carryForwardVouchers(db, book, bc, query.period, false));
  });

  r.handle(CLOSING.carryForward, async ({ req, body }) => {
    const c = bookOf(req);
    const ids = await db.transaction(async (tx) => {
      await lockOpenPeriod(tx, c.book.id, body.period, '期间');
      const bc = await loadBookChart(tx, c.book);
      const list = await carryForwardVouchers(tx, c.book, bc, body.period, body.split);
      if (list.length === 0) throw badRequest('本期损益类科目余额均为零，无需结转损益');
      const out = await saveGenerated(tx, c, body.period, list, 'carryForward');
      await writeOperationLog(tx, req, `结转损益 ${body.period}`, { vouchers: [null, out.length] });
      return out;
    });
    const list = await db.select().from(voucher).where(inArray(voucher.id, ids)).orderBy(asc(voucher.no));
    return voucherEntities(db, c.book, list, tz);
  });

  r.handle(CLOSING.yearEnd, async ({ req, body }) => {
    const c = bookOf(req);
    if (monthOf(body.period) !== 12) throw badRequest('年末结转只能在12月进行');
    const ids = await db.transaction(async (tx) => {
      await lockOpenPeriod(tx, c.book.id, body.period, '期间');
      const bc = await loadBookChart(tx, c.book);
      const ledger = await loadLedger(tx, c.book, bc, { to: body.period, withAux: true });
      const balances = leafBalancesOf(ledger, body.period);
      const open = balances.filter((b) => bc.chart.byCode.get(b.code)?.category === '损益');
      if (open.length > 0) throw badRequest('损益类科目还有余额，请先结转损益');
      const list = yearEndTransfer(bc.chart, balances);
      if (list.length === 0) throw badRequest('本年利润和利润分配没有需要结转的余额');
      const out = await saveGenerated(tx, c, body.period, list, 'yearEnd');
      await writeOperationLog(tx, req, `年末结转 ${body.period}`, { vouchers: [null, out.length] });
      return out;
    });
    const list = await db.select().from(voucher).where(inArray(voucher.id, ids)).orderBy(asc(voucher.no));
    return voucherEntities(db, c.book, list, tz);
  });
}
