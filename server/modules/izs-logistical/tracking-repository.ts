/**
 * The queries of the tracking routes (tracking.ts): the live list, a trip's times, a car's plate, a track's
 * positions, the alarms (page, counts, 确认, 处理) and a driver's cars and orders. The ingest endpoints write through
 * the `Ingestor` (ingest.ts), not here.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lgAlarm, lgCar, lgOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf, tenantOnly } from '../../platform/scope.ts';

type Rows<T> = { rows: T[] };

/** Each car in scope with its last position, its open order (派车 / 在途) and its driver. */
export async function liveRows(db: Db, scope: SQL | undefined, plate: string | undefined) {
  return (await db.execute(sql`
      select lg_car.id, lg_car.plate, coalesce(g.name, '') as group_name,
             p.lon, p.lat, p.speed, p.direction, p.time,
             o.id as order_id, o.order_no, o.state, o.material_name,
             coalesce(so.name, '') as origin_name, coalesce(sd.name, '') as dest_name,
             coalesce(d.name, '') as driver_name, coalesce(d.phone, '') as driver_phone
      from lg_car
      left join lg_car_group g on g.id = lg_car.group_id
      left join lateral (select lon, lat, speed, direction, time from lg_position
                         where car_id = lg_car.id order by time desc limit 1) p on true
      left join lateral (select * from lg_order x where x.car_id = lg_car.id and x.is_deleted = 0
                         and x.state in ('dispatched', 'in_transit') order by x.create_time desc limit 1) o on true
      left join lg_site so on so.id = o.origin_site_id
      left join lg_site sd on sd.id = o.dest_site_id
      left join lg_driver d on d.id = coalesce(o.driver_id, lg_car.driver_id)
      where ${scope} ${plate ? sql`and lg_car.plate ilike ${`%${plate}%`}` : sql``}
      order by lg_car.plate`)) as unknown as Rows<Record<string, unknown>>;
}

/** A transport order's car and times (start, dispatch, delivery), the tenant's only. */
export async function orderTrip(db: Db, user: AuthUser, orderId: string) {
  const [o] = await db
    .select({
      carId: lgOrder.carId,
      start: lgOrder.startTime,
      dispatch: lgOrder.dispatchTime,
      end: lgOrder.deliverTime,
    })
    .from(lgOrder)
    .where(and(eq(lgOrder.id, orderId), tenantOnly(user, lgOrder)));
  return o;
}

export async function carPlate(db: Db, carId: string, scope: SQL | undefined) {
  const [car] = await db
    .select({ plate: lgCar.plate })
    .from(lgCar)
    .where(and(eq(lgCar.id, carId), scope));
  return car;
}

/** A car's positions in [from, to) (ms), in time order. */
export async function positionsBetween(db: Db, carId: string, from: number, to: number) {
  return (await db.execute(sql`select time, lon, lat, speed, direction, late from lg_position
      where car_id = ${carId} and time >= ${new Date(from)} and time < ${new Date(to)} order by time`)) as unknown as Rows<{
    time: string | Date;
    lon: number;
    lat: number;
    speed: number;
    direction: number;
    late: number;
  }>;
}

const alarmSelect = {
  id: lgAlarm.id,
  carId: lgAlarm.carId,
  plate: sql<string>`coalesce((select c.plate from lg_car c where c.id = ${lgAlarm.carId}), '')`,
  type: lgAlarm.type,
  time: lgAlarm.time,
  lon: lgAlarm.lon,
  lat: lgAlarm.lat,
  speed: lgAlarm.speed,
  detail: lgAlarm.detail,
  handleState: lgAlarm.handleState,
  ackTime: lgAlarm.ackTime,
  handleTime: lgAlarm.handleTime,
  handleNote: lgAlarm.handleNote,
  handlerName: sql<string>`coalesce((select u.real_name from blade_user u where u.id = coalesce(${lgAlarm.handleUser}, ${lgAlarm.ackUser})), '')`,
};

/** Alarms, newest first (a query: it runs when awaited). */
export const selectAlarms = (db: Db, where: SQL | undefined, limit: number, offset: number) =>
  db
    .select(alarmSelect)
    .from(lgAlarm)
    .where(where)
    .orderBy(desc(lgAlarm.time), desc(lgAlarm.id))
    .limit(limit)
    .offset(offset);

export type AlarmSelected = Awaited<ReturnType<typeof selectAlarms>>[number];

export const countAlarms = (db: Db, where: SQL | undefined) =>
  db.select({ n: sql<number>`count(*)::int` }).from(lgAlarm).where(where);

/** Alarms in scope not yet 确认. */
export const countOpenAlarms = (db: Db, scope: SQL | undefined) =>
  db
    .select({ open: sql<number>`count(*)::int` })
    .from(lgAlarm)
    .where(and(scope, eq(lgAlarm.handleState, 0)));

/** 确认 the open ones among `ids` (in scope). */
export async function ackOpenAlarms(db: Db, scope: SQL | undefined, userId: string, ids: string[]) {
  return db
    .update(lgAlarm)
    .set({ handleState: 1, ackUser: userId, ackTime: new Date() })
    .where(
      and(
        scope,
        eq(lgAlarm.handleState, 0),
        sql`${lgAlarm.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: lgAlarm.id });
}

/** 处理 one alarm not yet handled (in scope); 确认 too when it was not. */
export async function markHandled(db: Db, scope: SQL | undefined, userId: string, id: string, note: string) {
  const now = new Date();
  return db
    .update(lgAlarm)
    .set({
      handleState: 2,
      handleUser: userId,
      handleTime: now,
      handleNote: note,
      ackUser: sql`coalesce(${lgAlarm.ackUser}, ${userId})`,
      ackTime: sql`coalesce(${lgAlarm.ackTime}, ${now})`,
    })
    .where(and(scope, eq(lgAlarm.id, id), sql`${lgAlarm.handleState} < 2`))
    .returning({ id: lgAlarm.id });
}

export async function carsOfDriver(db: Db, user: AuthUser, driverId: string) {
  return db
    .select({ id: lgCar.id, plate: lgCar.plate })
    .from(lgCar)
    .where(and(eq(lgCar.driverId, driverId), tenantOf(user, lgCar)));
}

/** A driver's transport orders, newest first, with the route's site names. */
export async function ordersOfDriver(db: Db, tenantId: string, driverId: string) {
  return (await db.execute(sql`select o.id, o.order_no, o.state, o.material_name, o.deliver_time, o.plan_time,
        coalesce(so.name, '') || ' → ' || coalesce(sd.name, '') as route
      from lg_order o left join lg_site so on so.id = o.origin_site_id left join lg_site sd on sd.id = o.dest_site_id
      where o.driver_id = ${driverId} and o.tenant_id = ${tenantId} and o.is_deleted = 0
      order by o.create_time desc`)) as unknown as Rows<Record<string, unknown>>;
}
