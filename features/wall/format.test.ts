import { describe, expect, it } from 'vitest';
import { grouped, wan } from './format.ts';

describe('wall formats', () => {
  it.each([
    ['1340000.00', '134.00'],
    ['12345.67', '1.23'],
    ['99.00', '0.00'],
    ['-250000.00', '-25.00'],
    ['0.00', '0.00'],
  ])('wan(%s) = %s (truncated to the 百元)', (y, w) => expect(wan(y)).toBe(w));
  it('groups thousands', () => expect(grouped('1234567.50')).toBe('1,234,567.50'));
});
