import Decimal from 'decimal.js';

/**
 * Money and weight never pass through binary floating point (DESIGN §5): they travel as fixed-decimal
 * strings and are converted here with decimal arithmetic.
 */

/** Kilograms (decimal string) → tonnes with `places` decimals, rounded half-up; '' or junk → zero. */
export function kgToTonnes(kg: string | number | null | undefined, places = 3): string {
  return toDecimal(kg).div(1000).toFixed(places, Decimal.ROUND_HALF_UP);
}

/** A decimal string with thousands separators and fixed decimals (e.g. money 12345.6 → 12,345.60). */
export function formatDecimal(value: string | number | null | undefined, places = 2): string {
  const fixed = toDecimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

function toDecimal(v: string | number | null | undefined): Decimal {
  if (v === null || v === undefined || v === '') return new Decimal(0);
  try {
    return new Decimal(typeof v === 'number' ? String(v) : v.trim());
  } catch {
    return new Decimal(0);
  }
}
