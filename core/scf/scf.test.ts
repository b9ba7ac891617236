import { describe, expect, it } from 'vitest';
import { checkSplit, childNo } from './cert.ts';
import { accruedInterest, daysBetween, discount, releasedQty } from './interest.ts';

describe('ACT/360 interest', () => {
  it.each([
    ['2026-03-10', '2026-06-18', 100],
    ['2026-02-01', '2026-03-01', 28],
    ['2028-02-01', '2028-03-01', 29],
  ])('%s → %s is %i days', (a, b, n) => expect(daysBetween(a, b)).toBe(n));
  it.each([
    // 850000 × 5.2% × 100 / 360 = 12277.777… → 12277.78
    ['850000.00', '5.2', '2026-03-10', '2026-06-18', [], '12277.78'],
    // 300000 repaid on 04-29: 850000 × 5.2% × 50/360 + 550000 × 5.2% × 50/360 = 6138.888… + 3972.222… = 10111.11
    ['850000.00', '5.2', '2026-03-10', '2026-06-18', [{ date: '2026-04-29', repaid: '300000.00' }], '10111.11'],
    ['1000000', '4.35', '2026-01-01', '2026-04-01', [], '10875.00'],
    ['1000000', '4.35', '2026-01-01', '2026-01-01', [], '0.00'],
  ])('%s at %s%% %s→%s', (p, r, a, b, reps, want) => {
    expect(accruedInterest(p, r, a, b, reps)).toBe(want);
  });
  it('discount: face × rate × days / 360', () => {
    // 200000 × 3.6% × 73 / 360 = 1460.00
    expect(discount('200000.00', '3.6', '2026-04-19', '2026-07-01')).toEqual({
      days: 73,
      interest: '1460.00',
      net: '198540.00',
    });
    expect(() => discount('1', '3', '2026-07-01', '2026-07-01')).toThrow('贴现日必须早于到期日');
  });
  it('pledge release in proportion to repayment', () => {
    expect(releasedQty('300000', '900000', '300000')).toBe('100000.000');
    expect(releasedQty('100000', '300000', '100000')).toBe('33333.333');
    expect(releasedQty('100000', '300000', '300000')).toBe('100000.000');
    expect(releasedQty('100000', '300000', '0')).toBe('0.000');
  });
});

describe('金单 split', () => {
  it('parts sum exactly to the face', () => {
    expect(checkSplit('100000.00', ['33333.33', '33333.33', '33333.34'])).toEqual(['33333.33', '33333.33', '33333.34']);
  });
  it.each([
    [['50000', '49999.99'], '拆分金额合计 99999.99 元与金单面额 100000.00 元不一致'],
    [['100000'], '拆分至少需要两份'],
    [['50000.001', '49999.999'], '第1份金额格式不正确，最多2位小数'],
    [['0', '100000'], '第1份金额不能小于 0.01 元'],
  ])('%j refused', (parts, msg) => {
    expect(() => checkSplit('100000.00', parts)).toThrow(msg);
  });
  it('child numbers', () => expect(childNo('JD202604190001', 1)).toBe('JD202604190001-02'));
});
