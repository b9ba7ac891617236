/** 科目余额表 (`trialBalance`) and the opening check 试算平衡 (`checkOpenings`, period_rules §6) over a Ledger. */
import { Decimal, money, ZERO } from './amount.ts';
import type { Chart } from './chart.ts';
import { Ledger, type OpeningBalance } from './ledger-balances.ts';
import { monthOf, type Period, periodRange } from './period.ts';

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
