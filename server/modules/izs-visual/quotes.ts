/**
 * GET /api/izs-visual/quotes — 行情大屏: the price of each material and quote type on each of the last 30 business
 * days from /system/material-quotes-order (the quote in force on a day: effectiveStart ≤ day ≤ effectiveEnd, the
 * latest start wins), with the change against yesterday and a week ago.
 */
import { and, eq, gte, or, sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { materialQuotesOrder } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, D, materialNames, yuan2 } from './common.ts';

const DAYS = 30;

export interface Quote {
  materialId: string;
  quoteType: string;
  price: string;
  priceUnit: string;
  effectiveStart: string;
  effectiveEnd: string;
}

/** The quote in force on `day` among one material's quotes (latest start wins; later rows win ties). */
export function priceOn(quotes: Quote[], day: string): Quote | undefined {
  let best: Quote | undefined;
  for (const q of quotes) {
    if (q.effectiveStart > day || (q.effectiveEnd && q.effectiveEnd < day)) continue;
    if (!best || q.effectiveStart >= best.effectiveStart) best = q;
  }
  return best;
}

export function registerQuotes(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.quotes, async ({ user }) => {
    const { today, daysAgo } = businessDay(tz);
    const first = daysAgo(DAYS - 1);
    const found = await db
      .select({
        materialId: materialQuotesOrder.materialId,
        quoteType: materialQuotesOrder.quoteType,
        price: materialQuotesOrder.price,
        priceUnit: materialQuotesOrder.priceUnit,
        effectiveStart: materialQuotesOrder.effectiveStart,
        effectiveEnd: materialQuotesOrder.effectiveEnd,
      })
      .from(materialQuotesOrder)
      .where(
        and(
          await scopeOf(db, user, materialQuotesOrder, 'visual_quote_data'),
          sql`${materialQuotesOrder.materialId} is not null`,
          sql`${materialQuotesOrder.effectiveStart} <= ${today}`,
          or(eq(materialQuotesOrder.effectiveEnd, ''), gte(materialQuotesOrder.effectiveEnd, first)),
        ),
      )
      .orderBy(materialQuotesOrder.effectiveStart, materialQuotesOrder.createTime);
    const groups = new Map<string, Quote[]>();
    for (const q of found) {
      const k = `${q.materialId}|${q.quoteType}`;
      groups.set(k, [...(groups.get(k) ?? []), { ...q, materialId: q.materialId ?? '' }]);
    }
    const names = await materialNames(
      db,
      user.tenantId,
      found.map((q) => q.materialId),
    );
    const materials = [...groups.values()]
      .map((qs) => {
        const now = priceOn(qs, today);
        const y = priceOn(qs, daysAgo(1));
        const w = priceOn(qs, daysAgo(7));
        const series = [];
        for (let i = DAYS - 1; i >= 0; i--) {
          const p = priceOn(qs, daysAgo(i));
          if (p) series.push({ date: daysAgo(i), price: yuan2(p.price) });
        }
        return {
          materialId: qs[0].materialId,
          materialName: names.get(qs[0].materialId) ?? '',
          quoteType: qs[0].quoteType,
          priceUnit: (now ?? qs[qs.length - 1]).priceUnit,
          price: now ? yuan2(now.price) : '',
          yesterday: y ? yuan2(y.price) : null,
          lastWeek: w ? yuan2(w.price) : null,
          changeDay: now && y ? yuan2(D(now.price).minus(y.price)) : null,
          changeWeek: now && w ? yuan2(D(now.price).minus(w.price)) : null,
          series,
        };
      })
      .filter((m) => m.price !== '')
      .sort((a, b) => a.materialName.localeCompare(b.materialName, 'zh-CN') || a.quoteType.localeCompare(b.quoteType));
    return { today, materials };
  });
}
