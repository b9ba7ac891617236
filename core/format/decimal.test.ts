import { describe, expect, it } from 'vitest';
import { formatDecimal, kgToTonnes } from './decimal.ts';

describe('kgToTonnes (decimal, half-up)', () => {
  it.each([
    ['0', '0.000'],
    ['12345.678', '12.346'],
    ['1000.0005', '1.000'], // 1.0000005 t
    ['1500', '1.500'],
    ['0.1', '0.000'],
    ['500', '0.500'],
    ['999999999999.4', '999999999.999'], // 9.999999999994e11 g: beyond 2^53 in 0.001 kg units
    ['999999999999.999', '1000000000.000'],
    ['', '0.000'],
    ['abc', '0.000'],
  ])('%s kg → %s t', (kg, t) => expect(kgToTonnes(kg)).toBe(t));
  it('rounds half up at the last place', () => {
    expect(kgToTonnes('5', 2)).toBe('0.01');
    expect(kgToTonnes('4.999', 2)).toBe('0.00');
    expect(kgToTonnes('-5', 2)).toBe('-0.01');
  });
});

describe('formatDecimal', () => {
  it.each([
    ['12345.6', 2, '12,345.60'],
    ['0.105', 2, '0.11'],
    ['-1234567.891', 2, '-1,234,567.89'],
    ['1000', 0, '1,000'],
    [null, 2, '0.00'],
  ] as const)('%s (%i places) → %s', (v, p, out) => expect(formatDecimal(v, p)).toBe(out));
});
