/**
 * The rows of 皮重档案 (tare-archive.ts): the tenant's vehicle (lg_car) and its registered maximum gross, the
 * vehicle's tares (izs_vehicle_tare) and their change log (izs_vehicle_tare_change), the page of vehicles with
 * their standard tare and weighing history summed in sub-selects.
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { lgCar, user as userTable, vehicleTare, vehicleTareChange } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs, tenantOf } from '../../platform/scope.ts';

/** A vehicle of the caller's tenant; refused when there is none. */
export async function carOf(ex: Executor, user: AuthUser, carId: string) {
  const [car] = await ex
    .select({ id: lgCar.id, plate: lgCar.plate, maxGrossKg: lgCar.maxGrossKg })
    .from(lgCar)
    .where(and(eq(lgCar.id, carId), tenantOf(user, lgCar)));
  if (!car) throw badRequest('车辆不存在');
  return car;
}

/** The vehicle's last 50 tare changes, newest first, with who made them. */
export const tareChanges = (ex: Executor, user: AuthUser, carId: string) =>
  ex
    .select({
      id: vehicleTareChange.id,
      time: vehicleTareChange.changeTime,
      userName: sql<string | null>`coalesce(nullif(${userTable.realName}, ''), ${userTable.account})`,
      kind: vehicleTareChange.kind,
      label: vehicleTareChange.label,
      action: vehicleTareChange.action,
      oldTareKg: vehicleTareChange.oldTareKg,
      newTareKg: vehicleTareChange.newTareKg,
      oldValidUntil: vehicleTareChange.oldValidUntil,
      newValidUntil: vehicleTareChange.newValidUntil,
      remark: vehicleTareChange.remark,
    })
    .from(vehicleTareChange)
    .leftJoin(userTable, and(eq(userTable.id, vehicleTareChange.changeUser), tenantIs(user.tenantId, userTable)))
    .where(and(tenantOf(user, vehicleTareChange), eq(vehicleTareChange.carId, carId)))
    .orderBy(desc(vehicleTareChange.changeTime), desc(vehicleTareChange.id))
    .limit(50);

/** How many vehicles match. */
export const countCars = (db: Db, where: SQL | undefined) => db.select({ n: count() }).from(lgCar).where(where);

/** One page of vehicles by plate: the standard tare, trailers, the plate's completed weighings and their tares. */
export function carPage(db: Db, where: SQL | undefined, page: { current: number; size: number }) {
  // outer columns spelled out inside the sub-selects (an unqualified "id" would be the inner table's)
  const key = sql.raw(`upper(regexp_replace(lg_car.plate, '[[:space:]·.-]', '', 'g'))`);
  return db
    .select({
      carId: lgCar.id,
      plate: lgCar.plate,
      maxGrossKg: lgCar.maxGrossKg,
      standardTareKg: sql<
        string | null
      >`(select t.tare_kg::text from izs_vehicle_tare t where t.car_id = lg_car.id and t.is_deleted = 0 and t.kind = 'vehicle')`,
      standardValidUntil: sql<
        string | null
      >`(select t.valid_until from izs_vehicle_tare t where t.car_id = lg_car.id and t.is_deleted = 0 and t.kind = 'vehicle')`,
      trailerCount: sql<number>`(select count(*)::int from izs_vehicle_tare t where t.car_id = lg_car.id and t.is_deleted = 0 and t.kind <> 'vehicle')`,
      weighings: sql<number>`(select count(*)::int from izs_weighing_order o where o.tenant_id = lg_car.tenant_id and o.car_number = ${key} and o.weigh_state = 'completed' and o.is_deleted = 0)`,
      lastTareKg: sql<
        string | null
      >`(select o.tare_weight::text from izs_weighing_order o where o.tenant_id = lg_car.tenant_id and o.car_number = ${key} and o.weigh_state = 'completed' and o.is_deleted = 0 and o.trailer_no = '' order by o.complete_time desc limit 1)`,
      averageTareKg: sql<
        string | null
      >`(select round(avg(x.tare_weight), 3)::text from (select o.tare_weight from izs_weighing_order o where o.tenant_id = lg_car.tenant_id and o.car_number = ${key} and o.weigh_state = 'completed' and o.is_deleted = 0 and o.trailer_no = '' order by o.complete_time desc limit 20) x)`,
    })
    .from(lgCar)
    .where(where)
    .orderBy(asc(lgCar.plate))
    .limit(page.size)
    .offset((page.current - 1) * page.size);
}

/** The vehicle's tare of this kind and label, locked. */
export const lockTare = (tx: Tx, user: AuthUser, carId: string, kind: string, label: string) =>
  tx
    .select()
    .from(vehicleTare)
    .where(
      and(
        tenantOf(user, vehicleTare),
        eq(vehicleTare.carId, carId),
        eq(vehicleTare.kind, kind),
        eq(vehicleTare.label, label),
      ),
    )
    .for('update');

type TareValues = { tareKg: string; validUntil: string | null; remark: string };

/** A tare's new figures. */
export const updateTare = (tx: Tx, user: AuthUser, id: string, values: TareValues) =>
  tx
    .update(vehicleTare)
    .set({ ...values, updateUser: user.userId, updateTime: new Date() })
    .where(eq(vehicleTare.id, id));

/** A new tare of the vehicle. */
export const insertTare = (
  tx: Tx,
  user: AuthUser,
  values: TareValues,
  key: { carId: string; kind: string; label: string },
) =>
  tx.insert(vehicleTare).values({
    ...values,
    tenantId: user.tenantId,
    deptId: effectiveDept(user),
    createUser: user.userId,
    createDept: effectiveDept(user),
    updateUser: user.userId,
    carId: key.carId,
    kind: key.kind,
    label: key.label,
  });

/** One line of the change log (变更记录). */
export const insertTareChange = (tx: Tx, values: typeof vehicleTareChange.$inferInsert) =>
  tx.insert(vehicleTareChange).values(values);

/** Removes a tare of the caller's tenant (soft), answering the removed row. */
export const removeTare = (tx: Tx, user: AuthUser, id: string) =>
  tx
    .update(vehicleTare)
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() })
    .where(and(eq(vehicleTare.id, id), tenantOf(user, vehicleTare)))
    .returning();

/** The vehicle's registered maximum gross. */
export const setMaxGross = (tx: Tx, user: AuthUser, carId: string, kg: string) =>
  tx
    .update(lgCar)
    .set({ maxGrossKg: kg, updateUser: user.userId, updateTime: new Date() })
    .where(and(eq(lgCar.id, carId), tenantOf(user, lgCar)));
