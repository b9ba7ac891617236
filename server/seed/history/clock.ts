/**
 * The loader's clock (issue 21): a weighing takes its times from the server's clock (`new Date()` at each pass, as a
 * scale must — no command dates a weighing), and so do the document it completes into (`today`) and the GPS points
 * of a transport order. To make a past day's weighings with the product's own commands, the loader runs those
 * commands with the process clock set to that day's hour: `atTime(ms, fn)` replaces the global `Date` by a subclass
 * whose `new Date()` / `Date.now()` answer `ms` plus the real time elapsed since, and puts the real one back after
 * `fn`. Only the in-process loader (demo:rebuild, SEED_HISTORY, the tests) uses it; a running server never does.
 */
const RealDate = Date;
let offset = 0;

class LoaderDate extends RealDate {
  constructor(...a: unknown[]) {
    if (a.length === 0) super(RealDate.now() + offset);
    else super(...(a as [string | number | Date]));
  }
  static override now(): number {
    return RealDate.now() + offset;
  }
}

/**
 * Runs `fn` with the process clock at `ms` (epoch milliseconds); not re-entrant. PGlite's PostgreSQL reads the same
 * clock (its `now()` is the day's too); a timer it armed on the real clock is re-armed meanwhile with a delay of the
 * shift (Node clamps it to 1 ms and warns, TimeoutOverflowWarning) — that warning is not printed while shifted.
 */
export async function atTime<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  offset = ms - RealDate.now();
  globalThis.Date = LoaderDate as DateConstructor;
  const warn = process.emitWarning;
  process.emitWarning = ((w: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'TimeoutOverflowWarning') return;
    (warn as (...a: unknown[]) => void).call(process, w, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
    process.emitWarning = warn;
    offset = 0;
  }
}

/** Epoch ms of `day` (YYYY-MM-DD) at `minutes` after midnight in Asia/Shanghai (UTC+8, no DST). */
export function yardTime(day: string, minutes: number): number {
  return Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000;
}
