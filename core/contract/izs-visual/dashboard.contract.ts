/**
 * The home dashboard's business figures (issue 15, the admin entry's 首页): today's and this month's purchase and
 * sale amounts, vouchers waiting for review / posting, receivables overdue, payables due, and a 7-day trend. The
 * system figures and today's weighings stay in /api/izs-toolbox/dashboard/summary.
 *
 * Constraints:
 * - days are the server's TZ (`today`, `monthStart` in the answer);
 * - purchase = reviewed 采购入库 − 采购退货 lines, sale = reviewed 销售出库 − 销售退货 lines by document date (the
 *   purchase / sale statements of 报表分析 give the same figure for the same period);
 * - vouchers: live vouchers of the caller's books, saved (待审核) and reviewed (待过账);
 * - receivables overdue: open reviewed 应收单 (amount > settled) whose due date is before today; payables due:
 *   open reviewed 应付单 due today or earlier;
 * - every figure is read in the caller's data scope of the list it links to, and is null when the caller may not
 *   view that list (the card is not shown).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { day, VISUAL, yuan } from './fields.ts';

// zod-free (home-links.ts): the home page reads them on the first load after sign-in
export { DASHBOARD_LINKS } from './home-links.ts';

const period = z.object({ today: yuan, month: yuan }).nullable();

export const dashboardAnswer = z.object({
  today: day,
  monthStart: day,
  purchase: period,
  sale: period,
  vouchers: z.object({ toReview: z.number().int(), toPost: z.number().int() }).nullable(),
  receivablesOverdue: z.object({ amount: yuan, docs: z.number().int() }).nullable(),
  payablesDue: z.object({ amount: yuan, docs: z.number().int() }).nullable(),
  trend: z.array(z.object({ date: day, purchase: yuan.nullable(), sale: yuan.nullable() })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const DASHBOARD = {
  business: endpoint({
    method: 'GET',
    path: `${VISUAL}/dashboard`,
    summary: '首页业务数据（今日与本月采购销售额、待审核与待过账凭证、逾期应收、到期应付、近7天趋势）',
    answer: dashboardAnswer,
  }),
};
