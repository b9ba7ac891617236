// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO } from './amount.ts';
import {
  type AssetTerms,
  DEFAULT_RESIDUAL_RATE,
  type DepreciationMethod,
  depreciationFor,
  depreciationSchedule,
  firstDepreciationPeriod,
  minimumAcceleratedLifeMonths,
  oneOffDeductionProblem,
  residualOf,
  straightLineRemaining,
  TAX_MINIMUM_LIVES,
  termsProblems,
  unitDepreciation,
  workloadSchedule,
} from './depreciation.ts';
import fixedAssetsMd from './research/fixed-assets.md?raw';
import { prng } from './test-books.ts';

// fixed_assets.md §2 worked check: C = 100,000, r = 5 %, n = 5
const base: AssetTerms = {
  cost: '100000',
  residualRate: '0.05',
  lifeMonths: 60,
  inServiceDate: '2024-03-15',
  method: 'straightLine',
};
const yearly = (terms: AssetTerms) => {
  const years = new Map<number, Decimal>();
  for (const r of depreciationSchedule(terms)) years.set(r.year, (years.get(r.year) ?? ZERO).plus(r.amount));
  return [...years.values()].map((d) => d.toFixed(2));
};
const total = (rows: { amount: Decimal }[]) => rows.reduce((s, r) => s.plus(r.amount), ZERO).toFixed(2);

describe('worked check of fixed_assets.md §2', () => {
  it('straight-line: 1,583.33 a month, the last month 1,583.53, Σ 95,000', () => {
    const s = depreciationSchedule(base);
    expect(s).toHaveLength(60);
    expect(s[0].amount.toFixed(2)).toBe('1583.33');
    expect(s[58].amount.toFixed(2)).toBe('1583.33');
    expect(s[59].amount.toFixed(2)).toBe('1583.53');
    // 12 × 1,583.33 = 18,999.96 a year; the fifth year carries the 0.20 remainder
    expect(yearly(base)).toEqual(['18999.96', '18999.96', '18999.96', '18999.96', '19000.16']);
    expect(total(s)).toBe('95000.00');
    expect(s[59].netBookValue.toFixed(2)).toBe('5000.00');
  });

  it('double-declining: 40,000 / 24,000 / 14,400 then (21,600 − 5,000) ÷ 2 = 8,300 twice', () => {
    const ddb = { ...base, method: 'doubleDeclining' as const };
    expect(yearly(ddb)).toEqual(['40000.00', '24000.00', '14400.00', '8300.00', '8300.00']);
    const s = depreciationSchedule(ddb);
    expect([s[0], s[10], s[11]].map((r) => r.amount.toFixed(2))).toEqual(['3333.33', '3333.33', '3333.37']);
    expect(total(s)).toBe('95000.00');
  });

  it('sum-of-years-digits: 31,666.67 / 25,333.33 / 19,000 / 12,666.67 / 6,333.33', () => {
    expect(yearly({ ...base, method: 'sumOfYears' })).toEqual([
      '31666.67',
      '25333.33',
      '19000.00',
      '12666.67',
      '6333.33',
    ]);
  });

  it('units of production: 200,000 km → 0.475 per km; a 3,000 km month = 1,425', () => {
    const truck = { ...base, method: 'workload' as const, totalWorkload: '200000' };
    expect(unitDepreciation(truck).toFixed(3)).toBe('0.475');
    const s = workloadSchedule(truck, [{ period: '2024-04', units: '3000' }]);
    expect(s.map((r) => [r.period, r.amount.toFixed(2)])).toEqual([['2024-04', '1425.00']]);
  });
});

describe('timing (fixed_assets.md §1)', () => {
  it.each([
    ['2024-03-15', '2024-04'],
    ['2024-03-01', '2024-04'],
    ['2024-12-31', '2025-01'],
  ])('in service %s → first depreciation %s', (date, first) => {
    expect(firstDepreciationPeriod(date)).toBe(first);
    expect(depreciationSchedule({ ...base, inServiceDate: date })[0].period).toBe(first);
  });

  it('nothing in the in-service month; the disposal month still depreciates, nothing after', () => {
    expect(depreciationFor(base, '2024-03').toFixed(2)).toBe('0.00');
    expect(depreciationFor(base, '2024-04').toFixed(2)).toBe('1583.33');
    expect(depreciationFor(base, '2024-06', '2024-06').toFixed(2)).toBe('1583.33');
    expect(depreciationFor(base, '2024-07', '2024-06').toFixed(2)).toBe('0.00');
    expect(depreciationFor(base, '2029-04').toFixed(2)).toBe('0.00'); // fully depreciated: life ended 2029-03
    expect(depreciationFor(base, '2029-03').toFixed(2)).toBe('1583.53');
  });

  it('DDB / SYD years run from the first depreciation month (Apr–Mar), not calendar years', () => {
    const s = depreciationSchedule({ ...base, method: 'doubleDeclining' });
    expect(s.filter((r) => r.year === 1).map((r) => r.period)).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });
});

describe('residual, impairment, remaining life', () => {
  it('5 % default residual; an explicit residual value wins', () => {
    expect(DEFAULT_RESIDUAL_RATE).toBe('0.05');
    expect(residualOf({ ...base, residualRate: undefined }).toFixed(2)).toBe('5000.00');
    expect(residualOf({ ...base, residualValue: '3000' }).toFixed(2)).toBe('3000.00');
    expect(total(depreciationSchedule({ ...base, residualRate: '0' }))).toBe('100000.00');
  });

  it('impairment lowers the depreciable amount (enterprise)', () => {
    expect(total(depreciationSchedule({ ...base, impairment: '10000' }))).toBe('85000.00');
  });

  it('after an impairment: (C − A − I − S) ÷ remaining months', () => {
    // after 24 months of 1,583.33: A = 37,999.92; impairment 6,000; 36 months left
    expect(
      straightLineRemaining({
        cost: '100000',
        accumulated: '37999.92',
        impairment: '6000',
        residual: '5000',
        remainingMonths: 36,
      }).toFixed(2),
    ).toBe('1416.67');
    expect(() => straightLineRemaining({ cost: '1', accumulated: '0', residual: '0', remainingMonths: 0 })).toThrow(
      '剩余月数必须是正整数',
    );
  });

  it.each([
    [{ cost: '0' }, '原值必须大于 0'],
    [{ lifeMonths: 0 }, '预计使用月数必须是正整数'],
    [{ method: 'sumOfYears', lifeMonths: 30 }, '年数总和法的预计使用年限应为整年（月数为 12 的倍数）'],
    [{ residualRate: '1' }, '预计净残值应不小于 0 且小于原值'],
    [{ impairment: '99000' }, '减值准备过大：应计折旧额小于 0'],
    [{ method: 'workload' }, '工作量法需要填写大于 0 的预计总工作量'],
    [{ cost: 'abc' }, '原值不是有效的数字'],
  ])('refuses %j', (change, message) => {
    expect(termsProblems({ ...base, ...(change as Partial<AssetTerms>) })).toContain(message);
  });

  it('workload never exceeds the depreciable amount', () => {
    const truck = { ...base, method: 'workload' as const, totalWorkload: '1000' };
    const s = workloadSchedule(truck, [
      { period: '2024-03', units: '999' }, // in-service month: ignored
      { period: '2024-04', units: '600' },
      { period: '2024-05', units: '600' },
      { period: '2024-06', units: '100' },
    ]);
    expect(s.map((r) => r.amount.toFixed(2))).toEqual(['57000.00', '38000.00', '0.00']);
  });
});

describe('seeded random assets: Σ months = C − S exactly, every month ≥ 0 with ≤ 2 decimals', () => {
  const methods: DepreciationMethod[] = ['straightLine', 'doubleDeclining', 'sumOfYears'];
  for (const seed of [3, 11, 2024]) {
    it(`seed ${seed}`, () => {
      const rand = prng(seed);
      for (let i = 0; i < 60; i++) {
        const terms: AssetTerms = {
          cost: new Decimal(Math.floor(rand() * 100_000_000) + 1).div(100).toFixed(2),
          residualRate: ['0', '0.03', '0.05'][Math.floor(rand() * 3)],
          lifeMonths: 12 * (1 + Math.floor(rand() * 20)),
          inServiceDate: '2024-05-20',
          method: methods[i % 3],
        };
        const s = depreciationSchedule(terms);
        const expected = new Decimal(terms.cost as string).minus(residualOf(terms));
        expect(total(s), `seed ${seed} ${JSON.stringify(terms)}`).toBe(expected.toFixed(2));
        expect(s).toHaveLength(terms.lifeMonths);
        for (const r of s) {
          expect(
            r.amount.gte(0) && r.amount.decimalPlaces() <= 2,
            `seed ${seed} ${JSON.stringify(terms)} ${r.period}`,
          ).toBe(true);
        }
      }
    });
  }
});

describe('tax minimum lives (fixed_assets.md §4) and incentives (§5)', () => {
  it('the constants equal the table in the research file', () => {
    const section = fixedAssetsMd.slice(fixedAssetsMd.indexOf('## 4.'), fixedAssetsMd.indexOf('## 5.'));
    const table = section
      .split('\n')
      .filter((l) => /^\| [^-c]/.test(l) && !l.startsWith('| category'))
      .map((l) => l.split('|').map((c) => c.trim()))
      .map((c) => ({ category: c[1], years: Number(c[2]), months: Number(c[3]) }));
    expect(table).toEqual(TAX_MINIMUM_LIVES.map((r) => ({ ...r })));
  });

  it('accelerated lives may not go below 60 % of the minimum', () => {
    expect(minimumAcceleratedLifeMonths('飞机、火车、轮船、机器、机械和其他生产设备')).toBe(72);
    expect(minimumAcceleratedLifeMonths('电子设备')).toBe(22);
  });

  it.each([
    ['电子设备', '8000', '2024-06-01', null],
    ['房屋、建筑物', '8000', '2024-06-01', '房屋、建筑物不适用一次性扣除'],
    ['电子设备', '5000000.01', '2024-06-01', '单位价值超过 500 万元，不适用一次性扣除'],
    ['电子设备', '8000', '2023-12-31', '购进日期不在 2024-01-01 至 2027-12-31 之间，不适用一次性扣除'],
  ] as const)('一次性扣除: %s %s %s', (category, cost, purchaseDate, problem) => {
    expect(oneOffDeductionProblem({ category, cost, purchaseDate })).toBe(problem);
  });
});
