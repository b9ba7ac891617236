/**
 * Money and weight never pass through binary floating point (DESIGN §5). These names predate the one module
 * core/format/amounts.ts and stay for their many call sites: formatDecimal = formatFixed (grouped), kgToTonnes.
 */
import { type DecimalInput, formatFixed } from './amounts.ts';

export { kgToTonnes } from './amounts.ts';

/** A decimal string with thousands separators and fixed decimals (e.g. money 12345.6 → 12,345.60). */
export function formatDecimal(value: DecimalInput | null | undefined, places = 2): string {
  return formatFixed(value, places);
}
