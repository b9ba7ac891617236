/**
 * 科目余额表 (by account and by auxiliary item), 明细账, 总账, 现金/银行日记账, 资产负债表, 利润表 and the 财务首页
 * summary of the current book. Contract: books.contract.ts. Lines are summed in SQL (ledger-data.ts), the figures
 * come from core/accounting (trialBalance, subsidiaryLedger, generalLedger, computeStatement).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addMonths,
  computeStatement,
  type Decimal,
  findByName,
  generalLedger,
  type Ledger,
  type LedgerRow,
  type Period,
  type ReportKind,
  type StatementResult,
  subsidiaryLedger,
  trialBalance,
  ZERO,
} from '../../../core/accounting/index.ts';
import {
  type AuxBalanceAnswer,
  type AuxBalanceRow,
  type BalanceFigures,
  BOOKS,
  type GeneralLedgerAnswer,
  type HomeSummary,
  type LedgerAnswer,
  type LedgerRowAnswer,
  type StatementAnswer,
  type TrialBalanceAnswer,
} from '../../../core/contract/izs-financing/books.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Db, type Executor, rows } from '../../db/client.ts';
import { finOpening, voucher, voucherLine } from '../../db/schema/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { auxNamer, type Book, type BookChart, bookOf, fullNameOf, loadBookChart, parseAuxKey } from './book.ts';
import { checkRange, loadLedger } from './ledger-data.ts';

const m = (d: Decimal) => moneyFixed(d);
const isOn = (v: string | undefined) => v === '1' || v === 'true';

export function ledgerRowOut(r: LedgerRow): LedgerRowAnswer {
  return {
    kind: r.kind,
    period: r.period,
    date: r.date,
    voucher: r.voucher,
    voucherId: r.voucherId,
    summary: r.summary,
    debit: m(r.debit),
    credit: m(r.credit),
    side: r.side,
    balance: m(r.balance),
  };
}

function figures(
  ledger: Ledger,
  code: string,
  from: Period,
  to: Period,
  periods: Period[],
  auxKey?: string,
): BalanceFigures {
  const opening = ledger.value(code, 'opening', from, auxKey);
  const closing = ledger.value(code, 'closing', to, auxKey);
  let pd = ZERO;
  let pc = ZERO;
  for (const p of periods) {
    pd = pd.plus(ledger.value(code, 'debit', p, auxKey));
    pc = pc.plus(ledger.value(code, 'credit', p, auxKey));
  }
  const side = (raw: Decimal) => ({ d: raw.gt(0) ? raw : ZERO, c: raw.lt(0) ? raw.neg() : ZERO });
  return {
    openingDebit: m(side(opening).d),
    openingCredit: m(side(opening).c),
    periodDebit: m(pd),
    periodCredit: m(pc),
    ytdDebit: m(ledger.value(code, 'ytdDebit', to, auxKey)),
    ytdCredit: m(ledger.value(code, 'ytdCredit', to, auxKey)),
    closingDebit: m(side(closing).d),
    closingCredit: m(side(closing).c),
  };
}

/** A statement of the book for a period (balance sheet or income statement) from a ledger up to that period. */
export function statementOf(
  book: Book,
  bc: BookChart,
  ledger: Ledger,
  report: ReportKind,
  period: Period,
): StatementResult {
  return computeStatement(book.standard, { report, chart: bc.chart, provider: ledger.provider(), period });
}

export function statementOut(book: Book, period: Period, r: StatementResult): StatementAnswer {
  return {
    report: r.report,
    period,
    standard: book.standard,
    rows: r.rows.map((x) => ({
      line: x.line,
      name: x.name,
      section: x.section,
      kind: x.kind,
      formula: x.formula,
      note: x.note,
      values: Object.fromEntries(Object.entries(x.values).map(([k, v]) => [k, m(v as Decimal)])),
    })),
    checks: r.checks.map((c) => ({ label: c.label, column: c.column, left: m(c.left), right: m(c.right), ok: c.ok })),
    balanced: r.checks.every((c) => c.ok),
    warnings: r.warnings,
  };
}

/** The account of a query, which must exist in the book. */
function accountOf(bc: BookChart, code: string) {
  const a = bc.chart.byCode.get(code);
  if (!a) throw badRequest(`科目 ${code} 不存在`);
  return a;
}

/** Distinct auxiliary keys used under an account (lines and openings). */
async function auxKeysUnder(ex: Executor, bookId: string, code: string, to: Period): Promise<string[]> {
  const list = await rows<{ k: string }>(
    ex,
    sql`select distinct aux_key as k from ${voucherLine} where account_set_id = ${bookId} and is_deleted = 0
          and account_code like ${`${code}%`} and period <= ${to}
        union select distinct aux_key from ${finOpening} where account_set_id = ${bookId} and account_code like ${`${code}%`}
        order by 1`,
  );
  return list.map((r) => r.k);
}

export function registerBooks(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(BOOKS.balance, trialBalanceRoute(db));
  r.handle(BOOKS.balanceAux, auxBalanceRoute(db));
  r.handle(BOOKS.subsidiary, subsidiaryRoute(db));
  r.handle(BOOKS.general, generalRoute(db));
  r.handle(BOOKS.daybook, daybookRoute(db));

  const statement = async (req: FastifyRequest, report: ReportKind, q: { period: string; posted?: string }) => {
    const { book } = bookOf(req);
    checkRange(book, q.period, q.period);
    const bc = await loadBookChart(db, book);
    // the balance sheet reads balances (and their aux-level parts for 应收/预收…); the income statement reads the
    // accounts' movements only, never an auxiliary item
    const ledger = await loadLedger(db, book, bc, {
      to: q.period,
      postedOnly: isOn(q.posted),
      ...(report === 'balance_sheet' ? { withAux: true, balancesOnly: true } : {}),
    });
    return statementOut(book, q.period, statementOf(book, bc, ledger, report, q.period));
  };
  r.handle(BOOKS.balanceSheet, ({ req, query }) => statement(req, 'balance_sheet', query));
  r.handle(BOOKS.incomeStatement, ({ req, query }) => statement(req, 'income_statement', query));
  r.handle(BOOKS.home, bookHomeRoute(db));
}

function trialBalanceRoute(db: Db): Handler<typeof BOOKS.balance> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    checkRange(book, q.periodFrom, q.periodTo);
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.periodTo, postedOnly: isOn(q.posted) });
    const tb = trialBalance(ledger, q.periodFrom, q.periodTo, { maxLevel: q.level, includeZero: isOn(q.includeZero) });
    const out: TrialBalanceAnswer = {
      periodFrom: q.periodFrom,
      periodTo: q.periodTo,
      rows: tb.rows.map((r) => ({
        code: r.code,
        name: r.name,
        level: r.level,
        direction: r.direction,
        category: bc.chart.byCode.get(r.code)?.category ?? '',
        leaf: (bc.chart.children.get(r.code)?.length ?? 0) === 0,
        openingDebit: m(r.openingDebit),
        openingCredit: m(r.openingCredit),
        periodDebit: m(r.periodDebit),
        periodCredit: m(r.periodCredit),
        ytdDebit: m(r.ytdDebit),
        ytdCredit: m(r.ytdCredit),
        closingDebit: m(r.closingDebit),
        closingCredit: m(r.closingCredit),
      })),
      totals: {
        openingDebit: m(tb.totals.openingDebit),
        openingCredit: m(tb.totals.openingCredit),
        periodDebit: m(tb.totals.periodDebit),
        periodCredit: m(tb.totals.periodCredit),
        ytdDebit: m(tb.totals.ytdDebit),
        ytdCredit: m(tb.totals.ytdCredit),
        closingDebit: m(tb.totals.closingDebit),
        closingCredit: m(tb.totals.closingCredit),
      },
      balanced: tb.balanced,
      problems: tb.problems,
    };
    return out;
  };
}

function auxBalanceRoute(db: Db): Handler<typeof BOOKS.balanceAux> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const periods = checkRange(book, q.periodFrom, q.periodTo);
    const bc = await loadBookChart(db, book);
    accountOf(bc, q.accountCode);
    const ledger = await loadLedger(db, book, bc, { to: q.periodTo, withAux: true, postedOnly: isOn(q.posted) });
    const keys = await auxKeysUnder(db, book.id, q.accountCode, q.periodTo);
    const names = await auxNamer(db, book.id, keys.map(parseAuxKey));
    const out: AuxBalanceRow[] = [];
    for (const k of keys) {
      const f = figures(ledger, q.accountCode, q.periodFrom, q.periodTo, periods, k);
      if (Object.values(f).every((v) => v === '0.00')) continue;
      out.push({
        auxKey: k,
        auxNames: k ? names(parseAuxKey(k)) : ['（无辅助核算）'],
        ...f,
      });
    }
    const answer: AuxBalanceAnswer = {
      accountCode: q.accountCode,
      accountName: fullNameOf(bc.chart, q.accountCode),
      periodFrom: q.periodFrom,
      periodTo: q.periodTo,
      rows: out,
      totals: figures(ledger, q.accountCode, q.periodFrom, q.periodTo, periods),
    };
    return answer;
  };
}

function subsidiaryRoute(db: Db): Handler<typeof BOOKS.subsidiary> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    checkRange(book, q.periodFrom, q.periodTo);
    const bc = await loadBookChart(db, book);
    accountOf(bc, q.accountCode);
    const auxKey = q.auxKey || undefined;
    const ledger = await loadLedger(db, book, bc, {
      to: q.periodTo,
      withAux: auxKey !== undefined,
      postedOnly: isOn(q.posted),
      detail: { code: q.accountCode, from: q.periodFrom, to: q.periodTo },
    });
    const answer: LedgerAnswer = {
      accountCode: q.accountCode,
      accountName: fullNameOf(bc.chart, q.accountCode),
      auxKey: auxKey ?? '',
      auxNames: auxKey ? (await auxNamer(db, book.id, [parseAuxKey(auxKey)]))(parseAuxKey(auxKey)) : [],
      periodFrom: q.periodFrom,
      periodTo: q.periodTo,
      rows: subsidiaryLedger(ledger, q.accountCode, q.periodFrom, q.periodTo, auxKey).map(ledgerRowOut),
    };
    return answer;
  };
}

function generalRoute(db: Db): Handler<typeof BOOKS.general> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    checkRange(book, q.periodFrom, q.periodTo);
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.periodTo, postedOnly: isOn(q.posted) });
    const codes = q.accountCode
      ? [accountOf(bc, q.accountCode).code]
      : bc.chart.accounts.filter((a) => a.level === 1).map((a) => a.code);
    const out: GeneralLedgerAnswer = { periodFrom: q.periodFrom, periodTo: q.periodTo, accounts: [] };
    for (const code of codes) {
      const list = generalLedger(ledger, code, q.periodFrom, q.periodTo);
      const empty = list.every((r) => r.debit.isZero() && r.credit.isZero() && r.balance.isZero());
      if (empty && !q.accountCode) continue;
      out.accounts.push({ code, name: fullNameOf(bc.chart, code), rows: list.map(ledgerRowOut) });
    }
    return out;
  };
}

function daybookRoute(db: Db): Handler<typeof BOOKS.daybook> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    checkRange(book, q.periodFrom, q.periodTo);
    const bc = await loadBookChart(db, book);
    const root = findByName(bc.chart, q.kind === 'cash' ? '库存现金' : '银行存款');
    if (!root) throw badRequest(q.kind === 'cash' ? '科目表缺少库存现金' : '科目表缺少银行存款');
    const code = q.accountCode || root.code;
    if (!code.startsWith(root.code)) throw badRequest(`科目 ${code} 不是${root.name}科目`);
    accountOf(bc, code);
    const ledger = await loadLedger(db, book, bc, {
      to: q.periodTo,
      postedOnly: isOn(q.posted),
      detail: { code, from: q.periodFrom, to: q.periodTo },
    });
    const leaves = bc.chart.accounts.filter(
      (a) => a.code.startsWith(code) && (bc.chart.children.get(a.code)?.length ?? 0) === 0,
    );
    const out: GeneralLedgerAnswer = { periodFrom: q.periodFrom, periodTo: q.periodTo, accounts: [] };
    for (const leaf of leaves) {
      const list = subsidiaryLedger(ledger, leaf.code, q.periodFrom, q.periodTo);
      const empty = list.every((r) => r.debit.isZero() && r.credit.isZero() && r.balance.isZero());
      if (empty && leaves.length > 1) continue;
      out.accounts.push({ code: leaf.code, name: fullNameOf(bc.chart, leaf.code), rows: list.map(ledgerRowOut) });
    }
    return out;
  };
}

function bookHomeRoute(db: Db): Handler<typeof BOOKS.home> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const period = q.period ?? book.currentPeriod;
    checkRange(book, period, period);
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: period });
    const balanceOf = (name: string) => {
      const a = findByName(bc.chart, name);
      if (!a) return '0.00';
      const raw = ledger.value(a.code, 'closing', period);
      return m(a.direction === 'debit' ? raw : raw.neg());
    };
    const lineValue = (r: StatementResult, prefix: string, column: string) => {
      const row = r.rows.find((x) => x.name.includes(prefix));
      return row ? m(row.values[column as 'month'] ?? ZERO) : '0.00';
    };
    const is = statementOf(book, bc, ledger, 'income_statement', period);
    const trend: HomeSummary['trend'] = [];
    for (let i = 5; i >= 0; i--) {
      const p = addMonths(period, -i);
      if (p < book.startPeriod) continue;
      const r = i === 0 ? is : statementOf(book, bc, ledger, 'income_statement', p);
      trend.push({ period: p, income: lineValue(r, '营业收入', 'month'), profit: lineValue(r, '利润总额', 'month') });
    }
    const counts = await rows<{ state: string; n: number }>(
      db,
      sql`select state, count(*)::int as n from ${voucher} where account_set_id = ${book.id} and is_deleted = 0
          and period = ${period} group by state`,
    );
    const count = (s: string) => Number(counts.find((c) => c.state === s)?.n ?? 0);
    const out: HomeSummary = {
      period,
      cash: balanceOf('库存现金'),
      bank: balanceOf('银行存款'),
      receivable: balanceOf('应收账款'),
      payable: balanceOf('应付账款'),
      profitMonth: lineValue(is, '利润总额', 'month'),
      profitYtd: lineValue(is, '利润总额', 'ytd'),
      trend,
      voucherCounts: { saved: count('saved'), reviewed: count('reviewed'), posted: count('posted') },
    };
    return out;
  };
}
