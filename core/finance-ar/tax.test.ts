import { describe, expect, it } from 'vitest';
import { manualTax } from './tax.ts';

describe('manualTax', () => {
  it.each([
    ['1130.00', undefined, { net: '1130.00', tax: '0.00', taxRate: '0.0000' }],
    ['1130.00', '', { net: '1130.00', tax: '0.00', taxRate: '0.0000' }],
    ['1130.00', '0', { net: '1130.00', tax: '0.00', taxRate: '0.0000' }],
    ['1130.00', '13', { net: '1000.00', tax: '130.00', taxRate: '0.1300' }],
    ['100.00', '13', { net: '88.50', tax: '11.50', taxRate: '0.1300' }],
    ['0.01', '13', { net: '0.01', tax: '0.00', taxRate: '0.1300' }],
    ['103.00', '3', { net: '100.00', tax: '3.00', taxRate: '0.0300' }],
    ['-113.00', '13', { net: '-100.00', tax: '-13.00', taxRate: '0.1300' }],
  ])('%s at %s %%', (amount, rate, want) => {
    const got = manualTax(amount, rate);
    expect(got).toEqual(want);
  });
});
