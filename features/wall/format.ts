/**
 * The wall screens' figures, all from the one money / weight module (core/format/amounts.ts): tonnes with 2
 * decimals, 万元 with 2 decimals (half-up like every other figure), thousands separators. The figures stay plain
 * numbers (no separators) because the charts read the same strings as their data.
 */
import { formatWan, groupThousands, kgToTonnes } from '../../core/format/amounts.ts';

/** kg decimal string → tonnes with 2 decimals, half-up. */
export const t2 = (kg: string) => kgToTonnes(kg, 2);
/** yuan decimal string → 万元 with 2 decimals, half-up, no unit and no separators (a figure and a chart value). */
export const wan = (yuan: string) => formatWan(yuan, { unit: false, thousands: false });
/** Thousands separators on a decimal string. */
export const grouped = groupThousands;
