/**
 * 账龄, due dates and the credit limit (money-contracts-finance §1.3). Ages count whole days from the document
 * date to the as-of date; buckets 0–30 / 31–60 / 61–90 / 90+ (edges are a choice, not a standard: one constant).
 * Overdue days count from the due date (document date + the party's payment terms).
 */
import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

export const AGING_BUCKETS = [
  { key: 'd0_30', name: '0-30天', max: 30 },
  { key: 'd31_60', name: '31-60天', max: 60 },
  { key: 'd61_90', name: '61-90天', max: 90 },
  { key: 'd90p', name: '90天以上', max: Number.POSITIVE_INFINITY },
] as const;
export type AgingKey = (typeof AGING_BUCKETS)[number]['key'];

const DAY = 86_400_000;
const utc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY);
}

/** yyyy-MM-dd plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(utc(date) + n * DAY).toISOString().slice(0, 10);
}

/** Due date from the document date and the party's payment terms (days; 0 = due at once). */
export function dueDate(date: string, termDays: number): string {
  return addDays(date, Math.max(0, Math.trunc(termDays || 0)));
}

/** Days past due on `asOf` (0 while not yet due). */
export function overdueDays(due: string, asOf: string): number {
  return Math.max(0, daysBetween(due, asOf));
}

export function bucketOf(date: string, asOf: string): AgingKey {
  const age = Math.max(0, daysBetween(date, asOf));
  return (AGING_BUCKETS.find((b) => age <= b.max) ?? AGING_BUCKETS[3]).key;
}

export type Aging = Record<AgingKey, string> & { total: string };

/** Open amounts by bucket; Σ buckets = total (every amount lands in exactly one bucket). */
export function aging(docs: { date: string; open: string }[], asOf: string): Aging {
  const acc: Record<string, Decimal> = {
    d0_30: new Decimal(0),
    d31_60: new Decimal(0),
    d61_90: new Decimal(0),
    d90p: new Decimal(0),
  };
  let total = new Decimal(0);
  for (const doc of docs) {
    const k = bucketOf(doc.date, asOf);
    acc[k] = acc[k].plus(doc.open);
    total = total.plus(doc.open);
  }
  return {
    d0_30: moneyFixed(acc.d0_30),
    d31_60: moneyFixed(acc.d31_60),
    d61_90: moneyFixed(acc.d61_90),
    d90p: moneyFixed(acc.d90p),
    total: moneyFixed(total),
  };
}

/**
 * Credit check for a new receivable: the party's balance (open receivables − unapplied advances) plus the new
 * amount against its limit. A limit of 0 (or none) means no limit. Answers the refusal text or null.
 */
export function creditRefusal(limit: string | null | undefined, balance: string, amount: string): string | null {
  if (!limit || new Decimal(limit).lte(0)) return null;
  const after = new Decimal(balance).plus(amount);
  if (after.lte(limit)) return null;
  return `客户信用额度 ${moneyFixed(limit)} 元，当前欠款 ${moneyFixed(balance)} 元，本单 ${moneyFixed(amount)} 元，审核后欠款 ${moneyFixed(after)} 元，超出 ${moneyFixed(after.minus(limit))} 元`;
}
