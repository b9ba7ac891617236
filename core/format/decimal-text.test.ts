import { describe, expect, it } from 'vitest';
import { kgToTonnes } from './amounts.ts';
import { groupThousands, kgToTonnesText, shiftFixed } from './decimal-text.ts';

/** A small deterministic generator (no Math.random: a failure names its input and reproduces). */
function* samples(): Generator<string | number | null | undefined> {
  yield* [null, undefined, '', ' ', 'abc', '.', '-', '1e', 'NaN', 'Infinity', '--1', '1..2', '0', '-0', '-0.000'];
  yield* ['35260', '35260.5', '35260.50', '-499', '-500', '-0.0001', '-0.0005', '0.0005', '0.00049', '999999.9995'];
  yield* ['+5', '5.', '.5', '-.5e1', '1.5e3', '2E-2', ' 12 ', '1,234', '1,234,567.891', '1234567890123456.123'];
  yield* [0, 35260, -1250, 1e21, 0.5];
  let seed = 25;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < 3000; i++) {
    const int = String(next() % 10 ** (next() % 9));
    const fracLen = next() % 7;
    const frac = Array.from({ length: fracLen }, () => String(next() % 10)).join('');
    const sign = ['', '-', '+'][next() % 3];
    const exp = next() % 5 === 0 ? `e${(next() % 9) - 4}` : '';
    yield `${sign}${int}${fracLen ? `.${frac}` : ''}${exp}`;
  }
}

describe('decimal-text: the figures of amounts.ts without decimal.js', () => {
  it('kgToTonnesText gives what kgToTonnes (decimal.js) gives, for every sample and 0–4 places', () => {
    let n = 0;
    for (const v of samples())
      for (const places of [0, 1, 2, 3, 4]) {
        expect(`${v} ${places}: ${kgToTonnesText(v, places)}`).toBe(`${v} ${places}: ${kgToTonnes(v, places)}`);
        n++;
      }
    expect(n).toBeGreaterThan(15_000);
  });

  it('is exact past the 20 significant digits of decimal.js (where the two differ)', () => {
    expect(kgToTonnesText('12345678901234567890.123456', 4)).toBe('12345678901234567.8901');
  });

  it('rounds half-up away from zero and carries', () => {
    expect(kgToTonnesText('35260')).toBe('35.260');
    expect(kgToTonnesText('999999.9995')).toBe('1000.000');
    expect(kgToTonnesText('-1500', 0)).toBe('-2');
    expect(kgToTonnesText('-0.4')).toBe('-0.000');
    expect(shiftFixed('12.345', 0, 2)).toBe('12.35');
    expect(shiftFixed('0.004', 0, 2)).toBe('0.00');
  });

  it('groups the integer part by three', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-1234')).toBe('-1,234');
    expect(groupThousands('123')).toBe('123');
  });
});
