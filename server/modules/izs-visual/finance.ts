/**
 * GET /api/izs-visual/finance and /tax/:id — 财务数据大屏 and 税务数据大屏: the books (books.ts), receivables /
 * payables with aging and the invoices (arap.ts).
 */
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { ApiError } from '../../platform/r.ts';
import { arapFigure, bookCompanies, invoiceVatByMonth, pendingInvoices } from './arap.ts';
import {
  booksOf,
  cashBefore,
  defaultBook,
  lastReconciliations,
  monthsBetween,
  openingProfit,
  periodFigures,
} from './books.ts';
import { businessDay, D, pct2, yuan2 } from './common.ts';

const CODE_FIN = 'visual_finance_data';
const CODE_TAX = 'visual_tax';

export function registerFinance(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.finance, async ({ query, user }) => {
    const { today } = businessDay(tz);
    const thisMonth = today.slice(0, 7);
    const months = monthsBetween(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}`, thisMonth).slice(1);
    // ?book= narrows to one book the caller may see; a book that is not one is refused, never the whole tenant
    const books = await booksOf(db, user, CODE_FIN, query.book ?? null);
    if (query.book && !books.length) throw new ApiError(400, '账套不存在或无权查看');
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
    const opening = await openingProfit(db, user.tenantId, ids, year);
    const companies = await bookCompanies(db, user.tenantId, ids);
    const profitYear = months
      .filter((m) => m.startsWith(year))
      .reduce((a, m) => a.plus(figures.get(m)?.profit ?? '0'), D(opening));
    return {
      today,
      books,
      cash: yuan2(cash),
      bank: yuan2(bank),
      profitMonth: yuan2(figures.get(thisMonth)?.profit),
      profitYear: yuan2(profitYear),
      profitYearOpening: yuan2(opening),
      revenueMonth: yuan2(figures.get(thisMonth)?.revenue),
      trend,
      // the books' companies, as 业财对账 counts each book (issue 21)
      receivables: await arapFigure(db, user, 'ar', today, CODE_FIN, companies),
      payables: await arapFigure(db, user, 'ap', today, CODE_FIN, companies),
      reconcile: await lastReconciliations(db, books, tz),
    };
  });

  r.handle(VISUAL_ENDPOINTS.tax, async ({ params, user }) => {
    const { today } = businessDay(tz);
    const year = today.slice(0, 4);
    // an id that is no book the caller may see (the menu's /visual/tax/1 of older databases) opens the caller's
    // default book instead of an empty screen (issue 21)
    let books = await booksOf(db, user, CODE_TAX, params.id === '0' ? null : params.id);
    if (params.id !== '0' && !books.length) books = await defaultBook(db, user, CODE_TAX);
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
    const inv = await invoiceVatByMonth(db, user, year, CODE_TAX);
    const row = (o: unknown, i: unknown, rev: unknown, io: unknown, ii: unknown) => ({
      outputVat: yuan2(o),
      inputVat: yuan2(i),
      payableVat: yuan2(D(o).minus(D(i))),
      revenue: yuan2(rev),
      burden: pct2(D(o).minus(D(i)), rev),
      invoiceOutputVat: yuan2(io),
      invoiceInputVat: yuan2(ii),
    });
    const months = monthsBetween(`${year}-01`, today.slice(0, 7)).map((period) => {
      const f = figures.get(period);
      const v = inv.get(period);
      return { period, ...row(f?.outputVat, f?.inputVat, f?.revenue, v?.out, v?.in) };
    });
    const sum = (k: 'outputVat' | 'inputVat' | 'revenue' | 'invoiceOutputVat' | 'invoiceInputVat') =>
      months.reduce((a, m) => a.plus(m[k]), D(0));
    return {
      today,
      books,
      months,
      year: row(sum('outputVat'), sum('inputVat'), sum('revenue'), sum('invoiceOutputVat'), sum('invoiceInputVat')),
      ...(await pendingInvoices(db, user, year, CODE_TAX)),
    };
  });
}
