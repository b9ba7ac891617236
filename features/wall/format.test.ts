import { describe, expect, it } from 'vitest';
import { grouped, t2, wan } from './format.ts';

describe('wall formats', () => {
  it.each([
    ['1340000.00', '134.00'],
    ['12345.67', '1.23'],
    // these two were truncated before (1.23, 0.00): a 万 figure rounds half-up like every other figure
    ['12350.00', '1.24'],
    ['99.00', '0.01'],
    ['-250000.00', '-25.00'],
    ['0.00', '0.00'],
  ])('wan(%s) = %s (half-up to the 百元)', (y, w) => expect(wan(y)).toBe(w));
  it('groups thousands', () => expect(grouped('1234567.50')).toBe('1,234,567.50'));
  it('tonnes with 2 decimals, half-up', () => expect(t2('22615.6')).toBe('22.62'));
});
