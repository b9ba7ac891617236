import { afterEach, describe, expect, it } from 'vitest';
import { resetServerClock, setServerClock } from './business-day.ts';
import { dayForPicker, formatClock, formatDate, formatDateTime, fromNow, pickedDay } from './date.ts';

afterEach(() => resetServerClock());

describe('date formats in the server zone (issue 26)', () => {
  const instant = Date.UTC(2026, 10, 27, 17, 5, 3); // 2026-11-28 01:05:03 in Shanghai
  it('writes yyyy-MM-dd in the server zone, whatever the browser zone', () => {
    expect(formatDate(instant)).toBe('2026-11-28');
    expect(formatDateTime(instant)).toBe('2026-11-28 01:05:03');
    expect(formatClock(instant)).toBe('01:05:03');
    expect(formatDate(Math.floor(instant / 1000))).toBe('2026-11-28'); // ten digits are seconds
    setServerClock({ timeZone: 'America/Los_Angeles', utcOffsetMinutes: -480 });
    expect(formatDateTime(instant)).toBe('2026-11-27 09:05:03');
  });
  it('keeps a wall-time text as written', () => {
    expect(formatDate('2026-11-28')).toBe('2026-11-28');
    expect(formatDateTime('2026-11-28 23:59:59')).toBe('2026-11-28 23:59:59');
    expect(formatDate(null)).toBe('');
    expect(formatDate('', '—')).toBe('—');
  });
  it('relative times of spec §9', () => {
    const now = instant;
    expect(fromNow(now - 10_000, now)).toBe('刚刚');
    expect(fromNow(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(fromNow(now - 2 * 3600_000, now)).toBe('2小时前');
    expect(fromNow(now - 30 * 3600_000, now)).toBe('1天前');
    expect(fromNow(now - 3 * 86400_000, now)).toBe('2026-11-25 01:05');
  });
  it('picker days round-trip without a zone shift', () => {
    expect(pickedDay(dayForPicker('2026-11-28'))).toBe('2026-11-28');
    expect(dayForPicker('')).toBeUndefined();
  });
});
