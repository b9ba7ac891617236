import { Decimal, rateFixed } from '../format/amounts.ts';

export interface QuoteMove {
  price: string;
  /** today's price minus last week's, or null without a quote a week ago */
  changeWeek: string | null;
}

/**
 * 较上周涨跌幅 of each quote in percent (2 places, half-up), smallest first; quotes without last week's price are
 * left out. Prices in 元/吨 and 元/千克 compare only as ratios, so the wall shows percent, not 元.
 */
export function weekMoves<T extends QuoteMove>(quotes: T[], nameOf: (q: T) => string): { name: string; pct: string }[] {
  return quotes
    .filter((q) => q.changeWeek !== null)
    .map((q) => {
      const change = new Decimal(q.changeWeek as string);
      const before = new Decimal(q.price).minus(change);
      const pct = before.isZero() ? new Decimal(0) : change.div(before).times(100);
      return { name: nameOf(q), pct: rateFixed(pct) };
    })
    .sort((a, b) => new Decimal(a.pct).comparedTo(b.pct));
}
