import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

/**
 * Cost allocation for sorting (disassembly: one input into graded outputs) and assembly (DESIGN §5):
 * the input cost is shared by weight or by entered ratios, each share half-up to the fen, and the fen left
 * over by rounding goes to the shares with the largest remainders (ties: the heavier share, then the first)
 * so that the shares sum exactly to the input cost.
 */

export class AllocationError extends Error {}

/** `weights` are the outputs' net weights (by weight) or the entered ratios (by ratio); decimal strings. */
export function allocate(total: string, weights: string[]): string[] {
  if (weights.length === 0) throw new AllocationError('至少需要一个产出');
  const t = new Decimal(total);
  if (!t.isFinite() || t.lt(0)) throw new AllocationError('成本金额不能为负数');
  const w = weights.map((x, i) => {
    let v: Decimal;
    try {
      v = new Decimal(x);
    } catch {
      throw new AllocationError(`第${i + 1}行的比例不是有效的数字`);
    }
    if (!v.isFinite() || v.lt(0)) throw new AllocationError(`第${i + 1}行的比例不能为负数`);
    return v;
  });
  const sum = w.reduce((s, x) => s.plus(x), new Decimal(0));
  if (sum.eq(0)) throw new AllocationError('产出的重量或比例合计不能为0');
  const cents = t.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const exact = w.map((x) => cents.times(x).div(sum));
  const floors = exact.map((x) => x.floor());
  let left = cents.minus(floors.reduce((s, x) => s.plus(x), new Decimal(0))).toNumber();
  const order = exact
    .map((x, i) => ({ i, rem: x.minus(floors[i]), w: w[i] }))
    .sort((a, b) => b.rem.comparedTo(a.rem) || b.w.comparedTo(a.w) || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    if (o.rem.isZero()) continue;
    floors[o.i] = floors[o.i].plus(1);
    left -= 1;
  }
  return floors.map((c) => moneyFixed(c.div(100)));
}
