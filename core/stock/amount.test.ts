import { describe, expect, it } from 'vitest';
import { AmountError, lineAmount, priceUnitOf, proportional, sum } from './amount.ts';
import { computeWeighing } from './weighing.ts';

describe('line amount (qty kg × price per unit, half-up to the fen)', () => {
  it.each([
    // qty kg, price, unit, amount — source of each row in the comment
    ['20140', '2350', 't', '47329.00'], // 20.14 t of 重废 at 2350 元/吨
    ['20145', '2350', 't', '47340.75'], // 20.145 t → 47340.75 exactly
    ['1', '2650', 't', '2.65'],
    ['3', '2650.55', 't', '7.95'], // 7.95165 → 7.95
    ['5', '1990.00', 't', '9.95'], // 9.95 exactly
    ['333', '1.005', 'kg', '334.67'], // 334.665 → half-up 334.67 (binary float would give 334.66)
    ['0', '2650', 't', '0.00'],
  ] as const)('%s kg × %s per %s = %s', (qty, price, unit, amount) => {
    expect(lineAmount(qty, price, unit)).toBe(amount);
  });

  it('agrees with the weighing amount for the same net weight and price', () => {
    const w = computeWeighing({ first: '38620', second: '14280', impurityRate: '0.015', unitPrice: '2650' });
    expect(lineAmount(w.net, '2650', 't')).toBe(w.amount);
  });

  it('refuses negatives and junk with a Chinese message', () => {
    expect(() => lineAmount('-1', '2', 't')).toThrow(AmountError);
    expect(() => lineAmount('1', '-2', 't')).toThrow('单价不能为负数');
    expect(() => lineAmount('abc', '2', 't')).toThrow('数量不是有效的数字');
  });

  it('maps the material price unit', () => {
    expect(priceUnitOf('yuan_per_kg')).toBe('kg');
    expect(priceUnitOf('yuan_per_tonne')).toBe('t');
    expect(priceUnitOf('')).toBe('t');
  });
});

describe('proportional cost (sale return of part of an issue)', () => {
  it.each([
    ['16566.12', '7000', '7000', '16566.12'], // the whole issue back: exactly its amount
    ['16566.12', '1000', '7000', '2366.59'], // 2366.588… → 2366.59
    ['100.00', '1', '3', '33.33'],
    ['100.00', '2', '3', '66.67'],
  ] as const)('%s × %s / %s = %s', (amount, part, whole, out) => {
    expect(proportional(amount, part, whole)).toBe(out);
  });
  it('refuses more than the original quantity', () => {
    expect(() => proportional('10', '8', '7')).toThrow('数量不能超过原数量 7');
  });
  it('sums decimal strings exactly', () => {
    expect(sum(['0.1', '0.2'])).toBe('0.30');
    expect(sum(['20140.000', '0.001'], 3)).toBe('20140.001');
  });
});
