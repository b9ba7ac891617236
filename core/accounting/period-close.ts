/**
 * 结账 / 反结账 rules (period_rules §9–§11) as pure checks over facts the caller gathers in one transaction.
 *
 * Invariant: closed periods form a prefix starting at the 启用期间 — never a closed period after an open one.
 * `closeCheck` keeps it (the previous period must be closed), `reopenPlan` keeps it (reopening period k reopens k and
 * every later closed period). Blocking problems (✗) stop the close; warnings (⚠) are shown and may be overridden.
 */
import { type Decimal, moneyText } from './amount.ts';
import { isYearEnd, type Period, periodRange, previousPeriod } from './period.ts';
import { numberGaps } from './voucher.ts';

export interface PeriodState {
  period: Period;
  closed: boolean;
}

/** True when the closed periods form a prefix of the list ordered by period. */
export function closedPeriodsArePrefix(periods: readonly PeriodState[]): boolean {
  const sorted = [...periods].sort((a, b) => (a.period < b.period ? -1 : 1));
  let open = false;
  for (const p of sorted) {
    if (!p.closed) open = true;
    else if (open) return false;
  }
  return true;
}

export interface CloseFacts {
  period: Period;
  /** 启用期间 */
  startPeriod: Period;
  /** closed periods of the book */
  closedPeriods: readonly Period[];
  /** the account set requires 审核 */
  reviewRequired: boolean;
  /** the account set has a separate 过账 step (desktop style); online style saves = posts */
  postingRequired?: boolean;
  /** the period's vouchers */
  vouchers: readonly { word: string; no: number; status: 'saved' | 'reviewed' | 'posted' }[];
  /** problems of the 期初 trial balance (checkOpenings), [] when balanced */
  openingProblems: readonly string[];
  /** problems of the period's trial balance (trialBalance().problems), [] when balanced */
  trialBalanceProblems: readonly string[];
  /** 损益类 leaf accounts with a non-zero raw balance at the period end */
  profitAndLossBalances: readonly { label: string; balance: Decimal }[];
  /** balance-sheet check message, null when balanced (⚠) */
  balanceSheetProblem?: string | null;
  /** 库存现金 / 银行存款 leaves with a credit balance (⚠) */
  cashCreditBalances?: readonly { label: string; balance: Decimal }[];
  /** 待处理财产损溢 balance at year end (⚠ when not cleared in December) */
  suspenseBalance?: Decimal;
  /** month-end templates not generated yet, e.g. ['计提折旧', '结转未交增值税'] (⚠) */
  pendingTemplates?: readonly string[];
  /** modules not closed for the month, e.g. ['固定资产'] (⚠) */
  openModules?: readonly string[];
}

export interface CloseCheck {
  canClose: boolean;
  blocking: string[];
  warnings: string[];
}

const side = (b: Decimal) => (b.lt(0) ? `贷方 ${moneyText(b.neg())}` : `借方 ${moneyText(b)}`);

/** The 结账 checklist of period_rules §9. */
export function closeCheck(f: CloseFacts): CloseCheck {
  const blocking: string[] = [];
  const warnings: string[] = [];
  const closed = new Set(f.closedPeriods);
  if (f.period < f.startPeriod) blocking.push(`${f.period} 早于启用期间 ${f.startPeriod}`);
  if (closed.has(f.period)) blocking.push(`${f.period} 已结账`);
  if (f.period > f.startPeriod) {
    const missing = periodRange(f.startPeriod, previousPeriod(f.period)).filter((p) => !closed.has(p));
    if (missing.length > 0) blocking.push(`请按顺序结账：${missing.join('、')} 尚未结账`);
  }
  if (f.reviewRequired) {
    const pending = f.vouchers.filter((v) => v.status === 'saved');
    if (pending.length > 0) {
      const list = pending
        .slice(0, 10)
        .map((v) => `${v.word}-${v.no}`)
        .join('、');
      blocking.push(`本期有 ${pending.length} 张凭证未审核：${list}${pending.length > 10 ? ' 等' : ''}`);
    }
  }
  if (f.postingRequired) {
    const unposted = f.vouchers.filter((v) => v.status !== 'posted');
    if (unposted.length > 0) {
      const list = unposted
        .slice(0, 10)
        .map((v) => `${v.word}-${v.no}`)
        .join('、');
      blocking.push(`本期有 ${unposted.length} 张凭证未过账：${list}${unposted.length > 10 ? ' 等' : ''}`);
    }
  }
  blocking.push(...f.openingProblems);
  blocking.push(...f.trialBalanceProblems);
  if (f.profitAndLossBalances.length > 0) {
    const list = f.profitAndLossBalances.map((b) => `${b.label} ${side(b.balance)}`).join('；');
    blocking.push(`损益类科目余额不为零，请先结转损益：${list}`);
  }

  const byWord = new Map<string, number[]>();
  for (const v of f.vouchers) byWord.set(v.word, [...(byWord.get(v.word) ?? []), v.no]);
  for (const [word, numbers] of byWord) {
    const { missing, duplicates } = numberGaps(numbers);
    if (missing.length > 0) warnings.push(`凭证号不连续：${word}字缺 ${missing.join('、')} 号，可使用凭证整理`);
    if (duplicates.length > 0) warnings.push(`凭证号重复：${word}字 ${duplicates.join('、')} 号`);
  }
  if (f.pendingTemplates && f.pendingTemplates.length > 0) {
    warnings.push(`期末处理尚未生成：${f.pendingTemplates.join('、')}`);
  }
  if (f.balanceSheetProblem) warnings.push(f.balanceSheetProblem);
  for (const c of f.cashCreditBalances ?? []) warnings.push(`${c.label} 出现贷方余额 ${moneyText(c.balance.abs())}`);
  if (isYearEnd(f.period) && f.suspenseBalance && !f.suspenseBalance.isZero()) {
    warnings.push(`待处理财产损溢年末应清理完毕，当前余额 ${side(f.suspenseBalance)}`);
  }
  if (f.openModules && f.openModules.length > 0) warnings.push(`${f.openModules.join('、')} 模块本月尚未结账`);
  return { canClose: blocking.length === 0, blocking, warnings };
}

export interface ReopenPlan {
  ok: boolean;
  /** periods to reopen, latest first (target and every later closed period) */
  reopen: Period[];
  /** Chinese reason when not ok */
  problem: string | null;
  /** notes to show: generated closing vouchers become stale; a reopened December reopens the year */
  notes: string[];
}

/**
 * 反结账 to `target` (period_rules §10): reopens target and every later closed period; only the 账套主管 (or an
 * administrator). User and generated vouchers are kept; the generated 结转损益 / year-end vouchers of the reopened
 * periods must be regenerated before closing again.
 */
export function reopenPlan(periods: readonly PeriodState[], target: Period, isSupervisor: boolean): ReopenPlan {
  const fail = (problem: string): ReopenPlan => ({ ok: false, reopen: [], problem, notes: [] });
  if (!isSupervisor) return fail('只有账套主管可以反结账');
  const state = periods.find((p) => p.period === target);
  if (!state?.closed) return fail(`${target} 尚未结账，无需反结账`);
  const reopen = periods
    .filter((p) => p.closed && p.period >= target)
    .map((p) => p.period)
    .sort()
    .reverse();
  const notes = ['反结账不删除凭证；重新结账前请重新生成结转损益凭证'];
  const decembers = reopen.filter(isYearEnd);
  if (decembers.length > 0) {
    notes.push(`已反结账年末期间 ${decembers.join('、')}：年末结转本年利润和下年期初余额需重新计算`);
  }
  return { ok: true, reopen, problem: null, notes };
}

/** Why a voucher dated in `period` cannot be saved, or null (period_rules §3: only open periods take vouchers). */
export function periodOpenProblem(
  period: Period,
  startPeriod: Period,
  closedPeriods: readonly Period[],
): string | null {
  if (period < startPeriod) return `凭证日期所在期间 ${period} 早于启用期间 ${startPeriod}`;
  if (closedPeriods.includes(period)) return `凭证日期所在期间 ${period} 已结账`;
  return null;
}
