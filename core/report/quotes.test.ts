import { describe, expect, it } from 'vitest';
import { weekMoves } from './quotes.ts';

describe('weekMoves', () => {
  it('gives the change against last week in percent, smallest first, without quotes that have no week-old price', () => {
    const quotes = [
      { name: '废钢', price: '2400.00', changeWeek: '100.00' }, // 100 / 2300 = 4.3478…% → 4.35
      { name: '废铜', price: '52.50', changeWeek: '-2.50' }, // −2.5 / 55 = −4.5454…% → −4.55
      { name: '废纸', price: '1800.00', changeWeek: '0.00' },
      { name: '废铝', price: '13.20', changeWeek: null },
      { name: '新料', price: '5.00', changeWeek: '5.00' }, // last week's price 0: no ratio
    ];
    expect(weekMoves(quotes, (q) => q.name)).toEqual([
      { name: '废铜', pct: '-4.55' },
      { name: '废纸', pct: '0.00' },
      { name: '新料', pct: '0.00' },
      { name: '废钢', pct: '4.35' },
    ]);
  });
});
