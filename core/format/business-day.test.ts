import { afterEach, describe, expect, it } from 'vitest';
import {
  businessDate,
  businessDaysAgo,
  businessMonthStart,
  businessToday,
  resetServerClock,
  setServerClock,
} from './business-day.ts';

// 2026-11-30 17:30 UTC: already 12-01 01:30 in Shanghai, still 11-30 09:30 in Los Angeles
const T = Date.UTC(2026, 10, 30, 17, 30);

afterEach(() => resetServerClock());

describe("the business day is the server zone's", () => {
  it('defaults to Asia/Shanghai (the server default) whatever the browser zone', () => {
    expect(businessToday(T)).toBe('2026-12-01');
    expect(businessMonthStart(T)).toBe('2026-12-01');
    expect(businessDaysAgo(1, T)).toBe('2026-11-30');
    expect(businessDaysAgo(29, T)).toBe('2026-11-02');
  });

  it('follows the zone the server announces (site-info)', () => {
    setServerClock({ timeZone: 'America/Los_Angeles', utcOffsetMinutes: -480 }, T);
    expect(businessToday(T)).toBe('2026-11-30');
    expect(businessMonthStart(T)).toBe('2026-11-01');
    setServerClock({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480 }, T);
    expect(businessDate(T)).toBe('2026-12-01');
  });

  it('a zone the browser does not know falls back to the announced offset', () => {
    setServerClock({ timeZone: 'Mars/Olympus_Mons', utcOffsetMinutes: 540 }, T);
    expect(businessToday(T)).toBe('2026-12-01'); // 17:30 + 9 h
    setServerClock({ timeZone: 'Nowhere/At_All', utcOffsetMinutes: -600 }, T);
    expect(businessToday(T)).toBe('2026-11-30');
  });

  it('a browser clock off by more than a minute is corrected by the server clock', () => {
    const browser = T - 3 * 86_400_000; // the PC thinks it is three days earlier
    setServerClock({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480, now: T }, browser);
    expect(businessToday(browser)).toBe('2026-12-01');
    // network latency is not corrected
    setServerClock({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480, now: T + 2000 }, T);
    expect(businessToday(T)).toBe('2026-12-01');
  });
});
