/**
 * The anti-cheat of a capture (issue 24) on the server: the scale's settings, the vehicle's tare archive, the
 * plate's last completed weighing — read here — and the rules of core/weighing/anti-cheat.ts applied to them.
 * A refusal throws the 400 before anything is written; the flags open 异常过磅 rows (one per flag, with every
 * camera's photos, the plate read and the last 30 s of readings) in the capture's transaction, record the
 * weighing's step times, queue the open platform's `weighing.flagged` webhook event and chain a `flagged` record.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import {
  type AntiCheatConfig,
  averageTare,
  captureRefusal,
  DEFAULT_ANTI_CHEAT,
  type Flag,
  flagLabel,
  flagsOf,
  referenceTare,
  type ScaleSample,
  type TareArchive,
} from '../../../core/weighing/anti-cheat.ts';
import { DRIFT_WINDOW } from '../../../core/weighing/linearity.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  cameras,
  lgCar,
  vehicleTare,
  weighbridge,
  weighbridgeCalibration,
  weighException,
  weighingOrder,
  weighingStep,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Row } from '../../platform/crud/index.ts';
import { enqueueOpenEvent } from '../../platform/open-events.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOf, tenantOnly } from '../../platform/scope.ts';
import { formatDateTime, today } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { traceLinkOf } from '../../platform/trace-chain/link.ts';

/** What the lane saw at a capture (the capture body's fields). */
export interface LaneSeen {
  weight: string;
  manual: number;
  stable?: boolean;
  manualReason?: string;
  plateRead?: string;
  readings?: ScaleSample[];
  sensors?: { front: boolean; rear: boolean } | null;
  photos?: string[] | string;
}

export interface ScaleSettings {
  cfg: AntiCheatConfig;
  /** Cameras of the scale (a pass should bring one photo each). */
  cameras: number;
}

/** The anti-cheat settings of a weighbridge of the caller's tenant (400 when it is not one). */
export async function scaleSettings(
  ex: Executor,
  user: AuthUser,
  weighbridgeId: string | null,
): Promise<ScaleSettings> {
  if (!weighbridgeId) return { cfg: DEFAULT_ANTI_CHEAT, cameras: 0 };
  const [wb] = await ex
    .select()
    .from(weighbridge)
    .where(and(eq(weighbridge.id, weighbridgeId), tenantOf(user, weighbridge)));
  if (!wb) throw badRequest('地磅不存在');
  const [cams] = await ex
    .select({ n: count() })
    .from(cameras)
    .where(and(eq(cameras.weighbridgeId, weighbridgeId), tenantOf(user, cameras), eq(cameras.status, 1)));
  // the linearity profile: the 检定点 of its last calibration (none = no profile)
  const calibration = await ex
    .select({ referenceKg: weighbridgeCalibration.referenceKg, readingKg: weighbridgeCalibration.readingKg })
    .from(weighbridgeCalibration)
    .where(and(tenantOf(user, weighbridgeCalibration), eq(weighbridgeCalibration.weighbridgeId, weighbridgeId)))
    .orderBy(weighbridgeCalibration.referenceKg);
  return {
    cfg: {
      divisionKg: new Decimal(wb.divisionKg || '0').gt(0) ? String(wb.divisionKg) : DEFAULT_ANTI_CHEAT.divisionKg,
      // an empty threshold (null, 地磅管理's empty box) is the global default
      minWeightKg: String(wb.minWeightKg ?? DEFAULT_ANTI_CHEAT.minWeightKg),
      stableWindowMs: Math.max(1, wb.stableSeconds) * 1000,
      positionSensors: wb.positionSensors === 1,
      tareTolerancePct: String(wb.tareTolerancePct ?? DEFAULT_ANTI_CHEAT.tareTolerancePct),
      reweighMinutes: wb.reweighMinutes ?? DEFAULT_ANTI_CHEAT.reweighMinutes,
      stepDivisions: wb.stepDivisions ?? DEFAULT_ANTI_CHEAT.stepDivisions,
      checkPlate: wb.checkPlate === 1,
      checkPhotos: wb.checkPhotos === 1,
      checkMaxGross: wb.checkMaxGross === 1,
      // the scale's own settled-run window, else the global default (settledWindowMs)
      ...(wb.settledMs ? { settledMs: wb.settledMs } : {}),
      calibration: calibration.map((p) => ({ referenceKg: String(p.referenceKg), readingKg: String(p.readingKg) })),
      linearityTolKg: wb.linearityTolKg,
    },
    cameras: Number(cams?.n ?? 0),
  };
}

/** Refuses a capture the rules do not take (nothing is written yet). */
export function refuseCapture(b: LaneSeen, cfg: AntiCheatConfig): void {
  const why = captureRefusal(
    {
      weight: b.weight,
      manual: b.manual === 1,
      manualReason: b.manualReason,
      stable: b.stable,
      readings: b.readings,
      sensors: b.sensors,
    },
    cfg,
  );
  if (why) throw badRequest(why);
}

/** Plates compared without spaces or dots, upper case (as the weighing keeps them). */
const plateKey = (col: unknown) => sql`upper(regexp_replace(${col}, '[[:space:]·.-]', '', 'g'))`;

/** The vehicle (lg_car) of a plate in the caller's tenant, or null. */
export async function carOfPlate(ex: Executor, user: AuthUser, plate: string) {
  const [car] = await ex
    .select({ id: lgCar.id, plate: lgCar.plate, maxGrossKg: lgCar.maxGrossKg })
    .from(lgCar)
    .where(and(tenantOf(user, lgCar), sql`${plateKey(lgCar.plate)} = ${plate.toUpperCase()}`))
    .limit(1);
  return car ?? null;
}

/** The completed tares of a plate (and trailer), newest first. */
export async function tareHistory(ex: Executor, user: AuthUser, plate: string, trailerNo: string | null, limit = 20) {
  const conds = [
    tenantOf(user, weighingOrder),
    eq(weighingOrder.carNumber, plate.toUpperCase()),
    eq(weighingOrder.weighState, 'completed'),
    isNotNull(weighingOrder.tareWeight),
  ];
  if (trailerNo !== null) conds.push(eq(weighingOrder.trailerNo, trailerNo));
  return ex
    .select({
      id: weighingOrder.id,
      orderNo: weighingOrder.orderNo,
      tare: weighingOrder.tareWeight,
      gross: weighingOrder.grossWeight,
      time: weighingOrder.completeTime,
    })
    .from(weighingOrder)
    .where(and(...conds))
    .orderBy(desc(weighingOrder.completeTime))
    .limit(limit);
}

/** The administrator's tares of a vehicle that hold today (vehicle + the named trailer / container). */
export async function validTares(ex: Executor, user: AuthUser, carId: string, day: string) {
  const rows = await ex
    .select()
    .from(vehicleTare)
    .where(and(tenantOf(user, vehicleTare), eq(vehicleTare.carId, carId)));
  return rows.map((r) => ({ ...r, valid: !r.validUntil || r.validUntil >= day }));
}

/**
 * The archive the rules read for a plate: the valid standard tare (the vehicle's, plus the trailer's or the
 * container's when the trip names one — null unless every part has a valid tare), the last completed tares of the
 * same plate and trailer, and the registered maximum gross.
 */
export async function archiveFor(
  ex: Executor,
  user: AuthUser,
  tz: string,
  plate: string,
  trailerNo: string,
): Promise<TareArchive> {
  const car = await carOfPlate(ex, user, plate);
  let standard: string | null = null;
  if (car) {
    const tares = await validTares(ex, user, car.id, today(tz));
    const own = tares.find((t) => t.kind === 'vehicle' && t.valid);
    const trailer = trailerNo ? tares.find((t) => t.kind !== 'vehicle' && t.label === trailerNo && t.valid) : null;
    if (own && (!trailerNo || trailer)) {
      standard = new Decimal(own.tareKg)
        .plus(trailer?.tareKg ?? '0')
        .toDecimalPlaces(3)
        .toString();
    }
  }
  const recent = (await tareHistory(ex, user, plate, trailerNo, 3)).map((r) => String(r.tare));
  return { standard, recent, maxGross: car ? String(car.maxGrossKg) : '0' };
}

export { averageTare, referenceTare };

/** The plate's last completed weighing (for the quick re-weigh flag). */
async function lastCompleted(ex: Executor, user: AuthUser, plate: string, excludeId?: string) {
  const conds = [
    tenantOf(user, weighingOrder),
    eq(weighingOrder.carNumber, plate),
    eq(weighingOrder.weighState, 'completed'),
    isNotNull(weighingOrder.completeTime),
  ];
  if (excludeId) conds.push(ne(weighingOrder.id, excludeId));
  const [r] = await ex
    .select({ orderNo: weighingOrder.orderNo, at: weighingOrder.completeTime })
    .from(weighingOrder)
    .where(and(...conds))
    .orderBy(desc(weighingOrder.completeTime))
    .limit(1);
  return r?.at ? { orderNo: r.orderNo, at: r.at } : null;
}

const photoList = (p: string[] | string | undefined): string[] => {
  if (p === undefined) return [];
  if (Array.isArray(p)) return p.filter(Boolean);
  const t = p.trim();
  if (!t) return [];
  if (t.startsWith('[')) {
    try {
      const a = JSON.parse(t);
      return Array.isArray(a) ? a.map(String).filter(Boolean) : [];
    } catch {
      return [];
    }
  }
  return t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

/** The readings of the last 30 s before the newest (what an exception keeps). */
export function last30s(rs: ScaleSample[] | undefined): ScaleSample[] {
  if (!rs?.length) return [];
  const end = rs[rs.length - 1].t;
  return rs.filter((r) => r.t >= end - 30_000);
}

/** How far back the same-truck tare re-weighings of a scale are read (the drift check). */
const DRIFT_DAYS = 30;

/**
 * The recent same-truck tare re-weighings on a scale, newest first, `tare`'s own first (each tare − that truck's
 * (and trailer's) previous completed tare on the scale, kg) — what core/weighing/linearity.ts tareDrift reads.
 */
export async function tareRedrifts(
  ex: Executor,
  user: AuthUser,
  weighbridgeId: string,
  plate: string,
  trailerNo: string,
  tare: string,
  selfId: string,
): Promise<string[]> {
  const since = new Date(Date.now() - DRIFT_DAYS * 86_400_000);
  const done = and(
    tenantOf(user, weighingOrder),
    eq(weighingOrder.weighbridgeId, weighbridgeId),
    eq(weighingOrder.weighState, 'completed'),
    isNotNull(weighingOrder.tareWeight),
    isNotNull(weighingOrder.completeTime),
    gte(weighingOrder.completeTime, since),
    ne(weighingOrder.id, selfId),
  );
  const [prev] = await ex
    .select({ tare: weighingOrder.tareWeight })
    .from(weighingOrder)
    .where(and(done, eq(weighingOrder.carNumber, plate), eq(weighingOrder.trailerNo, trailerNo)))
    .orderBy(desc(weighingOrder.completeTime))
    .limit(1);
  const pairs = ex
    .select({
      d: sql<
        string | null
      >`${weighingOrder.tareWeight} - lag(${weighingOrder.tareWeight}) over (partition by ${weighingOrder.carNumber}, ${weighingOrder.trailerNo} order by ${weighingOrder.completeTime}, ${weighingOrder.id})`.as(
        'd',
      ),
      at: sql<Date>`${weighingOrder.completeTime}`.as('at'),
    })
    .from(weighingOrder)
    .where(done)
    .as('pairs');
  const past = await ex
    .select({ d: pairs.d })
    .from(pairs)
    .where(isNotNull(pairs.d))
    .orderBy(desc(pairs.at))
    .limit(DRIFT_WINDOW - 1);
  const own = prev?.tare ? [new Decimal(tare).minus(String(prev.tare)).toString()] : [];
  return [...own, ...past.map((r) => new Decimal(String(r.d)).toString())];
}

/** The flags of a pass (the row after the pass: plate, readings, both weights when the second pass is in). */
export async function flagsFor(
  ex: Executor,
  user: AuthUser,
  tz: string,
  pass: 'first' | 'second',
  row: Row,
  seen: LaneSeen,
  scale: ScaleSettings,
): Promise<Flag[]> {
  const plate = String(row.carNumber);
  const archive = await archiveFor(ex, user, tz, plate, String(row.trailerNo ?? ''));
  const tare =
    pass === 'second' && row.secondWeight !== null && row.secondWeight !== undefined
      ? Decimal.min(String(row.firstWeight), String(row.secondWeight)).toString()
      : undefined;
  return flagsOf(
    {
      pass,
      weight: seen.weight,
      tare,
      manual: seen.manual === 1,
      manualReason: seen.manualReason,
      plate,
      plateRead: seen.plateRead ?? '',
      photos: photoList(seen.photos).length,
      cameras: scale.cameras,
      readings: seen.readings ?? [],
      archive,
      lastCompleted: pass === 'first' ? await lastCompleted(ex, user, plate, String(row.id ?? '')) : null,
      now: new Date(),
      // the drift check: only a scale with a linearity profile, on the pass that knows the tare
      tareDrift:
        tare !== undefined && scale.cfg.calibration?.length && row.weighbridgeId
          ? await tareRedrifts(
              ex,
              user,
              String(row.weighbridgeId),
              plate,
              String(row.trailerNo ?? ''),
              tare,
              String(row.id ?? ''),
            )
          : undefined,
    },
    scale.cfg,
  );
}

/** Step times of a pass (the scale house's clock; the unattended lane adds the others). */
export async function recordSteps(
  tx: Tx,
  tenantId: string,
  weighingId: string,
  pass: 'first' | 'second',
  steps: [step: string, at: Date][],
): Promise<void> {
  if (!steps.length) return;
  await tx.insert(weighingStep).values(steps.map(([step, at]) => ({ tenantId, weighingId, pass, step, at })));
}

/** When the stable window the capture used began (the first of the trailing readings within a division). */
export function stableSince(rs: ScaleSample[] | undefined, divisionKg: string): Date | null {
  if (!rs?.length) return null;
  const last = rs[rs.length - 1];
  let since = last.t;
  for (let i = rs.length - 1; i >= 0; i--) {
    if (new Decimal(rs[i].v).minus(last.v).abs().gt(divisionKg)) break;
    since = rs[i].t;
  }
  return new Date(since);
}

/**
 * Opens one exception per flag for a weighing (in the capture's transaction) with what the lane saw, records the
 * step times (stable, captured, flagged), queues `weighing.flagged` and chains a `flagged` record.
 */
export async function openExceptions(
  tx: Tx,
  user: AuthUser,
  tz: string,
  row: Row,
  pass: 'first' | 'second',
  flags: Flag[],
  seen: LaneSeen,
  scale: ScaleSettings,
): Promise<void> {
  const tenantId = String(row.tenantId);
  const weighingId = String(row.id);
  const now = new Date();
  const stable = seen.manual === 1 ? null : stableSince(seen.readings, scale.cfg.divisionKg);
  await recordSteps(tx, tenantId, weighingId, pass, [
    ...(stable ? ([['stable', stable]] as [string, Date][]) : []),
    ['captured', now],
    ...(flags.length ? ([['flagged', now]] as [string, Date][]) : []),
  ]);
  if (!flags.length) return;
  const photos = JSON.stringify(photoList(seen.photos));
  const readings = JSON.stringify(last30s(seen.readings));
  await tx.insert(weighException).values(
    flags.map((f) => ({
      tenantId,
      deptId: (row.deptId as string | null) ?? null,
      createUser: user.userId,
      updateUser: user.userId,
      weighingId,
      weighbridgeId: (row.weighbridgeId as string | null) ?? null,
      pass,
      kind: f.kind,
      detail: f.detail.slice(0, 255),
      carNumber: String(row.carNumber),
      plateRead: (seen.plateRead ?? '').toUpperCase().slice(0, 16),
      weight: seen.weight,
      reference: f.reference ?? null,
      photos,
      readings,
      state: 'open',
    })),
  );
  const orderNo = String(row.orderNo);
  const fields = {
    orderNo,
    orderType: '磅单',
    event: '异常过磅',
    eventTime: formatDateTime(now, tz),
    carNumber: String(row.carNumber),
    plateRead: (seen.plateRead ?? '').toUpperCase(),
    pass: pass === 'first' ? '一次过磅' : '二次过磅',
    weight: seen.weight,
    flags: flags.map((f) => `${flagLabel(f.kind)}：${f.detail}`).join('；'),
  };
  await traceChain().append(tx, [{ tenantId, orderType: 'weighing', orderNo, event: 'flagged', fields }]);
  await enqueueOpenEvent(tx, tenantId, 'weighing.flagged', {
    orderType: 'weighing',
    orderNo,
    fields: { ...fields, kinds: flags.map((f) => f.kind).join(',') },
    tracePath: await traceLinkOf(tx, { tenantId, orderType: 'weighing', orderNo }),
  });
}

/** Open exceptions of a weighing. */
export async function openExceptionCount(ex: Executor, tenantId: string, weighingId: string): Promise<number> {
  const [r] = await ex
    .select({ n: count() })
    .from(weighException)
    .where(
      and(
        tenantIs(tenantId, weighException),
        eq(weighException.weighingId, weighingId),
        eq(weighException.state, 'open'),
      ),
    );
  return Number(r?.n ?? 0);
}

/** Refuses to complete a weighing held by an open exception. */
export async function refuseHeld(ex: Executor, tenantId: string, weighingId: string): Promise<void> {
  const n = await openExceptionCount(ex, tenantId, weighingId);
  if (n > 0) throw badRequest(`磅单有${n}条未处理的异常过磅，需主管放行后才能完成`);
}

/** Marks every open exception of a weighing (release or void by a supervisor). */
export async function resolveExceptions(
  tx: Tx,
  user: AuthUser,
  weighingId: string,
  state: 'released' | 'voided',
  note: string,
): Promise<number> {
  const done = await tx
    .update(weighException)
    .set({
      state,
      resolveUser: user.userId,
      resolveTime: new Date(),
      resolveNote: note,
      updateUser: user.userId,
      updateTime: new Date(),
    })
    .where(
      and(
        tenantOnly(user, weighException),
        eq(weighException.weighingId, weighingId),
        eq(weighException.state, 'open'),
      ),
    )
    .returning({ id: weighException.id });
  return done.length;
}
