// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { upkeepDue } from './index.ts';
import { businessDays, mulberry32 } from './plan.ts';

describe('the history plan', () => {
  it('the same seed draws the same numbers (demo:rebuild is deterministic for a day)', () => {
    const a = mulberry32(20260101);
    const b = mulberry32(20260101);
    const draws = (r: ReturnType<typeof mulberry32>) => Array.from({ length: 50 }, () => r.int(0, 1000));
    const x = draws(a);
    expect(draws(b)).toEqual(x);
    expect(draws(mulberry32(7))).not.toEqual(x);
    expect(x.every((n) => n >= 0 && n <= 1000)).toBe(true);
  });

  it('business days are Monday to Friday of the month, up to the end day', () => {
    expect(businessDays('2026-02', '2026-02-28')).toHaveLength(20);
    expect(businessDays('2026-11', '2026-11-06')).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
    expect(businessDays('2026-11', '2026-11-01')).toEqual([]);
  });
});

describe('the upkeep while the history grows (as autovacuum: a tenth more, at least 500 weighings)', () => {
  it('is due after 500 weighings, then after each tenth more', () => {
    expect(upkeepDue(499, 0)).toBe(false);
    expect(upkeepDue(500, 0)).toBe(true);
    expect(upkeepDue(999, 500)).toBe(false);
    expect(upkeepDue(1000, 500)).toBe(true);
    expect(upkeepDue(20_000 + 1_999, 20_000)).toBe(false);
    expect(upkeepDue(22_000, 20_000)).toBe(true);
    // the demo's year at scale 1 (~240 weighings) never is
    expect(upkeepDue(241, 0)).toBe(false);
  });
});
