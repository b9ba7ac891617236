/**
 * One asset card's depreciation for one month, given what is already booked (fixed_assets.md §1–2). Built on
 * depreciation.ts (the arithmetic); this file adds the card's state: booked months, disposal, a change of estimate.
 *
 * Guarantees:
 * - 累计折旧 A = 期初累计折旧 (entered on the card) + Σ booked months;
 * - nothing before the month after the in-service month, nothing after the disposal month (the disposal month is
 *   still depreciated), nothing beyond C − S − A (never more than the rest of the depreciable amount);
 * - an unchanged time-based card books the schedule's accumulated amount through the month less what is booked:
 *   exactly the schedule month when every month is run (so Σ = C − S to the fen), and the missed months (a card
 *   entered late, a month not run, past the end of the life) caught up in the next run (补提);
 * - a card re-estimated (原值 / 使用月数 / 残值率 changed) continues straight-line over the remaining months:
 *   (C − A − S) ÷ 剩余月数, the last month of the life taking the rest (the research's "after a change of estimate");
 * - 工作量法: cumulative units × unit rate (C × (1 − r) ÷ 预计总工作量), rounded cumulatively by workloadSchedule.
 */
import { moneyFixed } from '../format/amounts.ts';
import { Decimal, dec, ZERO } from './amount.ts';
import {
  type AssetTerms,
  type DepreciationMethod,
  depreciationSchedule,
  firstDepreciationPeriod,
  residualOf,
  straightLineRemaining,
  workloadSchedule,
} from './depreciation.ts';
import { addMonths, monthsBetween, type Period } from './period.ts';

export interface CardState {
  cost: string;
  residualRate: string;
  lifeMonths: number;
  inServiceDate: string;
  method: DepreciationMethod;
  totalWorkload?: string | null;
  /** 1: the estimate changed since acquisition */
  reestimated: boolean;
  /** yyyy-MM of the disposal, '' when in use */
  disposalPeriod: string;
  /** 期初累计折旧: depreciation before the card was entered */
  openingAccumulated?: string;
}

export interface BookedMonth {
  period: Period;
  amount: string;
  workload?: string | null;
}

export interface MonthResult {
  amount: Decimal;
  /** why the amount is 0 ('' otherwise) */
  note: string;
}

export function termsOf(card: CardState): AssetTerms {
  return {
    cost: card.cost,
    residualRate: card.residualRate,
    lifeMonths: card.lifeMonths,
    inServiceDate: card.inServiceDate,
    method: card.method,
    totalWorkload: card.totalWorkload ?? undefined,
  };
}

const none = (note: string): MonthResult => ({ amount: ZERO, note });

/** The depreciation of `period` for the card; `workload` = the month's units (工作量法). */
export function monthDepreciation(
  card: CardState,
  period: Period,
  booked: readonly BookedMonth[],
  workload?: string | null,
): MonthResult {
  const terms = termsOf(card);
  const first = firstDepreciationPeriod(card.inServiceDate);
  if (period < first) return none('未到折旧期（次月起计提）');
  if (card.disposalPeriod && period > card.disposalPeriod) return none('已处置');
  const before = booked.filter((b) => b.period !== period);
  const accumulated = before.reduce((s, b) => s.plus(dec(b.amount)), dec(card.openingAccumulated));
  const left = dec(card.cost).minus(residualOf(terms)).minus(accumulated);
  if (left.lte(0)) return none('已提足折旧');
  if (card.method === 'workload') {
    if (workload === undefined || workload === null || workload === '') return none('需填写本月工作量');
    const rows = workloadSchedule(terms, [
      ...before.map((b) => ({ period: b.period, units: dec(b.workload ?? 0) })),
      { period, units: workload },
    ]);
    const row = rows.find((r) => r.period === period);
    return { amount: Decimal.min(row?.amount ?? ZERO, left), note: '' };
  }
  const index = monthsBetween(first, period);
  if (card.reestimated) {
    const remainingMonths = card.lifeMonths - index;
    if (remainingMonths <= 1) return { amount: left, note: index >= card.lifeMonths ? '补提至应计折旧额' : '' };
    const amount = straightLineRemaining({
      cost: card.cost,
      accumulated,
      residual: residualOf(terms),
      remainingMonths,
    });
    return { amount: Decimal.min(amount, left), note: '' };
  }
  // the schedule's accumulated amount through this month less what is booked: months never run (a card entered
  // late, a month skipped) are caught up here (补提); with every month booked this is exactly the month's amount
  const schedule = depreciationSchedule(terms);
  const row = schedule.find((r) => r.period === period);
  const target = row ? row.accumulated : dec(card.cost).minus(residualOf(terms));
  const amount = Decimal.max(ZERO, Decimal.min(target.minus(accumulated), left));
  const regular = row?.amount ?? ZERO;
  return { amount, note: amount.gt(regular) ? '含以前月份补提' : amount.isZero() ? '已提足折旧' : '' };
}

export interface ProjectedMonth {
  period: Period;
  year: number;
  amount: Decimal;
  accumulated: Decimal;
  netBookValue: Decimal;
  booked: boolean;
}

/**
 * The card's whole schedule: booked months as booked, later months as they would be computed (time-based methods;
 * 工作量法 shows the booked months only). Stops at the disposal month or the end of the life.
 */
export function projectSchedule(card: CardState, booked: readonly BookedMonth[]): ProjectedMonth[] {
  const first = firstDepreciationPeriod(card.inServiceDate);
  const bookedBy = new Map(booked.map((b) => [b.period, b]));
  const out: ProjectedMonth[] = [];
  const done: BookedMonth[] = [];
  let accumulated = dec(card.openingAccumulated);
  for (let i = 0; i < card.lifeMonths; i++) {
    const period = addMonths(first, i);
    if (card.disposalPeriod && period > card.disposalPeriod) break;
    const b = bookedBy.get(period);
    if (!b && card.method === 'workload') continue;
    const amount = b ? dec(b.amount) : monthDepreciation(card, period, done).amount;
    done.push({ period, amount: moneyFixed(amount), workload: b?.workload });
    accumulated = accumulated.plus(amount);
    out.push({
      period,
      year: Math.floor(i / 12) + 1,
      amount,
      accumulated,
      netBookValue: dec(card.cost).minus(accumulated),
      booked: !!b,
    });
  }
  return out;
}
