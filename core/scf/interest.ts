/**
 * Financing interest (money-contracts-finance.md §5.1, §5.3): simple interest accrued day by day on the outstanding
 * principal, day count convention ACT/360 — each calendar day from the start date (inclusive) to the end date
 * (exclusive) earns principal × annual rate / 360. Repayments reduce the principal from their date on. The accrued
 * total is rounded once, half up, to the fen. Pure decimal.js.
 */
import Decimal from 'decimal.js';
import { decimalFixed, moneyFixed, weightFixed } from '../format/amounts.ts';

export const DAY_BASIS = 360;
export const DAY_COUNT_CONVENTION = 'ACT/360';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const utc = (d: string) => {
  if (!DAY.test(d)) throw new Error(`日期格式应为yyyy-MM-dd：${d}`);
  return Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
};
/** Calendar days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}
export function addDays(d: string, n: number): string {
  return new Date(utc(d) + n * 86_400_000).toISOString().slice(0, 10);
}

export interface PrincipalChange {
  date: string;
  /** principal repaid that day (reduces the balance from that day on) */
  repaid: string;
}

/** Unrounded interest over [from, to) on `principal` minus the repayments dated before each day. */
function exactInterest(
  principal: Decimal.Value,
  annualRatePct: Decimal.Value,
  from: string,
  to: string,
  repayments: PrincipalChange[],
): Decimal {
  const daily = new Decimal(annualRatePct).div(100).div(DAY_BASIS);
  const sorted = [...repayments].sort((a, b) => a.date.localeCompare(b.date));
  let balance = new Decimal(principal);
  let cursor = from;
  let total = new Decimal(0);
  for (const r of sorted) {
    if (r.date <= from) {
      balance = balance.minus(r.repaid);
      continue;
    }
    if (r.date >= to) break;
    total = total.plus(balance.times(daily).times(daysBetween(cursor, r.date)));
    balance = balance.minus(r.repaid);
    cursor = r.date;
  }
  if (to > cursor) total = total.plus(balance.times(daily).times(daysBetween(cursor, to)));
  return total;
}

/** Interest accrued over [from, to) to the fen (ACT/360, day by day on the outstanding principal). */
export function accruedInterest(
  principal: Decimal.Value,
  annualRatePct: Decimal.Value,
  from: string,
  to: string,
  repayments: PrincipalChange[] = [],
): string {
  if (to <= from) return '0.00';
  return moneyFixed(exactInterest(principal, annualRatePct, from, to, repayments));
}

/** Day-by-day schedule (date, balance, interest of the day unrounded to 6 places) — the screen's accrual table. */
export function dailyAccrual(
  principal: Decimal.Value,
  annualRatePct: Decimal.Value,
  from: string,
  to: string,
  repayments: PrincipalChange[] = [],
): { date: string; balance: string; interest: string }[] {
  const out: { date: string; balance: string; interest: string }[] = [];
  const daily = new Decimal(annualRatePct).div(100).div(DAY_BASIS);
  const n = daysBetween(from, to);
  for (let i = 0; i < n; i++) {
    const d = addDays(from, i);
    const repaid = repayments.filter((r) => r.date <= d).reduce((s, r) => s.plus(r.repaid), new Decimal(0));
    const bal = new Decimal(principal).minus(repaid);
    out.push({ date: d, balance: moneyFixed(bal), interest: decimalFixed(bal.times(daily), 6) });
  }
  return out;
}

/**
 * Pledged quantity released by a repayment, in proportion: after the repayments the pledge keeps
 * pledged × (outstanding / principal), rounded up to the gram (the lender keeps the fraction); full repayment
 * releases everything. Answers the cumulative released quantity (kg, 3 places).
 */
export function releasedQty(pledgedKg: Decimal.Value, principal: Decimal.Value, repaidTotal: Decimal.Value): string {
  const p = new Decimal(principal);
  const repaid = new Decimal(repaidTotal);
  if (repaid.gte(p)) return weightFixed(new Decimal(pledgedKg));
  const keep = new Decimal(pledgedKg).times(p.minus(repaid)).div(p).toDecimalPlaces(3, Decimal.ROUND_UP);
  return weightFixed(new Decimal(pledgedKg).minus(keep));
}

/**
 * 金单 / bill discount: interest = face × annual rate × days / 360 (days from the discount date to maturity, plus
 * adjustment days), to the fen half up; the holder receives face − interest.
 */
export function discount(
  face: Decimal.Value,
  annualRatePct: Decimal.Value,
  discountDate: string,
  maturityDate: string,
  adjustDays = 0,
): { days: number; interest: string; net: string } {
  const days = daysBetween(discountDate, maturityDate) + adjustDays;
  if (days <= 0) throw new Error('贴现日必须早于到期日');
  const interest = new Decimal(face)
    .times(annualRatePct)
    .div(100)
    .times(days)
    .div(DAY_BASIS)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { days, interest: moneyFixed(interest), net: moneyFixed(new Decimal(face).minus(interest)) };
}
