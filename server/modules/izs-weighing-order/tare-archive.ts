/**
 * 皮重档案 (issue 24, anti-cheat.contract.ts TARE_ARCHIVE): per vehicle (lg_car) the administrator's standard tare
 * and trailer / container tares with their expiry (izs_vehicle_tare), the registered maximum gross (lg_car), and
 * the last and average tares of the plate's completed weighings — the archive the capture's tare flag reads
 * (anti-cheat.ts archiveFor). Every set / remove is kept in izs_vehicle_tare_change (who, when, old → new) and
 * shown as the archive's 变更记录.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { TARE_ARCHIVE, TARE_KINDS } from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { averageTare, referenceTare } from '../../../core/weighing/anti-cheat.ts';
import type { Db, Executor } from '../../db/client.ts';
import { lgCar, user as userTable, vehicleTare, vehicleTareChange } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs, tenantOf } from '../../platform/scope.ts';
import { formatDateTime, today } from '../../platform/time.ts';
import { tareHistory, validTares } from './anti-cheat.ts';

const KIND_NAMES: Record<string, string> = Object.fromEntries(TARE_KINDS.map((k) => [k.value, k.label]));

async function carOf(ex: Executor, user: AuthUser, carId: string) {
  const [car] = await ex
    .select({ id: lgCar.id, plate: lgCar.plate, maxGrossKg: lgCar.maxGrossKg })
    .from(lgCar)
    .where(and(eq(lgCar.id, carId), tenantOf(user, lgCar)));
  if (!car) throw badRequest('车辆不存在');
  return car;
}

/** One vehicle's archive as the screen shows it. */
export async function archiveOf(ex: Executor, user: AuthUser, tz: string, carId: string) {
  const car = await carOf(ex, user, carId);
  const day = today(tz);
  const tares = (await validTares(ex, user, car.id, day)).sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label),
  );
  const plate = car.plate.replace(/[\s·•.-]/g, '').toUpperCase();
  // the vehicle alone (no trailer): the history the standard tare compares with
  const history = await tareHistory(ex, user, plate, '', 20);
  const recent = history.map((h) => String(h.tare));
  const own = tares.find((t) => t.kind === 'vehicle' && t.valid);
  const changes = await ex
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
    .where(and(tenantOf(user, vehicleTareChange), eq(vehicleTareChange.carId, car.id)))
    .orderBy(desc(vehicleTareChange.changeTime), desc(vehicleTareChange.id))
    .limit(50);
  return {
    carId: car.id,
    plate: car.plate,
    maxGrossKg: String(car.maxGrossKg),
    tares: tares.map((t) => ({
      id: t.id,
      kind: t.kind,
      kindName: KIND_NAMES[t.kind] ?? t.kind,
      label: t.label,
      tareKg: String(t.tareKg),
      validUntil: t.validUntil,
      valid: t.valid,
      remark: t.remark,
      updateTime: formatDateTime(t.updateTime, tz),
    })),
    history: history.map((h) => ({
      orderNo: h.orderNo,
      tareKg: String(h.tare),
      grossKg: String(h.gross ?? ''),
      time: formatDateTime(h.time, tz),
    })),
    lastTareKg: recent[0] ?? null,
    averageTareKg: averageTare(recent),
    referenceTareKg: referenceTare({ standard: own ? String(own.tareKg) : null, recent }),
    changes: changes.map((c) => ({
      id: String(c.id),
      time: formatDateTime(c.time, tz),
      userName: c.userName ?? '',
      kind: c.kind,
      kindName: KIND_NAMES[c.kind] ?? c.kind,
      label: c.label,
      action: c.action,
      oldTareKg: c.oldTareKg === null ? null : String(c.oldTareKg),
      newTareKg: c.newTareKg === null ? null : String(c.newTareKg),
      oldValidUntil: c.oldValidUntil,
      newValidUntil: c.newValidUntil,
      remark: c.remark,
    })),
  };
}

export function handleTareArchive(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  r.handle(TARE_ARCHIVE.page, async ({ query: q, user }) => {
    const conds = [tenantOf(user, lgCar)];
    if (q.plate) conds.push(sql`upper(${lgCar.plate}) like ${`%${q.plate.toUpperCase()}%`}`);
    const where = and(...conds);
    const [total] = await db.select({ n: count() }).from(lgCar).where(where);
    const day = today(tz);
    // outer columns spelled out inside the sub-selects (an unqualified "id" would be the inner table's)
    const key = sql.raw(`upper(regexp_replace(lg_car.plate, '[[:space:]·.-]', '', 'g'))`);
    const rows = await db
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
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    return {
      total: Number(total?.n ?? 0),
      records: rows.map((x) => ({
        ...x,
        maxGrossKg: String(x.maxGrossKg),
        trailerCount: Number(x.trailerCount),
        weighings: Number(x.weighings),
        standardValid: !!x.standardTareKg && (!x.standardValidUntil || x.standardValidUntil >= day),
      })),
    };
  });

  r.handle(TARE_ARCHIVE.detail, async ({ query: q, user }) => archiveOf(db, user, tz, q.carId));

  r.handle(TARE_ARCHIVE.save, async ({ body: b, user, req }) => {
    const label = b.kind === 'vehicle' ? '' : b.label.toUpperCase();
    if (b.kind !== 'vehicle' && !label) throw badRequest(b.kind === 'trailer' ? '请输入挂车号' : '请输入集装箱号');
    await db.transaction(async (tx) => {
      await carOf(tx, user, b.carId);
      const [prev] = await tx
        .select()
        .from(vehicleTare)
        .where(
          and(
            tenantOf(user, vehicleTare),
            eq(vehicleTare.carId, b.carId),
            eq(vehicleTare.kind, b.kind),
            eq(vehicleTare.label, label),
          ),
        )
        .for('update');
      const values = { tareKg: b.tareKg, validUntil: b.validUntil ?? null, remark: b.remark };
      if (prev) {
        await tx
          .update(vehicleTare)
          .set({ ...values, updateUser: user.userId, updateTime: new Date() })
          .where(eq(vehicleTare.id, prev.id));
      } else {
        await tx.insert(vehicleTare).values({
          ...values,
          tenantId: user.tenantId,
          deptId: effectiveDept(user),
          createUser: user.userId,
          createDept: effectiveDept(user),
          updateUser: user.userId,
          carId: b.carId,
          kind: b.kind,
          label,
        });
      }
      const same =
        prev && String(prev.tareKg) === String(b.tareKg) && (prev.validUntil ?? null) === (b.validUntil ?? null);
      if (!same) {
        await tx.insert(vehicleTareChange).values({
          tenantId: user.tenantId,
          carId: b.carId,
          kind: b.kind,
          label,
          action: 'set',
          oldTareKg: prev ? String(prev.tareKg) : null,
          newTareKg: b.tareKg,
          oldValidUntil: prev?.validUntil ?? null,
          newValidUntil: b.validUntil ?? null,
          remark: b.remark,
          changeUser: user.userId,
        });
      }
      await writeOperationLog(tx, req, '设置皮重档案', {
        [`${b.kind}${label ? `:${label}` : ''}`]: [prev ? String(prev.tareKg) : null, b.tareKg],
        validUntil: [prev?.validUntil ?? null, b.validUntil ?? null],
      });
    });
    return archiveOf(db, user, tz, b.carId);
  });

  r.handle(TARE_ARCHIVE.remove, async ({ body: b, user, req }) => {
    const carId = await db.transaction(async (tx) => {
      const [t] = await tx
        .update(vehicleTare)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() })
        .where(and(eq(vehicleTare.id, b.id), tenantOf(user, vehicleTare)))
        .returning();
      if (!t) throw badRequest('皮重不存在');
      await tx.insert(vehicleTareChange).values({
        tenantId: user.tenantId,
        carId: t.carId,
        kind: t.kind,
        label: t.label,
        action: 'remove',
        oldTareKg: String(t.tareKg),
        newTareKg: null,
        oldValidUntil: t.validUntil,
        newValidUntil: null,
        changeUser: user.userId,
      });
      await writeOperationLog(tx, req, '删除皮重档案', { [t.kind]: [String(t.tareKg), null] });
      return t.carId;
    });
    return archiveOf(db, user, tz, carId);
  });

  r.handle(TARE_ARCHIVE.maxGross, async ({ body: b, user, req }) => {
    await maxGrossTx(db, user, req, b.carId, b.maxGrossKg);
    return archiveOf(db, user, tz, b.carId);
  });
}

async function maxGrossTx(
  db: Db,
  user: AuthUser,
  req: Parameters<typeof writeOperationLog>[1],
  carId: string,
  kg: string,
) {
  await db.transaction(async (tx) => {
    const car = await carOf(tx, user, carId);
    await tx
      .update(lgCar)
      .set({ maxGrossKg: kg, updateUser: user.userId, updateTime: new Date() })
      .where(and(eq(lgCar.id, carId), tenantOf(user, lgCar)));
    await writeOperationLog(tx, req, '设置核定总质量', { maxGrossKg: [String(car.maxGrossKg), kg] });
  });
}
