/**
 * GET /api/izs-visual/dashboard — the home dashboard's business figures (dashboard.contract.ts). Each figure is
 * summed in SQL in the caller's data scope of the list it links to, null without that list's view.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { DASHBOARD, DASHBOARD_LINKS } from '../../../core/contract/izs-visual/dashboard.contract.ts';
import type { Db } from '../../db/client.ts';
import { arDoc, stockOrder, stockOrderLine, voucher } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode } from '../../platform/crud/permissions.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, D, yuan2 } from './common.ts';

const TYPES = { purchase: ['in_stock', 'purchase_return'], sale: ['out_stock', 'sale_return'] } as const;

const canView = (db: Db, user: AuthUser, code: string) => hasAnyCode(db, user, [code, `${code}_view`]);

/** Reviewed trade amounts (returns net) per day from `from` to `to`. */
async function tradeByDay(db: Db, user: AuthUser, side: keyof typeof TYPES, from: string, to: string) {
  const found = await db
    .select({
      date: stockOrder.orderDate,
      amount: sql<string>`sum(case when ${stockOrder.docType} like '%_return' then -${stockOrderLine.amount} else ${stockOrderLine.amount} end)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        await scopeOf(db, user, stockOrder, DASHBOARD_LINKS[side].code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, [...TYPES[side]]),
        gte(stockOrder.orderDate, from),
        lte(stockOrder.orderDate, to),
      ),
    )
    .groupBy(stockOrder.orderDate);
  return new Map(found.map((r) => [r.date, D(r.amount)]));
}

/** Open reviewed 应收单 / 应付单 due before (overdue) or on/before (due) today. */
async function openDue(db: Db, user: AuthUser, side: 'ar' | 'ap', today: string, code: string) {
  const [r] = await db
    .select({
      amount: sql<string>`coalesce(sum(${arDoc.amount} - ${arDoc.settled}), 0)`,
      docs: sql<number>`count(*)::int`,
    })
    .from(arDoc)
    .where(
      and(
        await scopeOf(db, user, arDoc, code),
        eq(arDoc.side, side),
        eq(arDoc.state, 'reviewed'),
        sql`${arDoc.amount} > ${arDoc.settled}`,
        sql`${arDoc.dueDate} <> ''`,
        side === 'ar' ? sql`${arDoc.dueDate} < ${today}` : sql`${arDoc.dueDate} <= ${today}`,
      ),
    );
  return { amount: yuan2(r?.amount), docs: r?.docs ?? 0 };
}

export function registerDashboard(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(DASHBOARD.business, async ({ user }) => {
    const { today, monthStart, daysAgo } = businessDay(tz);
    const L = DASHBOARD_LINKS;
    const [seePurchase, seeSale, seeReview, seePost, seeAr, seeAp] = await Promise.all(
      [L.purchase, L.sale, L.vouchersToReview, L.vouchersToPost, L.receivables, L.payables].map((l) =>
        canView(db, user, l.code),
      ),
    );
    const weekStart = daysAgo(6);
    const from = weekStart < monthStart ? weekStart : monthStart;
    const purchase = seePurchase ? await tradeByDay(db, user, 'purchase', from, today) : null;
    const sale = seeSale ? await tradeByDay(db, user, 'sale', from, today) : null;
    const period = (m: Map<string, ReturnType<typeof D>> | null) =>
      m && {
        today: yuan2(m.get(today)),
        month: yuan2([...m].filter(([d]) => d >= monthStart).reduce((a, [, v]) => a.plus(v), D(0))),
      };

    let vouchers: { toReview: number; toPost: number } | null = null;
    if (seeReview || seePost) {
      const [v] = await db
        .select({
          toReview: sql<number>`count(*) filter (where ${voucher.state} = 'saved')::int`,
          toPost: sql<number>`count(*) filter (where ${voucher.state} = 'reviewed')::int`,
        })
        .from(voucher)
        .where(await scopeOf(db, user, voucher, seeReview ? L.vouchersToReview.code : L.vouchersToPost.code));
      vouchers = { toReview: v?.toReview ?? 0, toPost: v?.toPost ?? 0 };
    }

    const trend = Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)).map((date) => ({
      date,
      purchase: purchase && yuan2(purchase.get(date)),
      sale: sale && yuan2(sale.get(date)),
    }));
    return {
      today,
      monthStart,
      purchase: period(purchase),
      sale: period(sale),
      vouchers,
      receivablesOverdue: seeAr ? await openDue(db, user, 'ar', today, L.receivables.code) : null,
      payablesDue: seeAp ? await openDue(db, user, 'ap', today, L.payables.code) : null,
      trend,
    };
  });
}
