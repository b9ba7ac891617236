import { describe, expect, it } from 'vitest';
import { computeWeighing, isStable, WeighingError } from './weighing.ts';

describe('computeWeighing (DESIGN §5 worked examples)', () => {
  it.each([
    // first, second, deduct, rate, price, unit, places → gross, tare, deduction, net, amount
    ['35260', '15120', '0', '0', '2350', 't', 0, '35260', '15120', '0', '20140', '47329.00'],
    ['15120', '35260', '0', '0', '2350', 't', 0, '35260', '15120', '0', '20140', '47329.00'], // order of passes
    ['35260', '15120', '20', '0', '2350', 't', 0, '35260', '15120', '20', '20120', '47282.00'],
    // 20140 × 1.5 % = 302.1 → 302 (whole kg), net 19838, 19.838 t × 2350 = 46619.30
    ['35260', '15120', '0', '0.015', '2350', 't', 0, '35260', '15120', '302', '19838', '46619.30'],
    // fixed + rate: 50 + 302.1 = 352.1 → 352
    ['35260', '15120', '50', '0.015', '2350', 't', 0, '35260', '15120', '352', '19788', '46501.80'],
    // half-up on .5 kg: 10000 × 0.00125 = 12.5 → 13
    ['20000', '10000', '0', '0.00125', '1000', 't', 0, '20000', '10000', '13', '9987', '9987.00'],
    // scale with 2 decimals: 12.5 stays
    ['20000', '10000', '0', '0.00125', '1000', 't', 2, '20000.00', '10000.00', '12.50', '9987.50', '9987.50'],
    // price per kg: 9987 kg × 2.345 = 23419.515 → 23419.52 (half-up at the fen)
    ['20000', '10000', '0', '0.00125', '2.345', 'kg', 0, '20000', '10000', '13', '9987', '23419.52'],
    // 1 kg × 0.005 = 0.005 → 0.01 (fen half-up)
    ['1001', '1000', '0', '0', '0.005', 'kg', 0, '1001', '1000', '0', '1', '0.01'],
    // no price → amount 0
    ['8000', '3000', '0', '0', '', 't', 0, '8000', '3000', '0', '5000', '0.00'],
  ] as const)(
    '%s / %s, deduct %s, rate %s, price %s/%s',
    (first, second, deductWeight, impurityRate, unitPrice, priceUnit, weightPlaces, gross, tare, deduction, net, amount) => {
      expect(
        computeWeighing({ first, second, deductWeight, impurityRate, unitPrice, priceUnit, weightPlaces }),
      ).toEqual({ gross, tare, deduction, net, amount });
    },
  );

  it('0.1 + 0.2 style inputs stay exact', () => {
    const r = computeWeighing({ first: '0.3', second: '0.1', deductWeight: '0.1', weightPlaces: 1, unitPrice: '1000' });
    expect(r.net).toBe('0.1');
    expect(r.amount).toBe('0.10');
  });

  it.each([
    [{ first: '-1', second: '0' }, '重量不能为负数'],
    [{ first: 'abc', second: '0' }, '重量不是有效的数字'],
    [{ first: '100', second: '50', deductWeight: '60' }, '扣重不能大于毛重减皮重'],
    [{ first: '100', second: '50', impurityRate: '1' }, '扣杂率必须在0到100%之间'],
    [{ first: '100', second: '50', deductWeight: '-1' }, '扣重不能为负数'],
    [{ first: '100', second: '50', unitPrice: '-3' }, '单价不能为负数'],
  ])('refuses %o with %s', (input, msg) => {
    expect(() => computeWeighing(input)).toThrow(new WeighingError(msg));
  });
});

describe('isStable', () => {
  const s = (pairs: [number, string][]) => pairs.map(([at, kg]) => ({ at, kg }));
  it('needs the whole window within one division', () => {
    expect(
      isStable(
        s([
          [0, '35260'],
          [400, '35270'],
          [800, '35260'],
          [1000, '35260'],
        ]),
        '20',
        1000,
      ),
    ).toBe(true);
    expect(
      isStable(
        s([
          [0, '35200'],
          [400, '35270'],
          [800, '35260'],
          [1000, '35260'],
        ]),
        '20',
        1000,
      ),
    ).toBe(false);
  });
  it('is not stable before the window is filled', () => {
    expect(
      isStable(
        s([
          [500, '35260'],
          [1000, '35260'],
        ]),
        '20',
        1000,
      ),
    ).toBe(false);
    expect(isStable(s([[1000, '35260']]), '20', 1000)).toBe(false);
  });
  it('ignores samples older than the window', () => {
    expect(
      isStable(
        s([
          [0, '1000'],
          [100, '35260'],
          [1100, '35260'],
        ]),
        '20',
        1000,
      ),
    ).toBe(true);
  });
});

describe('negative zero', () => {
  it('treats -0 as zero', () => {
    expect(computeWeighing({ first: '-0', second: '0', deductWeight: '-0' }).net).toBe('0');
  });
});
