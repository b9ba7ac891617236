/**
 * 皮重档案 (issue 24, anti-cheat.contract.ts TARE_ARCHIVE): per vehicle (lg_car) the administrator's standard tare
 * and trailer / container tares with their expiry (izs_vehicle_tare), the registered maximum gross (lg_car), and
 * the last and average tares of the plate's completed weighings — the archive the capture's tare flag reads
 * (anti-cheat.ts archiveFor). Every set / remove is kept in izs_vehicle_tare_change (who, when, old → new) and
 * shown as the archive's 变更记录.
 */
import { and, sql } from 'drizzle-orm';
import { TARE_ARCHIVE, TARE_KINDS } from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { averageTare, referenceTare } from '../../../core/weighing/anti-cheat.ts';
import type { Db, Executor } from '../../db/client.ts';
import { lgCar } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { formatDateTime, today } from '../../platform/time.ts';
import { tareHistory, validTares } from './anti-cheat.ts';
import {
  carOf,
  carPage,
  countCars,
  insertTare,
  insertTareChange,
  lockTare,
  removeTare,
  setMaxGross,
  tareChanges,
  updateTare,
} from './tare-archive-repository.ts';

const KIND_NAMES: Record<string, string> = Object.fromEntries(TARE_KINDS.map((k) => [k.value, k.label]));

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
  const changes = await tareChanges(ex, user, car.id);
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

export function handleTareArchive(r: ReturnType<typeof endpoints>, ctx: CrudContext): void {
  r.handle(TARE_ARCHIVE.page, tarePage(ctx));
  r.handle(TARE_ARCHIVE.detail, async ({ query: q, user }) => archiveOf(ctx.db, user, ctx.tz, q.carId));
  r.handle(TARE_ARCHIVE.save, saveTare(ctx));
  r.handle(TARE_ARCHIVE.remove, removeTareOf(ctx));
  r.handle(TARE_ARCHIVE.maxGross, async ({ body: b, user, req }) => {
    await maxGrossTx(ctx.db, user, req, b.carId, b.maxGrossKg);
    return archiveOf(ctx.db, user, ctx.tz, b.carId);
  });
}

function tarePage({ db, tz }: CrudContext): Handler<typeof TARE_ARCHIVE.page> {
  return async ({ query: q, user }) => {
    const conds = [tenantOf(user, lgCar)];
    if (q.plate) conds.push(sql`upper(${lgCar.plate}) like ${`%${q.plate.toUpperCase()}%`}`);
    const where = and(...conds);
    const [total] = await countCars(db, where);
    const day = today(tz);
    const rows = await carPage(db, where, q);
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
  };
}

function saveTare({ db, tz }: CrudContext): Handler<typeof TARE_ARCHIVE.save> {
  return async ({ body: b, user, req }) => {
    const label = b.kind === 'vehicle' ? '' : b.label.toUpperCase();
    if (b.kind !== 'vehicle' && !label) throw badRequest(b.kind === 'trailer' ? '请输入挂车号' : '请输入集装箱号');
    await db.transaction(async (tx) => {
      await carOf(tx, user, b.carId);
      const [prev] = await lockTare(tx, user, b.carId, b.kind, label);
      const values = { tareKg: b.tareKg, validUntil: b.validUntil ?? null, remark: b.remark };
      if (prev) {
        await updateTare(tx, user, prev.id, values);
      } else {
        await insertTare(tx, user, values, { carId: b.carId, kind: b.kind, label });
      }
      const same =
        prev && String(prev.tareKg) === String(b.tareKg) && (prev.validUntil ?? null) === (b.validUntil ?? null);
      if (!same) {
        await insertTareChange(tx, {
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
  };
}

function removeTareOf({ db, tz }: CrudContext): Handler<typeof TARE_ARCHIVE.remove> {
  return async ({ body: b, user, req }) => {
    const carId = await db.transaction(async (tx) => {
      const [t] = await removeTare(tx, user, b.id);
      if (!t) throw badRequest('皮重不存在');
      await insertTareChange(tx, {
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
  };
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
    await setMaxGross(tx, user, carId, kg);
    await writeOperationLog(tx, req, '设置核定总质量', { maxGrossKg: [String(car.maxGrossKg), kg] });
  });
}
