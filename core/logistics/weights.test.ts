import { describe, expect, it } from 'vitest';
import { weightGap } from './weights.ts';

describe('weightGap (loaded vs received, kg)', () => {
  it.each([
    ['32860.000', '32800.000', '3', { shortfallKg: '60.000', permille: '1.83', flagged: false }],
    ['32860.000', '32700.000', '3', { shortfallKg: '160.000', permille: '4.87', flagged: true }],
    ['20000', '20040', '3', { shortfallKg: '-40.000', permille: '-2.00', flagged: false }],
    ['10000', '9970', '3', { shortfallKg: '30.000', permille: '3.00', flagged: false }],
    ['10000', '9969.9', '3', { shortfallKg: '30.100', permille: '3.01', flagged: true }],
    ['10000', '9990', '0.5', { shortfallKg: '10.000', permille: '1.00', flagged: true }],
  ] as const)('%s → %s (tolerance %s ‰)', (load, unload, tol, expected) => {
    expect(weightGap(load, unload, tol)).toEqual(expected);
  });
  it('is unknown while an end is missing or nothing was loaded', () => {
    expect(weightGap(null, '1')).toBeNull();
    expect(weightGap('1', '')).toBeNull();
    expect(weightGap('0', '0')).toBeNull();
  });
});
