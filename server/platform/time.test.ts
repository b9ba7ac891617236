// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime, intlDateTime } from './time.ts';

/** What Intl says, field by field: the reference the cached-offset path must agree with. */
const reference = intlDateTime;

describe('formatDateTime', () => {
  it('writes yyyy-MM-dd HH:mm:ss in the zone', () => {
    expect(formatDateTime(new Date('2026-11-23T16:05:09.999Z'), 'Asia/Shanghai')).toBe('2026-11-24 00:05:09');
    expect(formatDateTime(null, 'Asia/Shanghai')).toBe('');
    expect(formatDateTime(new Date(Number.NaN), 'Asia/Shanghai')).toBe('');
  });

  it('agrees with Intl around summer-time changes and in odd zones, every 7 s near each change', () => {
    const zones = [
      'Asia/Shanghai',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ];
    const changes = [
      '2026-03-29T01:00:00Z', // Berlin springs forward
      '2026-10-25T01:00:00Z', // Berlin falls back
      '2026-03-08T07:00:00Z', // New York
      '2026-11-01T06:00:00Z',
      '2026-04-04T15:00:00Z', // Lord Howe, half an hour
      '1991-09-14T17:00:00Z', // Shanghai's last summer time ended
      '1893-03-31T23:06:32Z', // Berlin leaves local mean time (+0:53:28): not on a quarter hour
      '1900-12-31T15:54:17Z', // Shanghai leaves local mean time (+8:05:43)
    ];
    for (const tz of zones) {
      for (const c of changes) {
        const at = Date.parse(c);
        for (let dt = -3_600_000; dt <= 3_600_000; dt += 7_001) {
          const d = new Date(at + dt);
          expect(formatDateTime(d, tz), `${tz} ${d.toISOString()}`).toBe(reference(d, tz));
        }
      }
    }
  });

  it('agrees with Intl on random instants from 1950 to 2100', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const lo = Date.parse('1950-01-01T00:00:00Z');
    const hi = Date.parse('2100-01-01T00:00:00Z');
    for (let i = 0; i < 5000; i++) {
      const d = new Date(Math.floor(lo + rnd() * (hi - lo)));
      for (const tz of ['Asia/Shanghai', 'Europe/Berlin', 'America/Sao_Paulo']) {
        expect(formatDateTime(d, tz)).toBe(reference(d, tz));
      }
    }
  });
});
