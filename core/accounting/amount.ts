/**
 * Amounts in the accounting core: decimal.js values, never binary floats (DESIGN §5). Money is kept to the fen
 * (2 decimals, rounded half-up when a computation produces more); inputs arrive as decimal strings.
 */
import Decimal from 'decimal.js';
import { groupThousands, moneyFixed } from '../format/amounts.ts';

export { Decimal };

/** What callers may pass as an amount: a decimal string, a Decimal, or an integer number (no floats for money). */
export type AmountInput = Decimal | string | number;

export const ZERO = new Decimal(0);

/** A Decimal from a decimal string / Decimal / number; '' and null count as zero. Throws on junk. */
export function dec(value: AmountInput | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return ZERO;
  if (Decimal.isDecimal(value)) return value as Decimal;
  return new Decimal(typeof value === 'number' ? String(value) : value.trim());
}

/** Rounds half-up to the fen. */
export function round2(value: AmountInput): Decimal {
  return dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** True when the value has at most `places` decimals (e.g. 12.345 has 3). */
export function hasAtMostDecimals(value: AmountInput, places = 2): boolean {
  return dec(value).decimalPlaces() <= places;
}

/** Σ of the values. */
export function sum(values: Iterable<AmountInput>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(dec(v));
  return total;
}

/** Fixed 2-decimal string (e.g. for messages and the wire): 1234.5 → "1234.50" (core/format/amounts.ts). */
export function money(value: AmountInput): string {
  return moneyFixed(dec(value));
}

/** Money with thousands separators for Chinese messages: 1234567.8 → "1,234,567.80". */
export function moneyText(value: AmountInput): string {
  return groupThousands(money(value));
}
