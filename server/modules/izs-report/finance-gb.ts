/**
 * GET /api/izs-report/finance — 财务报表 by month from the books (izs-visual/books.ts); GET /api/izs-report/gb —
 * 固废总览 and 物料固废统计: reviewed receipts (采购入库 − 退货) and issues (销售出库 − 退货) per GB category and month of
 * the year, and per material with its stock now; GET logistics / company-pledge — what the page says until their
 * modules land.
 */
import type Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import { GB_CATEGORIES } from '../../../core/report/gb.ts';
import type { Db } from '../../db/client.ts';
import { stock, stockOrder } from '../../db/schema/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { arapFigure, bookCompanies } from '../izs-visual/arap.ts';
import { booksOf, cashBefore, monthsBetween, periodFigures } from '../izs-visual/books.ts';
import { businessDay, D, kg3, requireAnyView, yuan2 } from '../izs-visual/common.ts';
import { linesByMaterialMonth, stockByMaterial } from './finance-gb-repository.ts';
import { materialInfo } from './keys.ts';

const CODE = 'statement_analysis_finance_statement';

export function registerFinanceGb(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.finance, financeReport(db, tz));
  r.handle(REPORT_ENDPOINTS.gb, gbReport(db));
}

function financeReport(db: Db, tz: string): Handler<typeof REPORT_ENDPOINTS.finance> {
  return async ({ query, user }) => {
    const { today } = businessDay(tz);
    const books = await booksOf(db, user, CODE, query.accountSetId);
    const ids = books.map((b) => b.accountSetId);
    const months = monthsBetween(`${query.year}-01`, `${query.year}-12`);
    const figures = new Map(
      (await periodFigures(db, user.tenantId, ids, months[0], months[11])).map((f) => [f.period, f]),
    );
    const start = await cashBefore(db, user.tenantId, ids, months[0]);
    const companies = await bookCompanies(db, user.tenantId, ids);
    let cash = D(start.cash);
    let bank = D(start.bank);
    return {
      books,
      months: months.map((period) => {
        const f = figures.get(period);
        cash = cash.plus(f?.cash ?? '0');
        bank = bank.plus(f?.bank ?? '0');
        return {
          period,
          revenue: yuan2(f?.revenue),
          cost: yuan2(f?.cost),
          expenses: yuan2(f?.expenses),
          profit: yuan2(f?.profit),
          cash: yuan2(cash),
          bank: yuan2(bank),
          outputVat: yuan2(f?.outputVat),
          inputVat: yuan2(f?.inputVat),
        };
      }),
      // the books' companies, as the finance wall screen and 业财对账 (issue 21)
      receivables: await arapFigure(db, user, 'ar', today, CODE, companies),
      payables: await arapFigure(db, user, 'ap', today, CODE, companies),
    };
  };
}

type Cell = { inKg: Decimal; outKg: Decimal; inAmount: Decimal; outAmount: Decimal };

function gbReport(db: Db): Handler<typeof REPORT_ENDPOINTS.gb> {
  return async ({ query, user }) => {
    await requireAnyView(db, user, ['statement_analysis_gb_overview', 'statement_analysis_material_gb']);
    const code = 'statement_analysis_gb_overview';
    const found = await linesByMaterialMonth(
      db,
      and(
        await scopeOf(db, user, stockOrder, code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, ['in_stock', 'purchase_return', 'out_stock', 'sale_return']),
        sql`${stockOrder.orderDate} like ${`${query.year}-%`}`,
        query.deptId ? eq(stockOrder.deptId, query.deptId) : undefined,
      ),
    );
    const info = await materialInfo(db, user.tenantId);
    const { cells, perMaterial } = gbSums(found, info);
    const stocks = await stockByMaterial(
      db,
      and(await scopeOf(db, user, stock, code), query.deptId ? eq(stock.deptId, query.deptId) : undefined),
    );
    const stockOf = new Map(stocks.map((s) => [s.materialId, s.qty]));
    const materials = [...info.entries()]
      .filter(([id]) => perMaterial.has(id) || !D(stockOf.get(id) ?? 0).isZero())
      .map(([id, m]) => ({
        materialId: id,
        code: m.code,
        name: m.name,
        categoryPath: m.categoryPath,
        category: m.gb,
        inKg: kg3(perMaterial.get(id)?.inKg),
        outKg: kg3(perMaterial.get(id)?.outKg),
        stockKg: kg3(stockOf.get(id)),
      }))
      .sort((a, b) => a.code.localeCompare(b.code));
    return {
      categories: GB_CATEGORIES.map((c) => ({ key: c.key, name: c.name, standard: c.standard })),
      cells: [...cells.entries()]
        .map(([k, c]) => ({
          category: k.split('|')[0],
          month: k.split('|')[1],
          inKg: kg3(c.inKg),
          outKg: kg3(c.outKg),
          inAmount: yuan2(c.inAmount),
          outAmount: yuan2(c.outAmount),
        }))
        .sort((a, b) => a.month.localeCompare(b.month) || a.category.localeCompare(b.category)),
      materials,
    };
  };
}

/** Receipts and issues (returns negative) per GB category × month, and per material. */
function gbSums(
  found: Awaited<ReturnType<typeof linesByMaterialMonth>>,
  info: Awaited<ReturnType<typeof materialInfo>>,
) {
  const cells = new Map<string, Cell>();
  const perMaterial = new Map<string, { inKg: Decimal; outKg: Decimal }>();
  for (const r of found) {
    const cat = info.get(r.materialId)?.gb ?? 'general';
    const sign = r.docType.endsWith('_return') ? -1 : 1;
    const isIn = r.docType === 'in_stock' || r.docType === 'purchase_return';
    const k = `${cat}|${r.month}`;
    const c = cells.get(k) ?? { inKg: D(0), outKg: D(0), inAmount: D(0), outAmount: D(0) };
    const m = perMaterial.get(r.materialId) ?? { inKg: D(0), outKg: D(0) };
    if (isIn) {
      c.inKg = c.inKg.plus(D(r.qty).times(sign));
      c.inAmount = c.inAmount.plus(D(r.amount).times(sign));
      m.inKg = m.inKg.plus(D(r.qty).times(sign));
    } else {
      c.outKg = c.outKg.plus(D(r.qty).times(sign));
      c.outAmount = c.outAmount.plus(D(r.amount).times(sign));
      m.outKg = m.outKg.plus(D(r.qty).times(sign));
    }
    cells.set(k, c);
    perMaterial.set(r.materialId, m);
  }
  return { cells, perMaterial };
}
