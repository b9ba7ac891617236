/**
 * 物流报表 (issue 13; descriptor REPORT_ENDPOINTS.logistics): transport orders of izs-logistical delivered (送达 time
 * in the period, TZ days; states 已送达 / 已签收) grouped by car, driver or carrier — trips, delivered tonnage,
 * freight, on time (送达 ≤ 计划到达) with the rate, and alarms raised in the period: per car every alarm of the car,
 * per driver / carrier the alarms raised during their orders (发车 … 送达). Data scope: the orders' and alarms'
 * departments under the report's menu.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LogisticsQuery, LogisticsRow } from '../../../core/contract/izs-report/report.contract.ts';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import { moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import { lgAlarm, lgOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { D, dayStart, pct2, yuan2 } from '../izs-visual/common.ts';
import { alarmsBy, carOrDriverLabels, tripsBy } from './logistics-repository.ts';

const CODE = 'statement_analysis_logistics_statement';

const keyOf = (g: LogisticsQuery['groupBy']) =>
  g === 'car'
    ? sql`coalesce(${lgOrder.carId}::text, '')`
    : g === 'driver'
      ? sql`coalesce(${lgOrder.driverId}::text, '')`
      : sql`coalesce(${lgOrder.carrierId}::text, 'name:' || ${lgOrder.carrierName})`;

export async function logisticsStatement(db: Db, user: AuthUser, q: LogisticsQuery, tz: string) {
  const from = dayStart(q.beginDate, tz);
  const to = sql`(${dayStart(q.endDate, tz)} + interval '1 day')`;
  const orderScope = await scopeOf(db, user, lgOrder, CODE);
  const delivered = and(
    orderScope,
    eq(lgOrder.isDeleted, 0),
    sql`${lgOrder.state} in ('delivered', 'signed')`,
    sql`${lgOrder.deliverTime} >= ${from} and ${lgOrder.deliverTime} < ${to}`,
  );
  const key = keyOf(q.groupBy);
  const trips = await tripsBy(db, key, delivered);

  const alarmScope = await scopeOf(db, user, lgAlarm, CODE);
  const alarmInPeriod = sql`${lgAlarm.time} >= ${from} and ${lgAlarm.time} < ${to}`;
  const alarms = await alarmsBy(db, q.groupBy, key, alarmScope, alarmInPeriod, delivered);

  // labels
  const ids = [...new Set([...trips, ...alarms].map((r) => r.key).filter((k) => /^\d+$/.test(k)))];
  const labels = new Map<string, string>();
  if (ids.length && q.groupBy !== 'carrier') {
    const found = await carOrDriverLabels(db, user.tenantId, q.groupBy, ids);
    for (const f of found) labels.set(f.id, f.label);
  }
  for (const r of [...trips, ...alarms])
    if ('carrier' in r && q.groupBy === 'carrier') labels.set(r.key, r.carrier || '（未指定承运商）');

  return statementRows(q.groupBy, labels, trips, alarms);
}

/** One row per key (trips, tonnage, freight, on time, alarms), most trips first, and the total. */
function statementRows(
  groupBy: LogisticsQuery['groupBy'],
  labels: Map<string, string>,
  trips: Awaited<ReturnType<typeof tripsBy>>,
  alarms: { key: string; n: number }[],
) {
  const acc = new Map<string, LogisticsRow>();
  const blank = (k: string): LogisticsRow => ({
    key: k,
    label: labels.get(k) ?? (k === '' ? (groupBy === 'car' ? '（未派车）' : '（未指定）') : k),
    trips: 0,
    tonnageT: '0.000',
    freight: '0.00',
    onTime: 0,
    judged: 0,
    onTimeRate: '',
    alarms: 0,
  });
  for (const t of trips)
    acc.set(t.key, {
      ...blank(t.key),
      trips: t.trips,
      tonnageT: weightFixed(D(t.tonnage)),
      freight: yuan2(t.freight),
      onTime: t.onTime,
      judged: t.judged,
      onTimeRate: pct2(t.onTime, t.judged),
    });
  for (const a of alarms) {
    const row = acc.get(a.key) ?? blank(a.key);
    row.alarms += a.n;
    acc.set(a.key, row);
  }
  const list = [...acc.values()].sort((a, b) => b.trips - a.trips || a.label.localeCompare(b.label));
  const total = list.reduce(
    (t, r) => ({
      ...t,
      trips: t.trips + r.trips,
      tonnageT: weightFixed(D(t.tonnageT).plus(r.tonnageT)),
      freight: moneyFixed(D(t.freight).plus(r.freight)),
      onTime: t.onTime + r.onTime,
      judged: t.judged + r.judged,
      alarms: t.alarms + r.alarms,
    }),
    { ...blank('total'), label: '合计' },
  );
  total.onTimeRate = pct2(total.onTime, total.judged);
  return { rows: list, total };
}

export function registerLogisticsReport(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.logistics, ({ user, query }) => logisticsStatement(db, user, query, tz));
}
