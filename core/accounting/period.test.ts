// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  assertPeriod,
  isYearEnd,
  lastDay,
  monthsBetween,
  nextPeriod,
  periodOf,
  periodRange,
  previousPeriod,
  yearStart,
} from './period.ts';

describe('periods (yyyy-MM)', () => {
  it.each([
    ['2024-01', 1, '2024-02'],
    ['2024-12', 1, '2025-01'],
    ['2024-01', -1, '2023-12'],
    ['2024-03', -15, '2022-12'],
    ['2024-03', 24, '2026-03'],
  ])('%s %+i months → %s', (p, n, expected) => {
    expect(addMonths(p, n)).toBe(expected);
  });

  it('steps, ranges and measures', () => {
    expect(nextPeriod('2024-12')).toBe('2025-01');
    expect(previousPeriod('2025-01')).toBe('2024-12');
    expect(periodRange('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(periodRange('2024-03', '2024-02')).toEqual([]);
    expect(monthsBetween('2024-04', '2025-03')).toBe(11);
    expect(yearStart('2024-07')).toBe('2024-01');
    expect(isYearEnd('2024-12')).toBe(true);
    expect(isYearEnd('2024-11')).toBe(false);
  });

  it.each([
    ['2024-02', '2024-02-29'],
    ['2023-02', '2023-02-28'],
    ['2024-04', '2024-04-30'],
    ['2024-12', '2024-12-31'],
  ])('last day of %s is %s', (p, d) => {
    expect(lastDay(p)).toBe(d);
  });

  it('reads the period of a date and refuses malformed input', () => {
    expect(periodOf('2024-03-15')).toBe('2024-03');
    expect(periodOf('2024-03-15 10:00:00')).toBe('2024-03');
    expect(() => assertPeriod('2024-13')).toThrow('会计期间「2024-13」格式应为 yyyy-MM');
    expect(() => periodOf('15/03/2024')).toThrow('格式应为 yyyy-MM-dd');
  });
});
