import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { AllocationError, allocate } from './allocation.ts';

const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);

describe('allocate (sorting cost by weight or ratio)', () => {
  it.each([
    // total, weights → shares
    ['100.00', ['1', '1', '1'], ['33.34', '33.33', '33.33']],
    ['47329.00', ['12000', '6000', '2140'], ['28200.00', '14100.00', '5029.00']],
    ['47329.00', ['12001', '6000', '2139'], ['28202.35', '14100.00', '5026.65']],
    ['10.00', ['3', '3', '3'], ['3.34', '3.33', '3.33']],
    ['1000.00', ['7', '11', '13'], ['225.81', '354.84', '419.35']],
    ['0.01', ['1', '1'], ['0.01', '0.00']],
    ['0.00', ['5', '7'], ['0.00', '0.00']],
    ['999.99', ['0.6', '0.3', '0.1'], ['599.99', '300.00', '100.00']],
    ['100.00', ['0', '2'], ['0.00', '100.00']],
  ])('%s by %j', (total, weights, shares) => {
    const got = allocate(total, weights);
    expect(got).toEqual(shares);
    expect(sum(got)).toBe(new Decimal(total).toFixed(2));
  });

  it('always sums exactly on many random splits', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let k = 0; k < 500; k++) {
      const total = (Math.floor(rnd() * 10_000_000) / 100).toFixed(2);
      const n = 1 + Math.floor(rnd() * 7);
      const weights = Array.from({ length: n }, () => String(1 + Math.floor(rnd() * 50_000)));
      expect(sum(allocate(total, weights))).toBe(total);
    }
  });

  it.each([
    [[], '至少需要一个产出'],
    [['0', '0'], '产出的重量或比例合计不能为0'],
    [['1', '-1'], '第2行的比例不能为负数'],
    [['a'], '第1行的比例不是有效的数字'],
  ])('refuses %j', (weights, msg) => {
    expect(() => allocate('10', weights as string[])).toThrow(new AllocationError(msg));
  });
});
