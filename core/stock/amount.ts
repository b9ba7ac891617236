import Decimal from 'decimal.js';
import { decimalFixed, moneyFixed } from '../format/amounts.ts';
import type { PriceUnit } from './weighing.ts';

/**
 * Document line arithmetic (DESIGN §5), on decimal strings.
 *
 * Quantities on documents are kilograms; prices are quoted per the material's price unit (元/吨 or 元/千克).
 * amount = qty in the price unit × unit price, half-up to the fen — the same rule as a weighing's amount, so an
 * in-stock order made from a weighing carries exactly the weighing's amount.
 */

export class AmountError extends Error {}

/** The material's price unit as the contract stores it → the arithmetic's unit (core/format/amounts.ts). */
export { priceUnitOf } from '../format/amounts.ts';

function dec(v: string, name: string): Decimal {
  let x: Decimal;
  try {
    x = new Decimal(String(v).trim());
  } catch {
    throw new AmountError(`${name}不是有效的数字`);
  }
  if (!x.isFinite()) throw new AmountError(`${name}不是有效的数字`);
  return x;
}

/** qty (kg) × price per `unit`, half-up to the fen. */
export function lineAmount(qtyKg: string, unitPrice: string, unit: PriceUnit = 't'): string {
  const q = dec(qtyKg, '数量');
  const p = dec(unitPrice, '单价');
  if (q.isNegative()) throw new AmountError('数量不能为负数');
  if (p.isNegative()) throw new AmountError('单价不能为负数');
  const inUnit = unit === 't' ? q.div(1000) : q;
  return moneyFixed(inUnit.times(p));
}

/**
 * The share of `amount` that belongs to `part` of `whole` (a sale return of part of an issue comes back at
 * that part of the issued cost), half-up to the fen; the whole takes exactly the amount.
 */
export function proportional(amount: string, part: string, whole: string): string {
  const a = dec(amount, '金额');
  const p = dec(part, '数量');
  const w = dec(whole, '数量');
  if (w.lte(0)) throw new AmountError('原数量必须大于0');
  if (p.isNegative() || p.gt(w)) throw new AmountError(`数量不能超过原数量 ${w.toString()}`);
  if (p.eq(w)) return moneyFixed(a);
  return moneyFixed(a.times(p).div(w));
}

/** Σ of decimal strings, fixed to `places`. */
export function sum(values: string[], places = 2): string {
  return decimalFixed(
    values.reduce((s, v) => s.plus(dec(v, '金额')), new Decimal(0)),
    places,
  );
}
