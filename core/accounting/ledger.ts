/**
 * Balances, trial balance (科目余额表) and ledgers (总账 / 明细账) as pure functions of opening balances plus
 * voucher lines (DESIGN §5: "ledgers and statements are computed from initial balances plus vouchers").
 *
 * Model: a *position* is a leaf account plus an optional auxiliary item (辅助核算: a customer, a supplier …). All
 * amounts are kept as debit − credit ("raw" balance); parents are the sums over their subtree, so every level rolls
 * up by construction. Guarantees: Σ over level-1 accounts of raw closing balances = Σ of raw opening balances (0 for
 * a balanced opening) because each voucher's lines sum to zero — asserted by the tests with random vouchers.
 *
 * The same numbers are offered to the statement evaluator through `BalanceProvider` (statement.ts), so a server may
 * answer the provider from SQL instead and reuse the evaluator.
 */
import { type AmountInput, Decimal, dec, money, ZERO } from './amount.ts';
import { type Chart, isWithin } from './chart.ts';
import { assertPeriod, lastDay, monthOf, type Period, periodOf, periodRange, yearOf, yearStart } from './period.ts';

/** One voucher line as the ledgers see it (posted, or all saved vouchers in online-style books). */
export interface Posting {
  voucherId: string;
  /** 凭证字 (记/收/付/转) and number, for the ledger's 凭证号 column */
  word?: string;
  no?: number;
  lineNo?: number;
  /** yyyy-MM-dd */
  date: string;
  summary?: string;
  /** a leaf account of the chart */
  code: string;
  /** 辅助核算 item (e.g. `customer:12`); '' or absent when the account has none */
  auxKey?: string;
  debit?: AmountInput;
  credit?: AmountInput;
  /** a line of a 结转损益 voucher: excluded from income-statement figures (research README §2) */
  carryForward?: boolean;
}

/** 期初余额 as entered at the start period, on a leaf (and auxiliary item). */
export interface OpeningBalance {
  code: string;
  auxKey?: string;
  /** balance on the first day of the start period, in the account's own direction (贷方科目: credit positive) */
  balance?: AmountInput;
  /** 本年累计借方 / 贷方 before the start period (only for a mid-year start), all vouchers */
  ytdDebit?: AmountInput;
  ytdCredit?: AmountInput;
  /** 损益类 only: 本年累计实际发生额 before the start period in the account's direction, 结转损益 excluded */
  ytdProfitLoss?: AmountInput;
}

export interface LedgerInput {
  chart: Chart;
  /** 启用期间: opening balances are as of its first day */
  startPeriod: Period;
  openings?: readonly OpeningBalance[];
  postings: readonly Posting[];
}

/** What the statement evaluator may ask for an account (its whole subtree), see statement.ts. */
export type BalanceKind =
  /** raw (debit − credit) balance at the start of the period */
  | 'opening'
  /** raw balance at the end of the period */
  | 'closing'
  /** raw balance at the start of the period's year (= end of the previous year; the BS 年初余额 column) */
  | 'yearOpening'
  /** the period's debit / credit movement, all vouchers */
  | 'debit'
  | 'credit'
  /** January (or the start period) to the period, plus the entered 本年累计 of a mid-year start */
  | 'ytdDebit'
  | 'ytdCredit'
  /** movements without 结转损益 lines (income statement) */
  | 'plDebit'
  | 'plCredit'
  | 'ytdPlDebit'
  | 'ytdPlCredit'
  /** Σ of the positive (debit) / negative (credit, as a positive number) raw balances of the lowest-level positions */
  | 'closingDebitParts'
  | 'closingCreditParts'
  | 'yearOpeningDebitParts'
  | 'yearOpeningCreditParts';

export type BalanceProvider = (code: string, kind: BalanceKind, period: Period) => Decimal;

interface Movement {
  debit: Decimal;
  credit: Decimal;
  plDebit: Decimal;
  plCredit: Decimal;
}

interface Position {
  code: string;
  auxKey: string;
  opening: Decimal;
  ytdDebit: Decimal;
  ytdCredit: Decimal;
  ytdPlDebit: Decimal;
  ytdPlCredit: Decimal;
  byPeriod: Map<Period, Movement>;
  postings: Posting[];
}

/** 借 / 贷 / 平 of a raw balance (debit − credit), as ledgers print it next to the absolute amount. */
export type BalanceSide = '借' | '贷' | '平';
export function sideOf(raw: Decimal): BalanceSide {
  return raw.isZero() ? '平' : raw.gt(0) ? '借' : '贷';
}

/** Ledger order: date, then voucher word, number and line. */
export function comparePostings(a: Posting, b: Posting): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const wa = a.word ?? '';
  const wb = b.word ?? '';
  if (wa !== wb) return wa < wb ? -1 : 1;
  if ((a.no ?? 0) !== (b.no ?? 0)) return (a.no ?? 0) - (b.no ?? 0);
  if (a.voucherId !== b.voucherId) return a.voucherId < b.voucherId ? -1 : 1;
  return (a.lineNo ?? 0) - (b.lineNo ?? 0);
}

const emptyMovement = (): Movement => ({ debit: ZERO, credit: ZERO, plDebit: ZERO, plCredit: ZERO });

export class Ledger {
  readonly chart: Chart;
  readonly startPeriod: Period;
  private readonly positions = new Map<string, Position>();

  constructor(input: LedgerInput) {
    this.chart = input.chart;
    this.startPeriod = assertPeriod(input.startPeriod);
    for (const o of input.openings ?? []) {
      const account = this.leaf(o.code, '期初余额');
      const p = this.position(o.code, o.auxKey ?? '');
      const balance = dec(o.balance);
      p.opening = p.opening.plus(account.direction === 'debit' ? balance : balance.neg());
      p.ytdDebit = p.ytdDebit.plus(dec(o.ytdDebit));
      p.ytdCredit = p.ytdCredit.plus(dec(o.ytdCredit));
      const pl = dec(o.ytdProfitLoss);
      if (account.direction === 'debit') p.ytdPlDebit = p.ytdPlDebit.plus(pl);
      else p.ytdPlCredit = p.ytdPlCredit.plus(pl);
    }
    for (const line of input.postings) {
      this.leaf(line.code, `凭证 ${line.voucherId}`);
      const period = periodOf(line.date);
      if (period < this.startPeriod) {
        throw new Error(`凭证 ${line.voucherId} 的日期 ${line.date} 早于启用期间 ${this.startPeriod}`);
      }
      const p = this.position(line.code, line.auxKey ?? '');
      const m = p.byPeriod.get(period) ?? emptyMovement();
      const debit = dec(line.debit);
      const credit = dec(line.credit);
      m.debit = m.debit.plus(debit);
      m.credit = m.credit.plus(credit);
      if (!line.carryForward) {
        m.plDebit = m.plDebit.plus(debit);
        m.plCredit = m.plCredit.plus(credit);
      }
      p.byPeriod.set(period, m);
      p.postings.push(line);
    }
  }

  private leaf(code: string, where: string) {
    const account = this.chart.byCode.get(code);
    if (!account) throw new Error(`${where}：科目 ${code} 不存在`);
    if ((this.chart.children.get(code)?.length ?? 0) > 0) throw new Error(`${where}：科目 ${code} 不是末级科目`);
    return account;
  }

  private position(code: string, auxKey: string): Position {
    const key = `${code}\u0000${auxKey}`;
    let p = this.positions.get(key);
    if (!p) {
      p = {
        code,
        auxKey,
        opening: ZERO,
        ytdDebit: ZERO,
        ytdCredit: ZERO,
        ytdPlDebit: ZERO,
        ytdPlCredit: ZERO,
        byPeriod: new Map(),
        postings: [],
      };
      this.positions.set(key, p);
    }
    return p;
  }

  private within(code: string, auxKey?: string): Position[] {
    return [...this.positions.values()].filter(
      (p) => isWithin(p.code, code) && (auxKey === undefined || p.auxKey === auxKey),
    );
  }

  private movementOf(p: Position, from: Period, to: Period): Movement {
    const total = emptyMovement();
    for (const [period, m] of p.byPeriod) {
      if (period < from || period > to) continue;
      total.debit = total.debit.plus(m.debit);
      total.credit = total.credit.plus(m.credit);
      total.plDebit = total.plDebit.plus(m.plDebit);
      total.plCredit = total.plCredit.plus(m.plCredit);
    }
    return total;
  }

  /** Raw balance of a position at the start of `period`. */
  private startBalance(p: Position, period: Period): Decimal {
    let b = p.opening;
    for (const [q, m] of p.byPeriod) if (q < period) b = b.plus(m.debit).minus(m.credit);
    return b;
  }

  private endBalance(p: Position, period: Period): Decimal {
    let b = p.opening;
    for (const [q, m] of p.byPeriod) if (q <= period) b = b.plus(m.debit).minus(m.credit);
    return b;
  }

  /** Raw balance at the start of the period's year; a mid-year start derives it (period_rules §6). */
  private yearOpeningBalance(p: Position, period: Period): Decimal {
    const year = yearOf(period);
    const startYear = yearOf(this.startPeriod);
    if (year < startYear) throw new Error(`${year} 年早于启用期间 ${this.startPeriod}`);
    if (year > startYear) return this.startBalance(p, yearStart(period));
    return p.opening.minus(p.ytdDebit).plus(p.ytdCredit);
  }

  /** Year-to-date movement of a position up to the end of `period`, incl. the entered 本年累计 of the start year. */
  private ytd(p: Position, period: Period): Movement {
    const from = yearStart(period) > this.startPeriod ? yearStart(period) : this.startPeriod;
    const m = this.movementOf(p, from, period);
    if (yearOf(period) === yearOf(this.startPeriod)) {
      m.debit = m.debit.plus(p.ytdDebit);
      m.credit = m.credit.plus(p.ytdCredit);
      m.plDebit = m.plDebit.plus(p.ytdPlDebit);
      m.plCredit = m.plCredit.plus(p.ytdPlCredit);
    }
    return m;
  }

  /** One figure for an account's subtree (any level), optionally for one auxiliary item. */
  value(code: string, kind: BalanceKind, period: Period, auxKey?: string): Decimal {
    assertPeriod(period);
    let total = ZERO;
    for (const p of this.within(code, auxKey)) {
      let v: Decimal;
      switch (kind) {
        case 'opening':
          v = this.startBalance(p, period);
          break;
        case 'closing':
          v = this.endBalance(p, period);
          break;
        case 'yearOpening':
          v = this.yearOpeningBalance(p, period);
          break;
        case 'debit':
        case 'credit':
        case 'plDebit':
        case 'plCredit':
          v = this.movementOf(p, period, period)[kind];
          break;
        case 'ytdDebit':
          v = this.ytd(p, period).debit;
          break;
        case 'ytdCredit':
          v = this.ytd(p, period).credit;
          break;
        case 'ytdPlDebit':
          v = this.ytd(p, period).plDebit;
          break;
        case 'ytdPlCredit':
          v = this.ytd(p, period).plCredit;
          break;
        case 'closingDebitParts':
        case 'closingCreditParts':
        case 'yearOpeningDebitParts':
        case 'yearOpeningCreditParts': {
          const raw = kind.startsWith('closing') ? this.endBalance(p, period) : this.yearOpeningBalance(p, period);
          const wantDebit = kind.endsWith('DebitParts');
          v = wantDebit ? Decimal.max(raw, ZERO) : Decimal.max(raw.neg(), ZERO);
          break;
        }
      }
      total = total.plus(v);
    }
    return total;
  }

  /** The ledger as a statement balance provider. */
  provider(): BalanceProvider {
    return (code, kind, period) => this.value(code, kind, period);
  }

  /** Raw closing balance of every leaf position with a balance at the end of `period` (e.g. for 结转损益). */
  leafBalances(period: Period, under?: string): { code: string; auxKey: string; balance: Decimal }[] {
    return [...this.positions.values()]
      .filter((p) => under === undefined || isWithin(p.code, under))
      .map((p) => ({ code: p.code, auxKey: p.auxKey, balance: this.endBalance(p, period) }))
      .filter((b) => !b.balance.isZero())
      .sort((a, b) => (a.code + a.auxKey < b.code + b.auxKey ? -1 : 1));
  }

  /** Postings of a subtree in ledger order (date, word, number, line). */
  postingsOf(code: string, from: Period, to: Period, auxKey?: string): Posting[] {
    return this.within(code, auxKey)
      .flatMap((p) => p.postings)
      .filter((l) => {
        const q = periodOf(l.date);
        return q >= from && q <= to;
      })
      .sort(comparePostings);
  }
}

// ---------------------------------------------------------------- trial balance

export interface TrialBalanceRow {
  code: string;
  name: string;
  level: number;
  direction: 'debit' | 'credit';
  /** raw (debit − credit) */
  opening: Decimal;
  closing: Decimal;
  /** the raw balance placed on its side: a positive raw balance is a 借方余额, a negative one a 贷方余额 */
  openingDebit: Decimal;
  openingCredit: Decimal;
  periodDebit: Decimal;
  periodCredit: Decimal;
  ytdDebit: Decimal;
  ytdCredit: Decimal;
  closingDebit: Decimal;
  closingCredit: Decimal;
}

export interface TrialBalance {
  from: Period;
  to: Period;
  rows: TrialBalanceRow[];
  /** Σ over level-1 rows */
  totals: Omit<TrialBalanceRow, 'code' | 'name' | 'level' | 'direction' | 'opening' | 'closing'>;
  /** opening sides equal, period debit = credit, closing sides equal */
  balanced: boolean;
  /** Chinese messages, one per failed equality */
  problems: string[];
}

export interface TrialBalanceOptions {
  /** roll up to this level (1 = level-1 accounts only); default: every level */
  maxLevel?: number;
  /** keep rows whose every figure is zero; default false */
  includeZero?: boolean;
}

const sides = (raw: Decimal) => ({ debit: Decimal.max(raw, ZERO), credit: Decimal.max(raw.neg(), ZERO) });

/** 科目余额表 for periods `from`..`to`: opening at `from`, movements over the range, 本年累计 to `to`, closing at `to`. */
export function trialBalance(
  ledger: Ledger,
  from: Period,
  to: Period,
  options: TrialBalanceOptions = {},
): TrialBalance {
  const rows: TrialBalanceRow[] = [];
  for (const a of ledger.chart.accounts) {
    if (options.maxLevel !== undefined && a.level > options.maxLevel) continue;
    const opening = ledger.value(a.code, 'opening', from);
    const closing = ledger.value(a.code, 'closing', to);
    let periodDebit = ZERO;
    let periodCredit = ZERO;
    for (const p of periodRange(from, to)) {
      periodDebit = periodDebit.plus(ledger.value(a.code, 'debit', p));
      periodCredit = periodCredit.plus(ledger.value(a.code, 'credit', p));
    }
    const row: TrialBalanceRow = {
      code: a.code,
      name: a.name,
      level: a.level,
      direction: a.direction,
      opening,
      closing,
      openingDebit: sides(opening).debit,
      openingCredit: sides(opening).credit,
      periodDebit,
      periodCredit,
      ytdDebit: ledger.value(a.code, 'ytdDebit', to),
      ytdCredit: ledger.value(a.code, 'ytdCredit', to),
      closingDebit: sides(closing).debit,
      closingCredit: sides(closing).credit,
    };
    const zero = [opening, closing, periodDebit, periodCredit, row.ytdDebit, row.ytdCredit].every((d) => d.isZero());
    if (!zero || options.includeZero) rows.push(row);
  }
  const level1 = rows.filter((r) => r.level === 1);
  const total = (k: keyof TrialBalance['totals']) => level1.reduce((s, r) => s.plus(r[k]), ZERO);
  const totals = {
    openingDebit: total('openingDebit'),
    openingCredit: total('openingCredit'),
    periodDebit: total('periodDebit'),
    periodCredit: total('periodCredit'),
    ytdDebit: total('ytdDebit'),
    ytdCredit: total('ytdCredit'),
    closingDebit: total('closingDebit'),
    closingCredit: total('closingCredit'),
  };
  const problems: string[] = [];
  const check = (label: string, d: Decimal, c: Decimal) => {
    if (!d.eq(c)) problems.push(`${label}不平衡：借方 ${money(d)}，贷方 ${money(c)}，差额 ${money(d.minus(c))}`);
  };
  check('期初余额', totals.openingDebit, totals.openingCredit);
  check('本期发生额', totals.periodDebit, totals.periodCredit);
  check('期末余额', totals.closingDebit, totals.closingCredit);
  return { from, to, rows, totals, balanced: problems.length === 0, problems };
}

// ---------------------------------------------------------------- opening check (试算平衡, period_rules §6)

export interface OpeningCheck {
  balanced: boolean;
  problems: string[];
}

/**
 * 期初试算平衡 of entered opening balances: Σ借方余额 = Σ贷方余额 over level-1 accounts (a negative balance moves to
 * the other side), Σ本年累计借方 = Σ本年累计贷方 (mid-year start), 损益类 opening balances are zero, and the
 * equation 资产 + 成本 = 负债 + 所有者权益 (共同类 net on the side of its sign).
 */
export function checkOpenings(chart: Chart, startPeriod: Period, openings: readonly OpeningBalance[]): OpeningCheck {
  const ledger = new Ledger({ chart, startPeriod, openings, postings: [] });
  const tb = trialBalance(ledger, startPeriod, startPeriod, { maxLevel: 1 });
  const problems: string[] = [];
  if (!tb.totals.openingDebit.eq(tb.totals.openingCredit)) {
    problems.push(
      `期初余额试算不平衡：借方合计 ${money(tb.totals.openingDebit)}，贷方合计 ${money(tb.totals.openingCredit)}`,
    );
  }
  const ytdD = tb.totals.ytdDebit;
  const ytdC = tb.totals.ytdCredit;
  if (monthOf(startPeriod) !== 1 && !ytdD.eq(ytdC)) {
    problems.push(`本年累计发生额不平衡：借方合计 ${money(ytdD)}，贷方合计 ${money(ytdC)}`);
  }
  for (const r of tb.rows) {
    const account = chart.byCode.get(r.code)!;
    if (account.category === '损益' && !r.opening.isZero()) {
      problems.push(`损益类科目 ${r.code} ${r.name} 不应有期初余额（只录入本年累计发生额）`);
    }
  }
  let left = ZERO; // 资产 + 成本 (raw, debit positive)
  let right = ZERO; // 负债 + 所有者权益 (credit positive)
  for (const r of tb.rows) {
    const category = chart.byCode.get(r.code)!.category;
    if (category === '资产' || category === '成本') left = left.plus(r.opening);
    else if (category === '负债' || category === '所有者权益') right = right.minus(r.opening);
    else if (category === '共同') {
      if (r.opening.gt(0)) left = left.plus(r.opening);
      else right = right.minus(r.opening);
    }
  }
  if (!left.eq(right)) {
    problems.push(`资产 + 成本（${money(left)}）不等于 负债 + 所有者权益（${money(right)}）`);
  }
  return { balanced: problems.length === 0, problems };
}

// ---------------------------------------------------------------- ledgers

export interface LedgerRow {
  kind: 'opening' | 'posting' | 'periodTotal' | 'yearTotal';
  period: Period;
  /** yyyy-MM-dd (the first day for 期初, the period's last day for totals) */
  date: string;
  /** 记-3 */
  voucher: string;
  voucherId: string;
  summary: string;
  debit: Decimal;
  credit: Decimal;
  side: BalanceSide;
  /** absolute balance after the row */
  balance: Decimal;
  /** raw (debit − credit) balance after the row */
  raw: Decimal;
}

function totalRows(ledger: Ledger, code: string, period: Period, raw: Decimal, auxKey?: string): LedgerRow[] {
  const base = {
    period,
    date: lastDay(period),
    voucher: '',
    voucherId: '',
    side: sideOf(raw),
    balance: raw.abs(),
    raw,
  };
  const month = {
    debit: ledger.value(code, 'debit', period, auxKey),
    credit: ledger.value(code, 'credit', period, auxKey),
  };
  const year = {
    debit: ledger.value(code, 'ytdDebit', period, auxKey),
    credit: ledger.value(code, 'ytdCredit', period, auxKey),
  };
  return [
    { ...base, kind: 'periodTotal', summary: '本月合计', ...month },
    { ...base, kind: 'yearTotal', summary: '本年累计', ...year },
  ];
}

function openingRow(ledger: Ledger, code: string, from: Period, auxKey?: string): LedgerRow {
  const raw = ledger.value(code, 'opening', from, auxKey);
  return {
    kind: 'opening',
    period: from,
    date: `${from}-01`,
    voucher: '',
    voucherId: '',
    summary: monthOf(from) === 1 ? '上年结转' : '期初余额',
    debit: ZERO,
    credit: ZERO,
    side: sideOf(raw),
    balance: raw.abs(),
    raw,
  };
}

/** 总账: per period the opening line, then 本月合计 and 本年累计 with the closing balance and its side. */
export function generalLedger(ledger: Ledger, code: string, from: Period, to: Period): LedgerRow[] {
  const rows = [openingRow(ledger, code, from)];
  for (const p of periodRange(from, to)) rows.push(...totalRows(ledger, code, p, ledger.value(code, 'closing', p)));
  return rows;
}

/** 明细账: opening, every posting with the running balance, and 本月合计 / 本年累计 after each period. */
export function subsidiaryLedger(ledger: Ledger, code: string, from: Period, to: Period, auxKey?: string): LedgerRow[] {
  const first = openingRow(ledger, code, from, auxKey);
  const rows = [first];
  let raw = first.raw;
  const postings = ledger.postingsOf(code, from, to, auxKey);
  for (const p of periodRange(from, to)) {
    for (const line of postings.filter((l) => periodOf(l.date) === p)) {
      const debit = dec(line.debit);
      const credit = dec(line.credit);
      raw = raw.plus(debit).minus(credit);
      rows.push({
        kind: 'posting',
        period: p,
        date: line.date,
        voucher: line.word && line.no !== undefined ? `${line.word}-${line.no}` : '',
        voucherId: line.voucherId,
        summary: line.summary ?? '',
        debit,
        credit,
        side: sideOf(raw),
        balance: raw.abs(),
        raw,
      });
    }
    rows.push(...totalRows(ledger, code, p, raw, auxKey));
  }
  return rows;
}
