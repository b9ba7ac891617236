/**
 * Table cell renderers of the one money / weight format (issue 26, core/format/amounts.ts): money grouped with two
 * decimals, weights grouped; an empty value stays empty. Print pages and chart axes use the same functions.
 */
import { formatFixed, formatKg, formatMoney } from '../../core/format/amounts.ts';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** '283575' → '283,575.00'; null / '' → ''. */
export const moneyCell = (v: unknown) => (blank(v) ? '' : formatMoney(String(v)));
/** Kilograms: '35260.5' → '35,260.5'. */
export const kgCell = (v: unknown) => (blank(v) ? '' : formatKg(String(v)));
/** A quantity with fixed decimals (tonnes 3): '1234.5' → '1,234.500'. */
export const qtyCell =
  (places = 3) =>
  (v: unknown) =>
    blank(v) ? '' : formatFixed(String(v), places);
/** A right-aligned money column. */
export const moneyColumn = (width?: number) => ({ align: 'right' as const, width, render: moneyCell });

/** The cell of an export column by its places (money 2 → grouped fen; 3 → grouped with 3 decimals; 0 → grouped). */
export const cellForPlaces = (places: number | undefined) =>
  places === 2 ? moneyCell : places === 3 ? qtyCell(3) : places === 0 ? qtyCell(0) : undefined;
