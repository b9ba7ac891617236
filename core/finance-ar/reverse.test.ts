import { describe, expect, it } from 'vitest';
import { maskIdNumber, reverseTax, rollingYear, validIdNumber, yearLimitRefusal } from './reverse.ts';

describe('reverse invoicing rules', () => {
  it.each([
    ['11010519491231002X', true],
    ['110105194912310021', false],
    ['11010519491231002', false],
    ['440524188001010014', true],
    ['44052418800101001X', false],
  ])('id %s valid = %s', (id, ok) => expect(validIdNumber(id)).toBe(ok));

  it('masks all but the first six and the last four', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });

  it.each([
    // [amount, month so far, rate, net, tax, iit]
    ['8000.00', '0', '0', '8000.00', '0.00', '40.00'],
    ['100000.00', '0', '0', '100000.00', '0.00', '500.00'],
    ['100000.01', '0', '0.01', '99009.91', '990.10', '495.05'],
    ['5050.00', '96000.00', '0.01', '5000.00', '50.00', '25.00'],
    ['4000.00', '96000.00', '0', '4000.00', '0.00', '20.00'],
  ])('%s with %s in the month → rate %s net %s tax %s iit %s', (amount, month, rate, net, tax, iit) => {
    expect(reverseTax(amount, month)).toEqual({ rate, net, tax, iit });
  });

  it('refuses over 5,000,000 in 12 months with the figures', () => {
    expect(yearLimitRefusal('4999000.00', '1000.00')).toBeNull();
    expect(yearLimitRefusal('4999000.00', '1000.01')).toContain('5000000.01');
  });

  it.each([
    ['2026-11', ['2025-12', '2026-11']],
    ['2026-01', ['2025-02', '2026-01']],
    ['2026-12', ['2026-01', '2026-12']],
  ])('rolling year of %s', (m, want) => expect(rollingYear(m)).toEqual(want));
});
