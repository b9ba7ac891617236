/**
 * One set of figures (issue 21): the query of every named metric of core/contract/izs-visual/metrics.contract.ts.
 * The home dashboard, the wall screens and the reports read their headline figures through `metricValues` (or the
 * GET /api/izs-visual/metrics descriptor), so 今日采购额 is one query wherever it is shown.
 *
 * Rules: days are the server's TZ (`businessDay`); every figure is read in the caller's data scope of the metric's
 * source list (`METRICS[name].source`) and is null when the caller may not view that list — so one user sees one
 * number for one name on every screen; amounts are summed in SQL and answered as decimal strings.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  METRIC_ENDPOINTS,
  METRIC_NAMES,
  METRICS,
  type MetricName,
  type MetricValue,
} from '../../../core/contract/izs-visual/metrics.contract.ts';
import type { Db } from '../../db/client.ts';
import { arDoc, dropShipping, stockOrder, stockOrderLine, weighingOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode } from '../../platform/crud/permissions.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, completed, D, dayOf, dayStart, kg3, yuan2 } from './common.ts';

export const TRADE_TYPES = { purchase: ['in_stock', 'purchase_return'], sale: ['out_stock', 'sale_return'] } as const;
type Side = keyof typeof TRADE_TYPES;

/** Reviewed trade lines (returns net) per document date from `from` to `to`: the stored 价税合计 (`gross_amount`,
 * issue 21's one amount basis — never the entered `amount`, which is 不含税 for a line priced 不含税) and net weight;
 * sales add the reviewed 直发单 (their sale amount and weight). */
export async function tradeByDay(db: Db, user: AuthUser, side: Side, from: string, to: string, code: string) {
  const found = await db
    .select({
      date: stockOrder.orderDate,
      amount: sql<string>`sum(case when ${stockOrder.docType} like '%_return' then -${stockOrderLine.grossAmount} else ${stockOrderLine.grossAmount} end)`,
      qty: sql<string>`sum(case when ${stockOrder.docType} like '%_return' then -${stockOrderLine.qty} else ${stockOrderLine.qty} end)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        await scopeOf(db, user, stockOrder, code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, [...TRADE_TYPES[side]]),
        gte(stockOrder.orderDate, from),
        lte(stockOrder.orderDate, to),
      ),
    )
    .groupBy(stockOrder.orderDate);
  const out = new Map(found.map((r) => [r.date, { amount: D(r.amount), qty: D(r.qty) }]));
  if (side === 'sale') {
    const drops = await db
      .select({
        date: dropShipping.orderDate,
        amount: sql<string>`sum(${dropShipping.saleAmount})`,
        qty: sql<string>`sum(${dropShipping.saleQty})`,
      })
      .from(dropShipping)
      .where(
        and(
          await scopeOf(db, user, dropShipping, code),
          eq(dropShipping.state, 'reviewed'),
          gte(dropShipping.orderDate, from),
          lte(dropShipping.orderDate, to),
        ),
      )
      .groupBy(dropShipping.orderDate);
    for (const d of drops) {
      const cur = out.get(d.date) ?? { amount: D(0), qty: D(0) };
      out.set(d.date, { amount: cur.amount.plus(D(d.amount)), qty: cur.qty.plus(D(d.qty)) });
    }
  }
  return out;
}

interface Ctx {
  db: Db;
  user: AuthUser;
  tz: string;
  today: string;
  monthStart: string;
  code: string;
}

const sumOf = (m: Map<string, { amount: ReturnType<typeof D>; qty: ReturnType<typeof D> }>, k: 'amount' | 'qty') =>
  [...m.values()].reduce((a, v) => a.plus(v[k]), D(0));

async function weighToday(c: Ctx, type: 'purchase' | 'sale', what: 'net' | 'amount'): Promise<string> {
  const col = what === 'net' ? weighingOrder.netWeight : weighingOrder.amount;
  const [r] = await c.db
    .select({ v: sql<string>`coalesce(sum(${col}), 0)` })
    .from(weighingOrder)
    .where(
      and(
        await scopeOf(c.db, c.user, weighingOrder, c.code),
        completed,
        eq(weighingOrder.orderType, type),
        gte(weighingOrder.completeTime, dayStart(c.today, c.tz) as never),
        sql`${dayOf(weighingOrder.completeTime, c.tz)} = ${c.today}::date`,
      ),
    );
  return what === 'net' ? kg3(r?.v) : yuan2(r?.v);
}

async function openArap(c: Ctx, side: 'ar' | 'ap'): Promise<string> {
  const [r] = await c.db
    .select({ v: sql<string>`coalesce(sum(${arDoc.amount} - ${arDoc.settled}), 0)` })
    .from(arDoc)
    .where(
      and(
        await scopeOf(c.db, c.user, arDoc, c.code),
        eq(arDoc.side, side),
        eq(arDoc.state, 'reviewed'),
        lte(arDoc.docDate, c.today),
      ),
    );
  return yuan2(r?.v);
}

/** The query of every metric (a Record over the names: a metric without a query does not compile). */
const QUERIES: Record<MetricName, (c: Ctx) => Promise<string>> = {
  purchaseAmountToday: async (c) =>
    yuan2(sumOf(await tradeByDay(c.db, c.user, 'purchase', c.today, c.today, c.code), 'amount')),
  purchaseAmountMonth: async (c) =>
    yuan2(sumOf(await tradeByDay(c.db, c.user, 'purchase', c.monthStart, c.today, c.code), 'amount')),
  purchaseNetToday: async (c) =>
    kg3(sumOf(await tradeByDay(c.db, c.user, 'purchase', c.today, c.today, c.code), 'qty')),
  saleAmountToday: async (c) =>
    yuan2(sumOf(await tradeByDay(c.db, c.user, 'sale', c.today, c.today, c.code), 'amount')),
  saleAmountMonth: async (c) =>
    yuan2(sumOf(await tradeByDay(c.db, c.user, 'sale', c.monthStart, c.today, c.code), 'amount')),
  saleNetToday: async (c) => kg3(sumOf(await tradeByDay(c.db, c.user, 'sale', c.today, c.today, c.code), 'qty')),
  weighInNetToday: (c) => weighToday(c, 'purchase', 'net'),
  weighInAmountToday: (c) => weighToday(c, 'purchase', 'amount'),
  weighOutNetToday: (c) => weighToday(c, 'sale', 'net'),
  receivablesOpen: (c) => openArap(c, 'ar'),
  payablesOpen: (c) => openArap(c, 'ap'),
};

/** The named metrics for this caller, in the order asked. */
export async function metricValues(
  db: Db,
  user: AuthUser,
  tz: string,
  names: readonly MetricName[],
): Promise<MetricValue[]> {
  const { today, monthStart } = businessDay(tz);
  const out: MetricValue[] = [];
  for (const name of names) {
    const def = METRICS[name];
    const visible = await hasAnyCode(db, user, [def.source, `${def.source}_view`]);
    out.push({
      name,
      label: def.label,
      definition: def.definition,
      unit: def.unit,
      value: visible ? await QUERIES[name]({ db, user, tz, today, monthStart, code: def.source }) : null,
    });
  }
  return out;
}

/** `names=a,b` → the names, refused (400, naming the unknown one) when one is not a metric. */
export function parseMetricNames(names: string): MetricName[] {
  const list = names.split(',').filter(Boolean);
  const bad = list.find((n) => !(METRIC_NAMES as string[]).includes(n));
  if (bad) throw badRequest(`指标名称「${bad}」不存在`);
  return list as MetricName[];
}

export function registerMetrics(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(METRIC_ENDPOINTS.values, async ({ user, query }) =>
    metricValues(db, user, tz, parseMetricNames(query.names)),
  );
}
