/**
 * The business day (今天, 本月, date-range defaults) is the server's, in its TZ (README `TZ`), not the browser's:
 * a browser in Los Angeles at 17:00 is already on the server's tomorrow. The client learns the zone from
 * GET /api/blade-system/site-info (core/session/server-clock.ts) and every "today" goes through here.
 * Until then the server's default zone (Asia/Shanghai) is assumed.
 */
export interface ServerClock {
  timeZone: string;
  utcOffsetMinutes: number;
  /** server clock − browser clock, ms */
  skewMs: number;
}

const DEFAULT_CLOCK: ServerClock = { timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480, skewMs: 0 };
let clock: ServerClock = { ...DEFAULT_CLOCK };
let fmt: Intl.DateTimeFormat | null = null;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return null; // a zone this browser does not know: the fixed offset below is used
  }
}

export function setServerClock(info: { timeZone: string; utcOffsetMinutes: number; now?: number }, at = Date.now()) {
  // a skew under a minute is network latency, not a wrong clock
  const skew = info.now ? info.now - at : 0;
  clock = {
    timeZone: info.timeZone,
    utcOffsetMinutes: info.utcOffsetMinutes,
    skewMs: Math.abs(skew) > 60_000 ? skew : 0,
  };
  fmt = formatterFor(info.timeZone);
}

export function serverClock(): ServerClock {
  return clock;
}

/** Tests: back to the default zone. */
export function resetServerClock() {
  clock = { ...DEFAULT_CLOCK };
  fmt = null;
}

/** yyyy-MM-dd of an instant (ms) in the server's zone. */
export function businessDate(ms: number): string {
  if (!fmt) fmt = formatterFor(clock.timeZone);
  const f = fmt;
  if (f) {
    const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}`;
  }
  return new Date(ms + clock.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The server's now, ms (the browser's clock corrected by a skew over a minute). */
export function serverNow(now = Date.now()): number {
  return now + clock.skewMs;
}

/** 今天 (yyyy-MM-dd) on the server. */
export function businessToday(now = Date.now()): string {
  return businessDate(serverNow(now));
}

/** The first day of the server's current month (yyyy-MM-01). */
export function businessMonthStart(now = Date.now()): string {
  return `${businessToday(now).slice(0, 7)}-01`;
}

/** yyyy-MM-dd `days` days before the server's today (calendar days). */
export function businessDaysAgo(days: number, now = Date.now()): string {
  const [y, m, d] = businessToday(now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}
