/**
 * Position ingest: one path for the JT/T 808 gateway and the phone apps. A batch is checked point by point
 * (known terminal, GNSS fix, not from the future, not older than GPS_MAX_AGE_DAYS), stored in one INSERT keyed
 * (car_id, time) — a re-sent position is stored once — and only then answered, so the gateway acknowledges
 * (0x8001) exactly what is stored. Stored points are pushed to the tenant's /topic/vehicle subscribers (one message
 * per batch: an array of positions) and run
 * through the alarm rules (core/logistics/alarms.ts); raised alarms are stored and pushed to /topic/alarm.
 * Refusals are logged (lg_ingest_reject + the app log), never stored as positions.
 *
 * Alarm state lives in this process (one server per database in the embedded mode; with several processes on
 * PostgreSQL, route a vehicle's gateway traffic to one of them).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmRow, PositionPush } from '../../../core/contract/izs-logistical/tracking.contract.ts';
import { LG_TOPICS } from '../../../core/contract/izs-logistical/tracking.contract.ts';
import {
  type AlarmRules,
  DEFAULT_RULES,
  evaluate,
  type Fence,
  initialAlarmState,
  offlineDue,
  prepareFences,
  type RaisedAlarm,
  type VehicleAlarmState,
} from '../../../core/logistics/alarms.ts';
import type { LonLat } from '../../../core/logistics/geo.ts';
import type { Db } from '../../db/client.ts';
import { lgAlarm, lgCar, lgIngestReject, lgOrder, lgPosition, lgSite } from '../../db/schema/index.ts';
import { tenantIs } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { LgBroker } from './socket.ts';

/** A report may be at most this far ahead of the server clock (terminal clocks drift a little). */
export const FUTURE_TOLERANCE_MS = 120_000;
/**
 * Reports older than this are refused (位置时间早于N天): `GPS_MAX_AGE_DAYS`, default 365 — the retention of
 * retention.ts, which keeps positions at least this long. A terminal leaving a dead zone after weeks still delivers
 * its backlog.
 */
export function maxAgeDays(): number {
  const v = Number(process.env.GPS_MAX_AGE_DAYS);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : 365;
}
/**
 * A report this much older than the server clock (or older than the car's last report, or from a 0x0704 盲区补报
 * batch) is 补传: stored as history, not pushed as the live position, not run through the alarm rules (an overspeed
 * of last week is not an alarm now, and an old point must not move the car on the map).
 */
export const LATE_AFTER_MS = 10 * 60_000;

export interface IngestPoint {
  time: number;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  altitude?: number;
  alarmBits?: number;
  located?: boolean;
  mileageKm?: number;
  crs?: 'wgs84' | 'gcj02';
  /** sent as 补报 (0x0704 type 1) */
  late?: boolean;
}

interface CarInfo {
  carId: string;
  tenantId: string;
  deptId: string | null;
  plate: string;
  token: string;
  speedLimitKmh: number;
}

export class Ingestor {
  private cars = new Map<string, CarInfo | null>();
  private carsAt = new Map<string, number>();
  private states = new Map<string, VehicleAlarmState>();
  private fences = new Map<string, { at: number; list: ReturnType<typeof prepareFences> }>();
  private routes = new Map<string, { at: number; route: LonLat[] | null }>();
  /** carId → last report time (ms) and whether it was flagged offline */
  readonly lastSeen = new Map<string, { time: number; tenantId: string; offline: boolean }>();
  rules: AlarmRules = DEFAULT_RULES;

  constructor(
    private readonly db: Db,
    private readonly broker: LgBroker | null,
    private readonly log: FastifyBaseLogger,
    private readonly tz: string,
  ) {}

  /** The car of a terminal / device id (cached 30 s; unknown ones 5 s). */
  async carOf(deviceId: string): Promise<CarInfo | null> {
    const at = this.carsAt.get(deviceId) ?? 0;
    const hit = this.cars.get(deviceId);
    const ttl = hit ? 30_000 : 5_000;
    if (hit !== undefined && Date.now() - at < ttl) return hit;
    const r = await this.db
      .select({
        carId: lgCar.id,
        tenantId: lgCar.tenantId,
        deptId: lgCar.deptId,
        plate: lgCar.plate,
        token: lgCar.deviceToken,
        speedLimitKmh: lgCar.speedLimitKmh,
      })
      .from(lgCar)
      .where(and(eq(lgCar.gpsDeviceId, deviceId), eq(lgCar.isDeleted, 0)))
      .limit(1);
    const info = r[0] ?? null;
    this.cars.set(deviceId, info);
    this.carsAt.set(deviceId, Date.now());
    return info;
  }

  forget(): void {
    this.cars.clear();
    this.fences.clear();
    this.routes.clear();
  }

  async reject(source: string, terminal: string, reason: string, raw = ''): Promise<void> {
    this.log.warn({ source, terminal, reason }, `位置上报被拒收：${reason}`);
    await this.db.insert(lgIngestReject).values({ source, terminal, reason, raw: raw.slice(0, 8192) });
  }

  /** Checks, stores, pushes and evaluates; answers per point (same order). */
  async ingest(
    source: 'jt808' | 'app',
    items: { device: string; point: IngestPoint }[],
    now = Date.now(),
  ): Promise<{ ok: boolean; msg?: string }[]> {
    const results: { ok: boolean; msg?: string }[] = [];
    const rows: (typeof lgPosition.$inferInsert)[] = [];
    const accepted: { car: CarInfo; point: IngestPoint }[] = [];
    const maxAgeMs = maxAgeDays() * 86_400_000;
    for (const { device, point } of items) {
      const car = await this.carOf(device);
      let msg: string | undefined;
      if (!car) msg = '未知终端';
      else if (point.located === false) msg = '未定位';
      else if (!Number.isFinite(point.time)) msg = '时间格式不正确';
      else if (point.time > now + FUTURE_TOLERANCE_MS) msg = '位置时间晚于服务器时间';
      else if (point.time < now - maxAgeMs) msg = `位置时间早于${maxAgeDays()}天`;
      if (msg) {
        results.push({ ok: false, msg });
        await this.reject(source, device, msg, JSON.stringify(point));
        continue;
      }
      results.push({ ok: true });
      const seen = this.lastSeen.get(car!.carId);
      const late = !!point.late || point.time < now - LATE_AFTER_MS || (!!seen && point.time < seen.time);
      if (!late) accepted.push({ car: car!, point });
      rows.push({
        carId: car!.carId,
        time: new Date(point.time),
        tenantId: car!.tenantId,
        lon: point.lon,
        lat: point.lat,
        crs: point.crs ?? 'wgs84',
        speed: point.speed,
        direction: point.direction,
        altitude: point.altitude ?? 0,
        alarmBits: point.alarmBits ?? 0,
        mileageKm: point.mileageKm,
        source,
        late: late ? 1 : 0,
      });
    }
    if (rows.length === 0) return results;
    await this.db.insert(lgPosition).values(rows).onConflictDoNothing();
    // late (补传) points are stored only: the pushes and the alarm rules below see the live ones
    const receivedAt = Date.now();
    accepted.sort((a, b) => a.point.time - b.point.time);
    // one STOMP message per tenant per batch (an array): 1,000 terminals at 1 Hz through a gateway batching every
    // 15 ms are ~70 frames a second to each map, not 1,000
    const byTenant = new Map<string, PositionPush[]>();
    for (const { car, point } of accepted) {
      const seen = this.lastSeen.get(car.carId);
      if (!seen || point.time >= seen.time) {
        this.lastSeen.set(car.carId, { time: point.time, tenantId: car.tenantId, offline: false });
        const list = byTenant.get(car.tenantId) ?? [];
        list.push({
          carId: car.carId,
          lon: point.lon,
          lat: point.lat,
          speed: point.speed,
          direction: point.direction,
          time: point.time,
          receivedAt,
        });
        byTenant.set(car.tenantId, list);
      }
    }
    for (const [tenantId, list] of byTenant)
      this.broker?.publish(tenantId, LG_TOPICS.vehicle, JSON.stringify(list), {
        'content-type': 'application/json;charset=utf-8',
      });
    // alarms after every push of the batch went out (the map is not held back by alarm writes)
    for (const { car, point } of accepted) await this.evaluate(car, point);
    return results;
  }

  private async fencesOf(tenantId: string) {
    const c = this.fences.get(tenantId);
    if (c && Date.now() - c.at < 30_000) return c.list;
    const sites = await this.db
      .select({ id: lgSite.id, name: lgSite.name, fence: lgSite.fence })
      .from(lgSite)
      .where(tenantIs(tenantId, lgSite));
    const fences: Fence[] = [];
    for (const s of sites) {
      if (!s.fence) continue;
      try {
        const ring = JSON.parse(s.fence) as LonLat[];
        const closed = ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring : [...ring, ring[0]];
        fences.push({ id: s.id, name: s.name, rings: [closed] });
      } catch {
        // a malformed fence is skipped (the form refuses them)
      }
    }
    const list = prepareFences(fences);
    this.fences.set(tenantId, { at: Date.now(), list });
    return list;
  }

  private async routeOf(carId: string): Promise<LonLat[] | null> {
    const c = this.routes.get(carId);
    if (c && Date.now() - c.at < 30_000) return c.route;
    const r = await this.db
      .select({ route: lgOrder.route })
      .from(lgOrder)
      .where(and(eq(lgOrder.carId, carId), eq(lgOrder.state, 'in_transit'), eq(lgOrder.isDeleted, 0)))
      .limit(1);
    let route: LonLat[] | null = null;
    try {
      route = r[0]?.route ? (JSON.parse(r[0].route) as LonLat[]) : null;
    } catch {
      route = null;
    }
    this.routes.set(carId, { at: Date.now(), route });
    return route;
  }

  private async evaluate(car: CarInfo, p: IngestPoint): Promise<void> {
    const rules = { ...this.rules, speedLimitKmh: car.speedLimitKmh || this.rules.speedLimitKmh };
    const prev = this.states.get(car.carId) ?? initialAlarmState();
    const { state, alarms } = evaluate(
      prev,
      { time: p.time, lon: p.lon, lat: p.lat, speed: p.speed, alarmBits: p.alarmBits },
      { rules, fences: await this.fencesOf(car.tenantId), route: await this.routeOf(car.carId) },
    );
    this.states.set(car.carId, state);
    for (const a of alarms) await this.raise(car, a);
  }

  async raise(car: Pick<CarInfo, 'carId' | 'tenantId' | 'deptId' | 'plate'>, a: RaisedAlarm): Promise<void> {
    const [row] = await this.db
      .insert(lgAlarm)
      .values({
        tenantId: car.tenantId,
        deptId: car.deptId,
        carId: car.carId,
        type: a.type,
        time: new Date(a.time),
        lon: Number.isFinite(a.lon) ? a.lon : null,
        lat: Number.isFinite(a.lat) ? a.lat : null,
        speed: a.speed,
        detail: a.detail.slice(0, 255),
        fenceId: a.fenceId ?? null,
      })
      .returning({ id: lgAlarm.id });
    const push: AlarmRow = {
      id: row.id,
      carId: car.carId,
      plate: car.plate,
      type: a.type,
      time: formatDateTime(new Date(a.time), this.tz),
      lon: Number.isFinite(a.lon) ? a.lon : null,
      lat: Number.isFinite(a.lat) ? a.lat : null,
      speed: a.speed,
      detail: a.detail,
      handleState: 0,
      ackTime: null,
      handleTime: null,
      handleNote: '',
      handlerName: '',
    };
    this.broker?.publish(car.tenantId, LG_TOPICS.alarm, JSON.stringify(push), {
      'content-type': 'application/json;charset=utf-8',
    });
  }

  /** Raises 设备离线 once for every car silent for `offlineSeconds` (called by a timer). */
  async sweepOffline(now = Date.now()): Promise<number> {
    const due = [...this.lastSeen.entries()].filter(([, s]) => !s.offline && offlineDue(s.time, now, this.rules));
    if (due.length === 0) return 0;
    const cars = await this.db
      .select({ carId: lgCar.id, tenantId: lgCar.tenantId, deptId: lgCar.deptId, plate: lgCar.plate })
      .from(lgCar)
      .where(
        inArray(
          lgCar.id,
          due.map(([id]) => id),
        ),
      );
    for (const [carId, s] of due) {
      s.offline = true;
      const car = cars.find((c) => c.carId === carId);
      if (!car) continue;
      await this.raise(car, {
        type: 'offline',
        time: now,
        lon: Number.NaN,
        lat: Number.NaN,
        speed: 0,
        detail: `${Math.round((now - s.time) / 60000)} 分钟未收到定位`,
      });
    }
    return due.length;
  }

  /** Seeds `lastSeen` from the stored positions (after a restart). */
  async loadLastSeen(): Promise<void> {
    const r = (await this.db.execute(sql`select c.id as car_id, c.tenant_id, p.time from lg_car c
      join lateral (select time from lg_position where car_id = c.id order by time desc limit 1) p on true
      where c.is_deleted = 0`)) as unknown as { rows: { car_id: string; tenant_id: string; time: Date | string }[] };
    for (const x of r.rows) {
      const t = new Date(x.time).getTime();
      this.lastSeen.set(String(x.car_id), {
        time: t,
        tenantId: x.tenant_id,
        offline: offlineDue(t, Date.now(), this.rules),
      });
    }
  }
}
