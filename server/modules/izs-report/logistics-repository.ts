/**
 * The queries of the 物流报表 (logistics.ts): delivered orders per key, alarms per key (per car: every alarm of the
 * car; per driver / carrier: those raised during their orders), and the cars' plates or drivers' names.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { LogisticsQuery } from '../../../core/contract/izs-report/report.contract.ts';
import { type Db, rows } from '../../db/client.ts';
import { lgAlarm, lgCar, lgDriver, lgOrder } from '../../db/schema/index.ts';

/** Trips, tonnage, freight and on-time counts of the delivered orders per `key`. */
export async function tripsBy(db: Db, key: SQL, delivered: SQL | undefined) {
  return db
    .select({
      key: sql<string>`${key}`,
      carrier: sql<string>`max(${lgOrder.carrierName})`,
      trips: sql<number>`count(*)::int`,
      tonnage: sql<string>`coalesce(sum(${lgOrder.deliveredWeightT}), 0)::text`,
      freight: sql<string>`coalesce(sum(${lgOrder.freightAmount}), 0)::text`,
      onTime: sql<number>`count(*) filter (where ${lgOrder.deliverTime} <= ${lgOrder.planTime})::int`,
      judged: sql<number>`count(${lgOrder.planTime})::int`,
    })
    .from(lgOrder)
    .where(delivered)
    .groupBy(sql`1`);
}

/** Alarms in the period per car, or per `key` of the delivered order they were raised during. */
export async function alarmsBy(
  db: Db,
  groupBy: LogisticsQuery['groupBy'],
  key: SQL,
  alarmScope: SQL | undefined,
  alarmInPeriod: SQL,
  delivered: SQL | undefined,
) {
  return groupBy === 'car'
    ? await db
        .select({ key: sql<string>`${lgAlarm.carId}::text`, n: sql<number>`count(*)::int` })
        .from(lgAlarm)
        .where(and(alarmScope, alarmInPeriod))
        .groupBy(lgAlarm.carId)
    : await db
        .select({
          key: sql<string>`${key}`,
          carrier: sql<string>`max(${lgOrder.carrierName})`,
          n: sql<number>`count(*)::int`,
        })
        .from(lgAlarm)
        .innerJoin(
          lgOrder,
          and(
            eq(lgOrder.carId, lgAlarm.carId),
            sql`${lgAlarm.time} >= coalesce(${lgOrder.startTime}, ${lgOrder.dispatchTime})`,
            sql`${lgAlarm.time} <= ${lgOrder.deliverTime}`,
          ),
        )
        .where(and(alarmScope, alarmInPeriod, delivered))
        .groupBy(sql`1`);
}

/** The plates (per car) or names (per driver) of `ids`. */
export async function carOrDriverLabels(db: Db, tenantId: string, groupBy: 'car' | 'driver', ids: string[]) {
  const t = groupBy === 'car' ? lgCar : lgDriver;
  const name = groupBy === 'car' ? lgCar.plate : lgDriver.name;
  return rows<{ id: string; label: string }>(
    db,
    sql`select ${t.id}::text as id, ${name} as label from ${t} where ${t.tenantId} = ${tenantId} and ${t.id} in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
