/**
 * The one money / weight / price module (issue 10, DESIGN §5): parsing with the Chinese 400 messages, and the
 * screen's and messages' formats — all on decimal.js, never binary floats. Money is kept to the fen (2 decimals,
 * half-up), weights are kilograms with 3 decimals (tonnes = kg / 1000), prices are quoted per the material's unit
 * (元/吨 or 元/千克).
 *
 *   parseAmount('12.345', '金额', { places: 2 })   → throws AmountInputError('金额最多 2 位小数')
 *   formatMoney('1234567.8')                        → '1,234,567.80'
 *   formatMoney('1234.5', { thousands: false })     → '1234.50'
 *   formatKg('35260.5')                             → '35,260.5'      formatTonnes('35260') → '35.260'
 *   formatPrice('2300', 't')                        → '2,300.00 元/吨'
 *   formatWan('123456789')                          → '12,345.68万'   formatPercent('0.125') → '12.50%'
 *
 * core/accounting/amount.ts (money, moneyText), core/format/decimal.ts (formatDecimal, kgToTonnes),
 * features/voucher's moneyCell and core/stock/amount.ts's priceUnitOf are names for these functions.
 */
import Decimal from 'decimal.js';
import { groupThousands } from './decimal-text.ts';

export { Decimal, groupThousands };

/** What a caller may pass: a decimal string, a Decimal, or a number (integers only are exact). */
export type DecimalInput = Decimal | string | number;

/** A bad number typed by a user: the message is the Chinese text of the 400 answer. */
export class AmountInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountInputError';
  }
}

export interface ParseOptions {
  /** At most this many decimals (money 2, weight 3); more is refused, not rounded. */
  places?: number;
  /** Refuse values below zero (default: allowed). */
  nonNegative?: boolean;
  /** Refuse zero and below. */
  positive?: boolean;
  /** Empty input: this value instead of the 请输入 message. */
  empty?: DecimalInput;
}

/**
 * A user's number → Decimal, or AmountInputError with a message naming the field: 请输入金额, 金额不是有效的数字,
 * 金额不能为负数, 金额必须大于0, 金额最多 2 位小数. Thousands separators and spaces are accepted ('1,234.5').
 */
export function parseAmount(value: DecimalInput | null | undefined, label: string, o: ParseOptions = {}): Decimal {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    if (o.empty !== undefined) return parseAmount(o.empty, label, { ...o, empty: undefined });
    throw new AmountInputError(`请输入${label}`);
  }
  let d: Decimal;
  if (Decimal.isDecimal(value)) d = value as Decimal;
  else {
    const text = typeof value === 'number' ? String(value) : value.replace(/[,\s，]/g, '');
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) throw new AmountInputError(`${label}不是有效的数字`);
    d = new Decimal(text);
  }
  if (!d.isFinite()) throw new AmountInputError(`${label}不是有效的数字`);
  if (o.positive && d.lte(0)) throw new AmountInputError(`${label}必须大于0`);
  if (o.nonNegative && d.isNegative()) throw new AmountInputError(`${label}不能为负数`);
  if (o.places !== undefined && d.decimalPlaces() > o.places) {
    throw new AmountInputError(`${label}最多 ${o.places} 位小数`);
  }
  return d;
}

/** Lenient reading for display: '' / null / junk → zero (a screen shows 0.00 rather than failing). */
export function decimalOrZero(value: DecimalInput | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0);
  if (Decimal.isDecimal(value)) return value as Decimal;
  try {
    const d = new Decimal(typeof value === 'number' ? String(value) : value.replace(/[,\s]/g, ''));
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}

/** A decimal with `places` fixed decimals, half-up; grouped by thousands unless `thousands: false`. */
export function formatFixed(
  value: DecimalInput | null | undefined,
  places: number,
  o: { thousands?: boolean } = {},
): string {
  const fixed = decimalOrZero(value).toFixed(places, Decimal.ROUND_HALF_UP);
  return o.thousands === false ? fixed : groupThousands(fixed);
}

export interface MoneyOptions {
  /** Thousands separators (default true; false for the wire and inputs). */
  thousands?: boolean;
  /** Zero shows as '' (voucher grids, statements). */
  blankZero?: boolean;
}

/** Money to the fen, half-up: '1234567.8' → '1,234,567.80'; junk and '' → '0.00'. */
export function formatMoney(value: DecimalInput | null | undefined, o: MoneyOptions = {}): string {
  const d = decimalOrZero(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (o.blankZero && d.isZero()) return '';
  return formatFixed(d, 2, o);
}

/** Money for the wire and messages, strict: '1234.5' → '1234.50'; junk throws (a bug, not user input). */
export function moneyFixed(value: DecimalInput): string {
  const d = Decimal.isDecimal(value)
    ? (value as Decimal)
    : new Decimal(typeof value === 'number' ? String(value) : value.trim());
  return d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * A weight in kg for the screen, half-up to `places` (3): thousands separators, decimals only as far as the value
 * has them ('35260' → '35,260', '35260.50' → '35,260.5'); `fixed: true` keeps all places ('35,260.000').
 */
export function formatKg(
  kg: DecimalInput | null | undefined,
  o: { places?: number; fixed?: boolean; thousands?: boolean } = {},
): string {
  if (kg === null || kg === undefined || kg === '') return '';
  const places = o.places ?? 3;
  const d = decimalOrZero(kg).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const text = o.fixed ? d.toFixed(places) : d.toFixed();
  return o.thousands === false ? text : groupThousands(text);
}

/** Kilograms → tonnes with `places` (3) decimals, half-up, no grouping: '35260' → '35.260'; '' / junk → '0.000'. */
export function kgToTonnes(kg: DecimalInput | null | undefined, places = 3): string {
  return decimalOrZero(kg).div(1000).toFixed(places, Decimal.ROUND_HALF_UP);
}

/** Tonnes for the screen: '35260' → '35.260' t grouped by thousands ('1234567' kg → '1,234.567'); '' stays ''. */
export function formatTonnes(kg: DecimalInput | null | undefined, places = 3): string {
  if (kg === null || kg === undefined || kg === '') return '';
  return groupThousands(kgToTonnes(kg, places));
}

/** The unit a price is quoted in: per tonne or per kilogram. */
export type PriceUnit = 't' | 'kg';

/** The material's price unit as the contract stores it (yuan_per_ton / yuan_per_kg) → the arithmetic's unit. */
export function priceUnitOf(materialPriceUnit: string | null | undefined): PriceUnit {
  return materialPriceUnit === 'yuan_per_kg' ? 'kg' : 't';
}

/** 元/吨 or 元/千克. */
export function priceUnitLabel(unit: PriceUnit): string {
  return unit === 'kg' ? '元/千克' : '元/吨';
}

/** A unit price with its unit: '2300', 't' → '2,300.00 元/吨'. */
export function formatPrice(price: DecimalInput | null | undefined, unit: PriceUnit): string {
  return `${formatMoney(price)} ${priceUnitLabel(unit)}`;
}

export interface WanOptions {
  /** Decimals of the 万 figure (2). */
  places?: number;
  /** Thousands separators (default true; false for chart data, which must stay a plain number). */
  thousands?: boolean;
  /** The 万 after the figure (default true; false where the label already says 万元). */
  unit?: boolean;
}

/**
 * Yuan → 万元, half-up like every other figure (never truncated): '123456789' → '12,345.68万',
 * '12350' → '1.24万'; junk and '' → '0.00万'. The wall screens show it without the unit beside a 万元 label.
 */
export function formatWan(yuan: DecimalInput | null | undefined, o: WanOptions = {}): string {
  const places = o.places ?? 2;
  const fixed = decimalOrZero(yuan).div(10000).toFixed(places, Decimal.ROUND_HALF_UP);
  const text = o.thousands === false ? fixed : groupThousands(fixed);
  return o.unit === false ? text : `${text}万`;
}

/** A ratio as a percent, half-up to `places` (2): '0.125' → '12.50%'; `sign: false` leaves out the %. */
export function formatPercent(ratio: DecimalInput | null | undefined, places = 2, o: { sign?: boolean } = {}): string {
  const text = decimalOrZero(ratio).times(100).toFixed(places, Decimal.ROUND_HALF_UP);
  return o.sign === false ? text : `${text}%`;
}

// ── Fixed-place strings for the wire, the database and messages (issue 10's `.toFixed` sweep) ──────────────────────
// Each gives the figure a Decimal's own `.toFixed(places)` gives under decimal.js's default rounding, ROUND_HALF_UP
// (nobody calls Decimal.set), named for what it holds — with one difference shared with moneyFixed: a negative value
// that rounds to zero reads '0.00', not toFixed's '-0.00'. Strict like moneyFixed: junk throws (a bug, not user
// input — user input goes through parseAmount).

function strictDecimal(value: DecimalInput): Decimal {
  if (Decimal.isDecimal(value)) return value as Decimal;
  return new Decimal(typeof value === 'number' ? String(value) : value.trim());
}

/** Any decimal with exactly `places` decimals, half-up (sums whose places the caller passes). */
export function decimalFixed(value: DecimalInput, places: number): string {
  return strictDecimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

/** A weight (kg or tonnes) with `places` (3) decimals, half-up: '35260.5' → '35260.500'. */
export function weightFixed(value: DecimalInput, places = 3): string {
  return decimalFixed(value, places);
}

/** A unit price with `places` (2; unit costs 6) decimals, half-up: '2300' → '2300.00'. */
export function priceFixed(value: DecimalInput, places = 2): string {
  return decimalFixed(value, places);
}

/** A rate — a percentage, per mille or a day's interest — with `places` (2) decimals, half-up: '12.345' → '12.35'. */
export function rateFixed(value: DecimalInput, places = 2): string {
  return decimalFixed(value, places);
}
