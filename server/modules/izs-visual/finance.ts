/** GET /api/izs-visual/finance and /tax/:id — 财务数据大屏 and 税务数据大屏 from the books (books.ts). */
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { booksOf, cashBefore, monthsBetween, periodFigures } from './books.ts';
import { businessDay, D, pct2, yuan2 } from './common.ts';
import { PENDING } from './pending.ts';

export function registerFinance(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.finance, async ({ user }) => {
    const { today } = businessDay(tz);
    const thisMonth = today.slice(0, 7);
    const months = monthsBetween(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}`, thisMonth).slice(1);
    const books = await booksOf(db, user, 'visual_finance_data');
    const ids = books.map((b) => b.accountSetId);
    const figures = new Map(
      (await periodFigures(db, user.tenantId, ids, months[0], thisMonth)).map((f) => [f.period, f]),
    );
    const start = await cashBefore(db, user.tenantId, ids, months[0]);
    let cash = D(start.cash);
    let bank = D(start.bank);
    const trend = months.map((period) => {
      const f = figures.get(period);
      cash = cash.plus(f?.cash ?? '0');
      bank = bank.plus(f?.bank ?? '0');
      return { period, revenue: yuan2(f?.revenue), profit: yuan2(f?.profit), cashAndBank: yuan2(cash.plus(bank)) };
    });
    const year = today.slice(0, 4);
    const profitYear = months
      .filter((m) => m.startsWith(year))
      .reduce((a, m) => a.plus(figures.get(m)?.profit ?? '0'), D(0));
    return {
      today,
      books,
      cash: yuan2(cash),
      bank: yuan2(bank),
      profitMonth: yuan2(figures.get(thisMonth)?.profit),
      profitYear: yuan2(profitYear),
      revenueMonth: yuan2(figures.get(thisMonth)?.revenue),
      trend,
      receivables: PENDING.receivables,
      payables: PENDING.payables,
    };
  });

  r.handle(VISUAL_ENDPOINTS.tax, async ({ params, user }) => {
    const { today } = businessDay(tz);
    const year = today.slice(0, 4);
    const books = await booksOf(db, user, 'visual_tax', params.id === '0' ? null : params.id);
    const figures = new Map(
      (
        await periodFigures(
          db,
          user.tenantId,
          books.map((b) => b.accountSetId),
          `${year}-01`,
          today.slice(0, 7),
        )
      ).map((f) => [f.period, f]),
    );
    const row = (o: unknown, i: unknown, rev: unknown) => ({
      outputVat: yuan2(o),
      inputVat: yuan2(i),
      payableVat: yuan2(D(o).minus(D(i))),
      revenue: yuan2(rev),
      burden: pct2(D(o).minus(D(i)), rev),
    });
    const months = monthsBetween(`${year}-01`, today.slice(0, 7)).map((period) => {
      const f = figures.get(period);
      return { period, ...row(f?.outputVat, f?.inputVat, f?.revenue) };
    });
    const sum = (k: 'outputVat' | 'inputVat' | 'revenue') => months.reduce((a, m) => a.plus(m[k]), D(0));
    return {
      today,
      books,
      months,
      year: row(sum('outputVat'), sum('inputVat'), sum('revenue')),
      invoices: PENDING.invoices,
      reverseInvoices: PENDING.reverseInvoices,
    };
  });
}
