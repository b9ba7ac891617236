import { describe, expect, it } from 'vitest';
import { Decimal, decimalFixed, moneyFixed, priceFixed, rateFixed, weightFixed } from './amounts.ts';

/**
 * The `.toFixed` sweep's helpers: each must give the very figure a Decimal's own `.toFixed(places)` gave — except
 * that a negative value rounding to zero reads '0.00' (as moneyFixed always did), where toFixed wrote '-0.00'.
 */
const oracle = (v: string | Decimal, places: number) => {
  const fixed = new Decimal(v).toFixed(places);
  return /^-0\.?0*$/.test(fixed) ? fixed.slice(1) : fixed;
};
describe('fixed-place strings: the same figure as Decimal#toFixed, half-up', () => {
  it('nobody changed decimal.js global rounding (the swap is figure-for-figure only under ROUND_HALF_UP)', () => {
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
  });

  it.each([
    // value, places, expected
    ['0', 3, '0.000'],
    ['35260', 3, '35260.000'],
    ['35260.5', 3, '35260.500'],
    ['1.2345', 3, '1.235'],
    ['1.2344', 3, '1.234'],
    ['-1.2345', 3, '-1.235'],
    ['-0.0004', 3, '0.000'],
    ['-0.0005', 3, '-0.001'],
    ['35.26', 4, '35.2600'],
    ['123456789012.3456', 3, '123456789012.346'],
  ] as const)('weightFixed(%s, %i) → %s', (v, p, want) => {
    expect(weightFixed(v, p)).toBe(want);
    expect(weightFixed(new Decimal(v), p)).toBe(oracle(v, p));
  });

  it('weightFixed defaults to 3 places; tonnes from kg', () => {
    expect(weightFixed('35260.5')).toBe('35260.500');
    expect(weightFixed(new Decimal('35260').div(1000))).toBe('35.260');
    expect(weightFixed(12)).toBe('12.000');
  });

  it.each([
    ['2300', 2, '2300.00'],
    ['2.345', 2, '2.35'],
    ['2.344999', 2, '2.34'],
    ['1234.5678', 6, '1234.567800'],
    ['0.0000005', 6, '0.000001'],
    ['-7.125', 2, '-7.13'],
  ] as const)('priceFixed(%s, %i) → %s', (v, p, want) => {
    expect(priceFixed(v, p)).toBe(want);
    expect(priceFixed(new Decimal(v), p)).toBe(oracle(v, p));
  });

  it.each([
    ['12.345', 2, '12.35'],
    ['99.994', 2, '99.99'],
    ['0.0001369863', 6, '0.000137'],
    ['100', 1, '100.0'],
  ] as const)('rateFixed(%s, %i) → %s', (v, p, want) => {
    expect(rateFixed(v, p)).toBe(want);
    expect(rateFixed(new Decimal(v), p)).toBe(oracle(v, p));
  });

  it('defaults: price and rate to 2 places; decimalFixed takes the places', () => {
    expect(priceFixed('2300')).toBe('2300.00');
    expect(rateFixed('3.14159')).toBe('3.14');
    expect(decimalFixed('1.5', 0)).toBe('2');
    expect(decimalFixed('-1.5', 0)).toBe('-2');
    expect(decimalFixed(' 7.1 ', 2)).toBe('7.10');
  });

  it('moneyFixed matches Decimal#toFixed(2) on halves, negatives and big values', () => {
    for (const v of ['0.005', '-0.005', '1.005', '2.675', '-2.675', '99999999999.995', '0', '-0', '1e-7', '1.2e3']) {
      expect(moneyFixed(v)).toBe(oracle(v, 2));
      expect(moneyFixed(new Decimal(v))).toBe(oracle(v, 2));
    }
  });

  it('2,000 seeded random decimals: every helper gives the oracle (Decimal#toFixed) to the character', () => {
    let seed = 20261125;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 2_000; i++) {
      const int = Math.floor(rnd() * 10 ** Math.floor(rnd() * 12));
      const frac = String(Math.floor(rnd() * 10 ** 8))
        .padStart(8, '0')
        .slice(0, 1 + Math.floor(rnd() * 8));
      const v = `${rnd() < 0.3 ? '-' : ''}${int}.${frac}`;
      const d = new Decimal(v);
      expect(moneyFixed(v)).toBe(oracle(d, 2));
      expect(weightFixed(d)).toBe(oracle(d, 3));
      expect(priceFixed(v, 6)).toBe(oracle(d, 6));
      expect(rateFixed(d)).toBe(oracle(d, 2));
      expect(decimalFixed(v, 4)).toBe(oracle(d, 4));
    }
  });

  it("a negative value that rounds to zero: toFixed's '-0.00', the helpers' '0.00' (the one difference)", () => {
    expect(new Decimal('-0.001').toFixed(2)).toBe('-0.00');
    expect(moneyFixed('-0.001')).toBe('0.00');
    expect(weightFixed('-0.0004')).toBe('0.000');
    expect(decimalFixed('-0.4', 0)).toBe('0');
    expect(moneyFixed('-0.005')).toBe('-0.01');
  });

  it('junk throws (the wire helpers are strict; user input goes through parseAmount)', () => {
    expect(() => weightFixed('abc')).toThrow();
    expect(() => priceFixed('')).toThrow();
    expect(() => rateFixed('1,2')).toThrow();
  });
});
