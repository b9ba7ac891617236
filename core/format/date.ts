/**
 * The one date and time format of the browser (issue 26): every date, time and instant a screen, print or chart
 * axis shows goes through dayjs with its zh-cn locale and the utc/timezone plugins, in the server's zone (TZ, told
 * by GET /api/blade-system/site-info → core/format/business-day.ts), whatever the browser's zone or locale.
 *
 *   formatDate(ms)      → '2026-11-28'            formatDateTime(ms) → '2026-11-28 09:05:03'
 *   formatClock(ms)     → '09:05:03'              formatMinute(ms)   → '2026-11-28 09:05'
 *   fromNow(ms)         → '刚刚' | '5分钟前' | '3小时前' | '1天前' | '2026-11-25 09:05' (spec §9)
 *
 * A date-only text ('2026-11-28') is a calendar day, never shifted by a zone; wire texts 'yyyy-MM-dd HH:mm:ss' are
 * already the server's wall time and are shown as they are. Ten-digit numbers are seconds (spec §9).
 */
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { serverClock, serverNow } from './business-day.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

export { dayjs };

export type TimeInput = Date | number | string | null | undefined;

const WALL_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

/** An instant (Date, ms, 10-digit seconds, ISO with zone) or a server wall-time text → dayjs in the server's zone. */
export function inServerZone(t: TimeInput): Dayjs | null {
  if (t === null || t === undefined || t === '' || t === 0) return null;
  if (typeof t === 'string' && WALL_TEXT.test(t.trim())) {
    // the server's wall time as written (a calendar day or 'yyyy-MM-dd HH:mm:ss'): no zone arithmetic
    const d = dayjs.tz(t.trim().replace('T', ' '), serverClock().timeZone);
    return d.isValid() ? d : null;
  }
  let v: Date | number | string = t;
  if (typeof v === 'string' && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === 'number' && String(Math.trunc(v)).length === 10) v *= 1000;
  const d = dayjs(v);
  if (!d.isValid()) return null;
  try {
    return d.tz(serverClock().timeZone);
  } catch {
    return d.utcOffset(serverClock().utcOffsetMinutes); // a zone this browser does not know
  }
}

function fmt(t: TimeInput, pattern: string, empty: string): string {
  const d = inServerZone(t);
  return d ? d.format(pattern) : empty;
}

/** 'YYYY-MM-DD' in the server's zone; '' for an empty value. */
export const formatDate = (t: TimeInput, empty = '') => fmt(t, 'YYYY-MM-DD', empty);
/** 'YYYY-MM-DD HH:mm:ss' in the server's zone. */
export const formatDateTime = (t: TimeInput, empty = '') => fmt(t, 'YYYY-MM-DD HH:mm:ss', empty);
/** 'YYYY-MM-DD HH:mm' in the server's zone. */
export const formatMinute = (t: TimeInput, empty = '') => fmt(t, 'YYYY-MM-DD HH:mm', empty);
/** 'HH:mm:ss' in the server's zone. */
export const formatClock = (t: TimeInput, empty = '') => fmt(t, 'HH:mm:ss', empty);

/** A picker's Date (a calendar day in the browser) → 'YYYY-MM-DD' as picked (no zone shift). */
export function pickedDay(d: Date | null | undefined): string {
  return d ? dayjs(d).format('YYYY-MM-DD') : '';
}

/** 'YYYY-MM-DD' → the browser Date a picker shows as that day; undefined for an empty or bad text. */
export function dayForPicker(s: string | null | undefined): Date | undefined {
  if (!s) return undefined;
  const d = dayjs(s.slice(0, 10));
  return d.isValid() ? d.toDate() : undefined;
}

/**
 * Relative time of spec §9: under 30 s 刚刚, under an hour N分钟前, under a day N小时前, under two days 1天前,
 * else the date and minute in the server's zone. `now` (server ms) is injectable for tests.
 */
export function fromNow(t: TimeInput, now: number = serverNow()): string {
  const d = inServerZone(t);
  if (!d) return '';
  const diff = (now - d.valueOf()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 86400) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 172800) return '1天前';
  return d.format('YYYY-MM-DD HH:mm');
}
