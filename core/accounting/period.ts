/**
 * Accounting periods are calendar months written `YYYY-MM` (会计期间). Strings compare in time order, so plain
 * `<` / `>` work; the helpers here validate and step them.
 */

/** `YYYY-MM` */
export type Period = string;

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function assertPeriod(period: string): Period {
  if (!PERIOD.test(period)) throw new Error(`会计期间「${period}」格式应为 yyyy-MM`);
  return period;
}

export function yearOf(period: Period): number {
  return Number(assertPeriod(period).slice(0, 4));
}

export function monthOf(period: Period): number {
  return Number(assertPeriod(period).slice(5, 7));
}

export function makePeriod(year: number, month: number): Period {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The period a `yyyy-MM-dd` date falls in. */
export function periodOf(date: string): Period {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) throw new Error(`日期「${date}」格式应为 yyyy-MM-dd`);
  return assertPeriod(`${m[1]}-${m[2]}`);
}

export function addMonths(period: Period, months: number): Period {
  const index = yearOf(period) * 12 + monthOf(period) - 1 + months;
  return makePeriod(Math.floor(index / 12), (index % 12) + 1);
}

export const nextPeriod = (period: Period): Period => addMonths(period, 1);
export const previousPeriod = (period: Period): Period => addMonths(period, -1);

/** Months from `a` to `b` (b − a). */
export function monthsBetween(a: Period, b: Period): number {
  return yearOf(b) * 12 + monthOf(b) - (yearOf(a) * 12 + monthOf(a));
}

/** Every period from `from` to `to`, both included (empty when to < from). */
export function periodRange(from: Period, to: Period): Period[] {
  const out: Period[] = [];
  for (let p = from; p <= to; p = nextPeriod(p)) out.push(p);
  return out;
}

/** January of the period's year. */
export const yearStart = (period: Period): Period => makePeriod(yearOf(period), 1);

export const isYearEnd = (period: Period): boolean => monthOf(period) === 12;

/** First day `yyyy-MM-01`. */
export const firstDay = (period: Period): string => `${assertPeriod(period)}-01`;

/** Last day of the month `yyyy-MM-dd` (leap years included). */
export function lastDay(period: Period): string {
  const days = new Date(Date.UTC(yearOf(period), monthOf(period), 0)).getUTCDate();
  return `${period}-${String(days).padStart(2, '0')}`;
}
