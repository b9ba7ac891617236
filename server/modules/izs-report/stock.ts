/**
 * GET /api/izs-report/stock — 库存报表 (收发存): per material, warehouse, department or GB category, the opening
 * balance before the first day, receipts and issues of the period and the closing balance, all from the stock
 * movements (voids are negative entries, so they net out). Closing − opening = in − out, row by row.
 */
import type Decimal from 'decimal.js';
import { and, lt, sql } from 'drizzle-orm';
import {
  REPORT_ENDPOINTS,
  type ReportQuery,
  type StockRow,
} from '../../../core/contract/izs-report/report.contract.ts';
import type { Db } from '../../db/client.ts';
import { stockMovement } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { D, dayStart, kg3, yuan2 } from '../izs-visual/common.ts';
import { labelsOf, materialInfo, stockFilters, stockKey } from './keys.ts';

const CODE = 'statement_analysis_stock_statement';
type Acc = Record<'oq' | 'oa' | 'iq' | 'ia' | 'xq' | 'xa', Decimal>;
const zero = (): Acc => ({ oq: D(0), oa: D(0), iq: D(0), ia: D(0), xq: D(0), xa: D(0) });
const row = (key: string, label: string, a: Acc): StockRow => ({
  key,
  label,
  openingKg: kg3(a.oq),
  openingAmount: yuan2(a.oa),
  inKg: kg3(a.iq),
  inAmount: yuan2(a.ia),
  outKg: kg3(a.xq),
  outAmount: yuan2(a.xa),
  closingKg: kg3(a.oq.plus(a.iq).minus(a.xq)),
  closingAmount: yuan2(a.oa.plus(a.ia).minus(a.xa)),
});

export async function stockStatement(db: Db, user: AuthUser, tz: string, q: ReportQuery) {
  const key = stockKey(q.groupBy);
  const begin = dayStart(q.beginDate, tz);
  const end = sql`((${q.endDate}::date + 1)::timestamp at time zone ${tz})`;
  const before = sql`${stockMovement.createTime} < ${begin}`;
  const found = await db
    .select({
      key: sql<string>`${key}`,
      oq: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}) filter (where ${before}), 0)`,
      oa: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}) filter (where ${before}), 0)`,
      iq: sql<string>`coalesce(sum(${stockMovement.qtyIn}) filter (where not ${before}), 0)`,
      ia: sql<string>`coalesce(sum(${stockMovement.amountIn}) filter (where not ${before}), 0)`,
      xq: sql<string>`coalesce(sum(${stockMovement.qtyOut}) filter (where not ${before}), 0)`,
      xa: sql<string>`coalesce(sum(${stockMovement.amountOut}) filter (where not ${before}), 0)`,
    })
    .from(stockMovement)
    .where(
      and(await scopeOf(db, user, stockMovement, CODE), lt(stockMovement.createTime, end as never), ...stockFilters(q)),
    )
    .groupBy(sql`1`);
  const gb = q.groupBy === 'gb' ? await materialInfo(db, user.tenantId) : undefined;
  const acc = new Map<string, Acc>();
  const total = zero();
  for (const r of found) {
    const k = gb ? (gb.get(r.key)?.gb ?? 'general') : r.key;
    const a = acc.get(k) ?? zero();
    for (const t of [a, total]) for (const f of ['oq', 'oa', 'iq', 'ia', 'xq', 'xa'] as const) t[f] = t[f].plus(r[f]);
    acc.set(k, a);
  }
  const labels = await labelsOf(db, user.tenantId, q.groupBy, [...acc.keys()]);
  const rows = [...acc.entries()]
    .map(([k, a]) => row(k, labels.get(k) ?? (k || '（未填）'), a))
    .filter((r) => [r.openingKg, r.inKg, r.outKg, r.closingAmount].some((v) => !D(v).isZero()))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
  return { rows, total: row('', '合计', total) };
}

export function registerStock(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.stock, ({ query, user }) => stockStatement(db, user, tz, query));
}
