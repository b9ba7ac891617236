/**
 * GET /api/izs-report/purchase and /sale — 采购报表 and 销售报表: reviewed trade lines of the period (returns net),
 * grouped by the chosen 统计维度, with quantity, 价税合计 and 不含税金额 (the stored figures, issue 21), cost (sale),
 * gross profit and margin (both on the 不含税金额: VAT is not the yard's income); and
 * GET /api/izs-report/documents — the drill-down: the document lines behind one row.
 */
import type Decimal from 'decimal.js';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  REPORT_ENDPOINTS,
  type ReportQuery,
  type TradeRow,
} from '../../../core/contract/izs-report/report.contract.ts';
import type { Db } from '../../db/client.ts';
import { stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { TRADE_LINE_SUMS } from '../izs-stock/analysis-repository.ts';
import { D, kg3, pct2, yuan2 } from '../izs-visual/common.ts';
import { labelsOf, materialInfo, TRADE_TYPES, tradeFilters, tradeKey } from './keys.ts';

type Side = keyof typeof TRADE_TYPES;
const CODES: Record<Side, string> = {
  purchase: 'statement_analysis_purchase_statement',
  sale: 'statement_analysis_sale_statement',
};

/** amount: the stored 价税合计; net: the stored 不含税金额 — 毛利 and 毛利率 are taken from it (issue 21). */
interface Acc {
  qty: Decimal;
  amount: Decimal;
  net: Decimal;
  cost: Decimal;
  docs: number;
}
const row = (key: string, label: string, a: Acc, side: Side): TradeRow => ({
  key,
  label,
  qtyKg: kg3(a.qty),
  amount: yuan2(a.amount),
  netAmount: yuan2(a.net),
  cost: yuan2(side === 'sale' ? a.cost : 0),
  grossProfit: yuan2(side === 'sale' ? a.net.minus(a.cost) : 0),
  margin: side === 'sale' ? pct2(a.net.minus(a.cost), a.net) : '',
  docs: a.docs,
});

export async function tradeStatement(db: Db, user: AuthUser, side: Side, q: ReportQuery, code = CODES[side]) {
  const key = tradeKey(q.groupBy);
  const found = await db
    .select({
      key: sql<string>`${key}`,
      ...TRADE_LINE_SUMS,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        await scopeOf(db, user, stockOrder, code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, [...TRADE_TYPES[side]]),
        sql`${stockOrder.orderDate} between ${q.beginDate} and ${q.endDate}`,
        ...tradeFilters(q),
      ),
    )
    .groupBy(sql`1`, stockOrder.docType);
  const gb = q.groupBy === 'gb' ? await materialInfo(db, user.tenantId) : undefined;
  const acc = new Map<string, Acc>();
  const total: Acc = { qty: D(0), amount: D(0), net: D(0), cost: D(0), docs: 0 };
  for (const r of found) {
    const k = gb ? (gb.get(r.key)?.gb ?? 'general') : r.key;
    const sign = r.docType.endsWith('_return') ? -1 : 1;
    const a = acc.get(k) ?? { qty: D(0), amount: D(0), net: D(0), cost: D(0), docs: 0 };
    for (const t of [a, total]) {
      t.qty = t.qty.plus(D(r.qty).times(sign));
      t.amount = t.amount.plus(D(r.amount).times(sign));
      t.net = t.net.plus(D(r.net).times(sign));
      t.cost = t.cost.plus(D(r.cost).times(sign));
      t.docs += r.docs;
    }
    acc.set(k, a);
  }
  const labels = await labelsOf(db, user.tenantId, q.groupBy, [...acc.keys()]);
  const rows = [...acc.entries()]
    .map(([k, a]) => row(k, labels.get(k) ?? (k || '（未填）'), a, side))
    .sort((a, b) =>
      q.groupBy === 'day' || q.groupBy === 'month' ? a.key.localeCompare(b.key) : D(b.amount).cmp(D(a.amount)),
    );
  return { rows, total: row('', '合计', total, side) };
}

export function registerTrade(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(REPORT_ENDPOINTS.purchase, ({ query, user }) => tradeStatement(db, user, 'purchase', query));
  r.handle(REPORT_ENDPOINTS.sale, ({ query, user }) => tradeStatement(db, user, 'sale', query));
}

/** The condition a drill-down key puts on the trade lines. */
export async function keyCondition(
  db: Db,
  tenantId: string,
  q: ReportQuery & { key: string },
  keyOf: SQL,
  materialCol: unknown,
): Promise<SQL | undefined> {
  if (!q.key) return undefined;
  if (q.groupBy !== 'gb') return sql`${keyOf} = ${q.key}`;
  const ids = [...(await materialInfo(db, tenantId)).entries()].filter(([, m]) => m.gb === q.key).map(([id]) => id);
  return ids.length
    ? sql`${materialCol} in (${sql.join(
        ids.map((i) => sql`${i}::bigint`),
        sql`, `,
      )})`
    : sql`false`;
}
