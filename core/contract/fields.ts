/**
 * The field builders every contract shares (issue 23), declared once: how money, weights and other numeric columns,
 * ids, times and pages travel. The generated row schemas (`generated/*.ts`, written from the Drizzle tables by
 * `npm run db:generate`) are built from these, and the hand-written contracts pick, extend and re-export them.
 *
 * Answers ("out"): numeric(p, s) columns travel as decimal strings with exactly `s` places (never floats), 64-bit ids
 * as digit strings, timestamps as `yyyy-MM-dd HH:mm:ss` in the server's time zone.
 */
import { z } from 'zod';
import { num } from './input.ts';

/** A decimal string with exactly `scale` places, as the server answers a numeric(p, scale) column; may be negative. */
export const fixedOut = (scale: number) =>
  z.string().regex(scale === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${scale}}$`));
/** A decimal string with at most `places` places (figures the server answers without padding them). */
export const decimalOut = (places: number) => z.string().regex(new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`));
/** Money (元) as answered: a fixed two-decimal string, may be negative. */
export const money = fixedOut(2);
/** Weight (kg) as answered: a fixed three-decimal string, may be negative. */
export const weight = fixedOut(3);
/** A 64-bit id as it travels out: a digit string (beyond 2^53, so never a number). */
export const idOut = z.string().regex(/^\d{1,19}$/);
/** A timestamp as answered: `yyyy-MM-dd HH:mm:ss` (the server's time zone). */
export const dateTimeOut = z.string();
/** A calendar day as answered: `yyyy-MM-dd`. */
export const dayOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The BladeX `Page<T>` of an answer (bladex-contract §4.2). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
/** A page without `pages` (the receivables and the open platform answer it so). */
export const pageLiteOf = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), current: z.number().int(), size: z.number().int() });

/** `current` and `size` of a page query, with the Chinese messages; `size` defaults to `size` and stops at `max`. */
export const paging = ({ size, max }: { size: number; max: number }) => ({
  current: num({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码必须大于0').default(1),
  size: num({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数必须大于0')
    .max(max, `每页条数不能超过${max}`)
    .default(size),
});

/**
 * The resource engine answers every column of its table but `isDeleted` (server/platform/crud/values.ts):
 * `<table>Row.omit(ENGINE_HIDDEN)` is an engine entity, extended with its joined names.
 */
export const ENGINE_HIDDEN = { isDeleted: true } as const;
/** A name joined from another table (department, party, material …): null without a reference, absent unjoined. */
export const joinedName = z.string().nullable().optional();
