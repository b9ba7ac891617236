import Decimal from 'decimal.js';
import { moneyFixed, weightFixed } from '../format/amounts.ts';

/**
 * Weighing arithmetic of DESIGN §5, on decimal strings (never binary floating point).
 *
 * Two passes per truck: the heavier reading is gross (毛重), the lighter tare (皮重).
 * deduction (扣重) = fixed deduct weight + (gross − tare) × impurity rate (扣杂率, a fraction: 0.015 = 1.5 %),
 * net (净重) = gross − tare − deduction, amount = net in the price unit × unit price, half-up to the fen.
 * Weights are kilograms; `weightPlaces` is the scale's precision (0 = whole kilograms).
 */

export type PriceUnit = 'kg' | 't';

export interface WeighingInput {
  /** The two readings in kg, in either order (the heavier is gross). */
  first: string;
  second: string;
  /** Fixed deduction in kg (扣重), default 0. */
  deductWeight?: string;
  /** Impurity rate as a fraction (0.015 = 1.5 %), default 0. */
  impurityRate?: string;
  /** Unit price in yuan per `priceUnit`. */
  unitPrice?: string;
  priceUnit?: PriceUnit;
  /** Decimal places kept for weights (the scale's resolution), default 0. */
  weightPlaces?: number;
}

export interface WeighingResult {
  gross: string;
  tare: string;
  deduction: string;
  net: string;
  amount: string;
}

export class WeighingError extends Error {}

const d = (v: string | undefined, name: string): Decimal => {
  if (v === undefined || v === '') return new Decimal(0);
  let x: Decimal;
  try {
    x = new Decimal(v.trim());
  } catch {
    throw new WeighingError(`${name}不是有效的数字`);
  }
  if (!x.isFinite()) throw new WeighingError(`${name}不是有效的数字`);
  return x;
};

export function computeWeighing(input: WeighingInput): WeighingResult {
  const places = input.weightPlaces ?? 0;
  const a = d(input.first, '重量');
  const b = d(input.second, '重量');
  if (a.lt(0) || b.lt(0)) throw new WeighingError('重量不能为负数');
  const gross = Decimal.max(a, b);
  const tare = Decimal.min(a, b);
  const fixed = d(input.deductWeight, '扣重');
  const rate = d(input.impurityRate, '扣杂率');
  if (fixed.lt(0)) throw new WeighingError('扣重不能为负数');
  if (rate.lt(0) || rate.greaterThanOrEqualTo(1)) throw new WeighingError('扣杂率必须在0到100%之间');
  const load = gross.minus(tare);
  const deduction = fixed.plus(load.times(rate)).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const net = load.minus(deduction);
  if (net.lt(0)) throw new WeighingError('扣重不能大于毛重减皮重');
  const price = d(input.unitPrice, '单价');
  if (price.lt(0)) throw new WeighingError('单价不能为负数');
  const qty = (input.priceUnit ?? 't') === 't' ? net.div(1000) : net;
  const amount = qty.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    gross: weightFixed(gross, places),
    tare: weightFixed(tare, places),
    deduction: weightFixed(deduction, places),
    net: weightFixed(net, places),
    amount: moneyFixed(amount),
  };
}

/**
 * A reading is stable when every sample of the last `windowMs` stays within one scale division of the newest
 * sample and the window is filled. Samples are `{ at: ms, kg: decimal string }`, oldest first.
 */
export function isStable(samples: { at: number; kg: string }[], division: string, windowMs: number): boolean {
  if (samples.length < 2) return false;
  const last = samples[samples.length - 1];
  const from = last.at - windowMs;
  if (samples[0].at > from) return false;
  const ref = new Decimal(last.kg);
  const div = new Decimal(division);
  for (let i = samples.length - 1; i >= 0 && samples[i].at >= from; i--) {
    if (new Decimal(samples[i].kg).minus(ref).abs().greaterThan(div)) return false;
  }
  return true;
}
