/**
 * The two ends of a transport order compared: the net weight loaded (the out-stock or the weighing at the origin)
 * and the net weight received (the in-stock or weighing at the destination, or the customer's receipt). In kg,
 * decimal (3 places). A shortfall above the tolerance (‰ of the loaded weight, 3 ‰ by default: the usual 磅差 of
 * two truck scales) is flagged 超出磅差.
 */
import Decimal from 'decimal.js';
import { rateFixed, weightFixed } from '../format/amounts.ts';

export const DEFAULT_TOLERANCE_PERMILLE = '3';

export interface WeightGap {
  /** loaded − received (kg, 3 places); negative = more arrived than left */
  shortfallKg: string;
  /** shortfall per mille of the loaded weight (2 places) */
  permille: string;
  /** the shortfall exceeds the tolerance */
  flagged: boolean;
}

/** null while either end is unknown (or nothing was loaded). */
export function weightGap(
  loadKg: string | null | undefined,
  unloadKg: string | null | undefined,
  tolerancePermille = DEFAULT_TOLERANCE_PERMILLE,
): WeightGap | null {
  if (!loadKg || !unloadKg) return null;
  const load = new Decimal(loadKg);
  if (load.lte(0)) return null;
  const gap = load.minus(unloadKg);
  const permille = gap.div(load).mul(1000);
  return {
    shortfallKg: weightFixed(gap),
    permille: rateFixed(permille),
    flagged: permille.gt(tolerancePermille),
  };
}

/** Which stock documents / weighings may stand at each end. */
export const END_DOC_TYPES = {
  /** loading: what left the origin */
  load: { stock: ['out_stock', 'purchase_return'], weighing: ['sale', 'transfer', 'other'] },
  /** delivery: what arrived at the destination */
  unload: { stock: ['in_stock', 'sale_return'], weighing: ['purchase', 'transfer', 'other'] },
} as const;
export type OrderEnd = keyof typeof END_DOC_TYPES;
