/**
 * Dates of tests that must pass on any day (issue 21): today in the server's zone and days around it. The demo
 * book comes closed through last month and a document is never dated after today, so a test's "this month" dates
 * are days of the current month on or before today (`openDay`) — on the 1st they all fall on the 1st, and their
 * order (a settlement not before what it settles) still holds as "on or after".
 */
import { lastDay } from '../../core/accounting/period.ts';
import { today } from '../../server/platform/time.ts';

export const TZ = process.env.TZ || 'Asia/Shanghai';

/** Today, yyyy-MM-dd, in the server's zone. */
export const todayStr = (): string => today(TZ);

/** This month, yyyy-MM, in the server's zone. */
export const thisMonth = (): string => todayStr().slice(0, 7);

/** The day `n` days after `day` (before it when `n` < 0). */
export const addDays = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The month `n` months after `period` (yyyy-MM; before it when `n` < 0). */
export const addMonths = (period: string, n: number): string => {
  const [y, m] = period.split('-').map(Number);
  const k = y * 12 + (m - 1) + n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
};

/** `n` days before today, but not before the 1st of this month (the period the demo book leaves open). */
export const openDay = (n = 0): string => {
  const first = `${thisMonth()}-01`;
  const d = addDays(todayStr(), -n);
  return d < first ? first : d;
};

export { lastDay };
