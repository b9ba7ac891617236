import { describe, expect, it } from 'vitest';
import { type BookedMonth, type CardState, monthDepreciation, projectSchedule } from './asset-card.ts';

// fixed_assets.md §2 worked check: C = 100,000, r = 5 %, n = 5 years, in service 2025-03-15
const card = (over: Partial<CardState> = {}): CardState => ({
  cost: '100000',
  residualRate: '0.05',
  lifeMonths: 60,
  inServiceDate: '2025-03-15',
  method: 'straightLine',
  reestimated: false,
  disposalPeriod: '',
  ...over,
});

/** Books every month from the first through `to` and answers the booked months. */
function bookThrough(c: CardState, to: string, work?: string): BookedMonth[] {
  const booked: BookedMonth[] = [];
  for (const r of projectSchedule(c, [])) {
    if (r.period > to) break;
    booked.push({ period: r.period, amount: monthDepreciation(c, r.period, booked, work).amount.toFixed(2) });
  }
  return booked;
}

describe('monthDepreciation', () => {
  it('nothing in the in-service month, the schedule month from the next (当月增加当月不提)', () => {
    expect(monthDepreciation(card(), '2025-03', []).note).toContain('次月起计提');
    expect(monthDepreciation(card(), '2025-04', []).amount.toFixed(2)).toBe('1583.33');
  });

  it('each method gives the worked check in its first month', () => {
    const first = (over: Partial<CardState>, work?: string) =>
      monthDepreciation(card(over), '2025-04', [], work).amount.toFixed(2);
    expect(first({ method: 'doubleDeclining' })).toBe('3333.33');
    expect(first({ method: 'sumOfYears' })).toBe('2638.89');
    expect(first({ method: 'workload', totalWorkload: '200000' }, '3000')).toBe('1425.00');
    expect(monthDepreciation(card({ method: 'workload', totalWorkload: '200000' }), '2025-04', []).note).toBe(
      '需填写本月工作量',
    );
  });

  it('the disposal month is depreciated, nothing after (当月减少当月照提)', () => {
    const c = card({ disposalPeriod: '2025-06' });
    expect(monthDepreciation(c, '2025-06', bookThrough(card(), '2025-05')).amount.toFixed(2)).toBe('1583.33');
    expect(monthDepreciation(c, '2025-07', []).note).toBe('已处置');
  });

  it('the whole life sums to C − S exactly, then nothing (已提足)', () => {
    for (const method of ['straightLine', 'doubleDeclining', 'sumOfYears'] as const) {
      const c = card({ method });
      const booked = bookThrough(c, '2030-03');
      const total = booked.reduce((s, b) => s + Math.round(Number(b.amount) * 100), 0);
      expect(total, method).toBe(9_500_000);
      expect(monthDepreciation(c, '2030-04', booked).amount.toFixed(2)).toBe('0.00');
    }
  });

  it('after a change of estimate: (C − A − S) ÷ remaining months, the last month takes the rest', () => {
    const booked = bookThrough(card(), '2026-03'); // 12 months, A = 18,999.96
    const c = card({ reestimated: true, lifeMonths: 36 });
    expect(monthDepreciation(c, '2026-04', booked).amount.toFixed(2)).toBe('3166.67');
    const rest = projectSchedule(c, booked);
    expect(rest.at(-1)?.accumulated.toFixed(2)).toBe('95000.00');
    expect(rest).toHaveLength(36);
  });

  it('workload never goes beyond C − S', () => {
    const c = card({ method: 'workload', totalWorkload: '1000' });
    const booked = [{ period: '2025-04', amount: '90000.00', workload: '947.3684' }];
    expect(monthDepreciation(c, '2025-05', booked, '500').amount.toFixed(2)).toBe('5000.00');
  });

  it('months never run are caught up in the next run (补提), also after the end of the life', () => {
    const c = card();
    const jul = monthDepreciation(c, '2025-07', []); // Apr, May, Jun, Jul
    expect(jul.amount.toFixed(2)).toBe('6333.32');
    expect(jul.note).toBe('含以前月份补提');
    expect(monthDepreciation(c, '2031-01', []).amount.toFixed(2)).toBe('95000.00');
    const booked = bookThrough(c, '2025-06');
    expect(monthDepreciation(c, '2025-07', booked).amount.toFixed(2)).toBe('1583.33');
  });

  it('期初累计折旧 counts as booked: only the rest of the schedule is depreciated', () => {
    // in service 2025-03-15: 2025-04 … 2025-09 = 6 months = 9,499.98 already depreciated before the card was entered
    const c = card({ openingAccumulated: '9499.98' });
    expect(monthDepreciation(c, '2025-10', []).amount.toFixed(2)).toBe('1583.33');
    const plan = projectSchedule(c, []);
    expect(plan.at(-1)?.accumulated.toFixed(2)).toBe('95000.00');
  });
});
