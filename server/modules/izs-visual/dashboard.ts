/**
 * GET /api/izs-visual/dashboard — the home dashboard's business figures (dashboard.contract.ts). Each figure is
 * summed in SQL in the caller's data scope of the list it links to, null without that list's view.
 */
import { and, eq, sql } from 'drizzle-orm';
import { DASHBOARD, DASHBOARD_LINKS } from '../../../core/contract/izs-visual/dashboard.contract.ts';
import type { Db } from '../../db/client.ts';
import { arDoc, voucher } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, canView, yuan2 } from './common.ts';
import { metricValues, tradeByDay } from './metrics.ts';

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
    const purchase = seePurchase ? await tradeByDay(db, user, 'purchase', from, today, L.purchase.code) : null;
    const sale = seeSale ? await tradeByDay(db, user, 'sale', from, today, L.sale.code) : null;
    // the headline figures are the registry's (metrics.ts): the same query as every other screen that shows them
    const figures = new Map(
      (
        await metricValues(db, user, tz, [
          'purchaseAmountToday',
          'purchaseAmountMonth',
          'saleAmountToday',
          'saleAmountMonth',
        ])
      ).map((m) => [m.name, m.value ?? '0.00']),
    );
    const period = (seen: boolean, side: 'purchase' | 'sale') =>
      seen
        ? { today: figures.get(`${side}AmountToday`) ?? '0.00', month: figures.get(`${side}AmountMonth`) ?? '0.00' }
        : null;

    let vouchers: { toReview: number; toPost: number } | null = null;
    if (seeReview || seePost) {
      const [v] = await db
        .select({
          toReview: sql<number>`count(*) filter (where ${voucher.state} = 'saved')::int`,
          toPost: sql<number>`count(*) filter (where ${voucher.state} = 'reviewed')::int`,
        })
        .from(voucher)
        .where(
          and(
            await scopeOf(db, user, voucher, seeReview ? L.vouchersToReview.code : L.vouchersToPost.code),
            // the open ones only (izs_fin_voucher_open_idx), not the posted history
            sql`${voucher.state} in ('saved', 'reviewed')`,
          ),
        );
      vouchers = { toReview: v?.toReview ?? 0, toPost: v?.toPost ?? 0 };
    }

    const trend = Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)).map((date) => ({
      date,
      purchase: purchase && yuan2(purchase.get(date)?.amount),
      sale: sale && yuan2(sale.get(date)?.amount),
    }));
    return {
      today,
      monthStart,
      purchase: period(seePurchase, 'purchase'),
      sale: period(seeSale, 'sale'),
      vouchers,
      receivablesOverdue: seeAr ? await openDue(db, user, 'ar', today, L.receivables.code) : null,
      payablesDue: seeAp ? await openDue(db, user, 'ap', today, L.payables.code) : null,
      trend,
    };
  });
}
