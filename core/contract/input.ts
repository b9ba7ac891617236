/**
 * How numbers and dates are read from the wire (issue 22 "Input"), in one place for every contract.
 *
 * - `num()` replaces `z.coerce.number()`: a JSON number passes as it is; a string must be written as a decimal
 *   number (`12`, `-3`, `0.5`) — `"0x10"`, `"1e2"`, `"Infinity"` are refused instead of becoming 16, 100, ∞.
 *   A blank string still reads as 0 (what `z.coerce.number()` did: empty query fields keep working). The answer is
 *   a number schema typed as `z.coerce.number()`'s, so `.int()`, `.min()`, `.max()`, `.default()` chain as before.
 * - `isCalendarDay()`: `yyyy-MM-dd` that is a real calendar day between DAY_MIN and DAY_MAX (`2026-02-30`,
 *   `0001-01-01` and `9999-12-31` are not); every date builder of the contracts calls it.
 */
import { z } from 'zod';

/** Earliest and latest day any date field accepts. */
export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2099-12-31';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `yyyy-MM-dd`, a day that exists in the calendar, within DAY_MIN … DAY_MAX. */
export function isCalendarDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  if (v < DAY_MIN || v > DAY_MAX) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

/** The message of a day that is well formed but not a day we accept. */
export const dayRangeMessage = (label: string) => `${label}不是有效的日期（${DAY_MIN}至${DAY_MAX}）`;

/** A decimal number as text: optional sign, digits, optional fraction. No hex, octal, binary, exponent or ∞. */
const DECIMAL_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** What a string or other non-number becomes before the number checks run. */
function toNumber(v: unknown): unknown {
  if (typeof v === 'number' || v === undefined) return v;
  if (typeof v === 'string') {
    if (v.trim() === '') return 0;
    return DECIMAL_TEXT.test(v) ? Number(v) : Number.NaN;
  }
  if (typeof v === 'boolean' || v === null) return Number(v);
  return v; // objects, arrays: left as they are, refused as "not a number"
}

type NumberParams = Parameters<typeof z.coerce.number>[0];

// A ZodNumber whose parse reads strings strictly first. Made with zod's own constructor so that every check method
// (.int(), .min() …), which clones the schema from its definition, keeps the strict reading.
const StrictNumber = z.core.$constructor('LoopyardStrictNumber', (inst: z.core.$ZodNumber, def) => {
  (z.ZodNumber as unknown as { init: (i: unknown, d: unknown) => void }).init(inst, def);
  const parse = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    payload.value = toNumber(payload.value);
    return parse(payload, ctx);
  };
});

/** `z.coerce.number()` that refuses numbers not written as decimals (see the file comment). */
export function num(params?: NumberParams): z.ZodCoercedNumber {
  const Ctor = StrictNumber as unknown as new (def: object) => z.ZodCoercedNumber;
  return new Ctor({ type: 'number', checks: [], ...z.util.normalizeParams(params) });
}
