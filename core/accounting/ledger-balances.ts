/**
 * The Ledger (split from ledger.ts, which re-exports it and states the model): positions (leaf × 辅助核算 item) over
 * opening balances plus voucher lines, `value` per account subtree and balance kind, the statements' `provider()`,
 * leaf balances and the postings of an account.
 */
import { type AmountInput, Decimal, dec, ZERO } from './amount.ts';
import { type Chart, isWithin } from './chart.ts';
import { assertPeriod, type Period, periodOf, yearOf, yearStart } from './period.ts';

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
