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
import { type Db, rawQuery } from '../../db/client.ts';
import { lgAlarm, lgCar, lgIngestReject, lgOrder, lgSite } from '../../db/schema/index.ts';
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

/** What the ingest reads of a car (the whole fleet at once, or one unknown terminal). */
const CAR_INFO = {
  carId: lgCar.id,
  tenantId: lgCar.tenantId,
  deptId: lgCar.deptId,
  plate: lgCar.plate,
  token: lgCar.deviceToken,
  speedLimitKmh: lgCar.speedLimitKmh,
};

/** One stored position as the INSERT takes it (column arrays, see `insertPositions`). */
interface PositionRow {
  carId: string;
  time: number;
  tenantId: string;
  lon: number;
  lat: number;
  crs: string;
  speed: number;
  direction: number;
  altitude: number;
  alarmBits: number;
  mileageKm: number | null;
  source: string;
  late: 0 | 1;
}

/**
 * The positions of any number of batches in one statement: a constant text (one array per column, unnested), so it
 * is never rebuilt by Drizzle and PostgreSQL prepares it once; a re-sent position (same car and time) is stored once.
 */
const INSERT_POSITIONS = `insert into lg_position (car_id, time, tenant_id, lon, lat, crs, speed, direction, altitude,
    alarm_bits, mileage_km, source, late)
  select * from unnest($1::bigint[], $2::timestamptz[], $3::varchar[], $4::float8[], $5::float8[], $6::varchar[],
    $7::real[], $8::int[], $9::int[], $10::bigint[], $11::real[], $12::varchar[], $13::smallint[])
  on conflict (car_id, time) do nothing`;

async function insertPositions(db: Db, rows: PositionRow[]): Promise<void> {
  const cols: unknown[][] = Array.from({ length: 13 }, () => new Array(rows.length));
  rows.forEach((r, i) => {
    cols[0][i] = r.carId;
    cols[1][i] = new Date(r.time).toISOString();
    cols[2][i] = r.tenantId;
    cols[3][i] = r.lon;
    cols[4][i] = r.lat;
    cols[5][i] = r.crs;
    cols[6][i] = r.speed;
    cols[7][i] = r.direction;
    cols[8][i] = r.altitude;
    cols[9][i] = r.alarmBits;
    cols[10][i] = r.mileageKm;
    cols[11][i] = r.source;
    cols[12][i] = r.late;
  });
  await rawQuery(db, 'lg_position_insert', INSERT_POSITIONS, cols);
}

/** Most positions one INSERT of the group commit takes (the rest go in the next one). */
const GROUP_MAX_ROWS = 5000;
/** The cars of every terminal are read at once, again after this long (or after a car is saved). */
const CARS_TTL_MS = 30_000;
/** A terminal no car has is looked up again after this long (a car saved by another process). */
const UNKNOWN_TTL_MS = 5_000;
/** A tenant's geofences are read again after this long (or after a site is saved). */
const FENCES_TTL_MS = 30_000;
/** The routes of the orders in transit are read at once, again after this long (or after an order moves). */
const ROUTES_TTL_MS = 30_000;

/**
 * A value every caller shares: read by one query at a time, kept `ttlMs`, dropped by `clear()`. A read that began
 * before a `clear()` answers its callers once but is not kept.
 */
class SharedRead<T> {
  private kept: { at: number; value: T } | null = null;
  private loading: Promise<T> | null = null;
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly read: () => Promise<T>,
  ) {}

  /** The kept value while it is fresh (no await: callers stay in their turn of the event loop), else undefined. */
  get fresh(): T | undefined {
    return this.kept && Date.now() - this.kept.at < this.ttlMs ? this.kept.value : undefined;
  }

  /** Reads it again, or joins the read under way. */
  load(): Promise<T> {
    if (this.loading) return this.loading;
    const gen = this.gen;
    const load = this.read().then((value) => {
      if (gen === this.gen) this.kept = { at: Date.now(), value };
      return value;
    });
    this.loading = load;
    const done = () => {
      if (this.loading === load) this.loading = null;
    };
    load.then(done, done);
    return load;
  }

  clear(): void {
    this.kept = null;
    this.loading = null;
    this.gen++;
  }
}

export class Ingestor {
  /** every car with a terminal / device id, read in one query (`CARS_TTL_MS`, cleared by `forget`) */
  private readonly cars = new SharedRead(CARS_TTL_MS, () => this.readCars());
  /** terminals no car had: deviceId → when looked up */
  private unknown = new Map<string, number>();
  private states = new Map<string, VehicleAlarmState>();
  private fences = new Map<string, { at: number; list: ReturnType<typeof prepareFences> }>();
  /** carId → the route of its order in transit, for every car at once (`ROUTES_TTL_MS`, cleared by `forgetRoutes`) */
  private readonly routes = new SharedRead(ROUTES_TTL_MS, () => this.readRoutes());
  /** group commit: batches waiting while an INSERT runs are written together by the next one */
  private queued: { rows: PositionRow[]; done: (e?: unknown) => void }[] = [];
  private writing = false;
  private drainSoon = false;
  /** carId → last report time (ms) and whether it was flagged offline */
  readonly lastSeen = new Map<string, { time: number; tenantId: string; offline: boolean }>();
  rules: AlarmRules = DEFAULT_RULES;

  constructor(
    private readonly db: Db,
    private readonly broker: LgBroker | null,
    private readonly log: FastifyBaseLogger,
    private readonly tz: string,
  ) {}

  private async readCars(): Promise<Map<string, CarInfo>> {
    const list = await this.db
      .select({ deviceId: lgCar.gpsDeviceId, ...CAR_INFO })
      .from(lgCar)
      .where(and(eq(lgCar.isDeleted, 0), sql`${lgCar.gpsDeviceId} <> ''`));
    const map = new Map<string, CarInfo>();
    for (const { deviceId, ...car } of list) map.set(deviceId, car);
    return map;
  }

  /**
   * The car of a terminal / device id: every car is read in one query and kept 30 s (cleared when a car is saved);
   * a terminal none has is looked up on its own, again after 5 s.
   */
  async carOf(deviceId: string): Promise<CarInfo | null> {
    const now = Date.now();
    const map = this.cars.fresh ?? (await this.cars.load());
    const hit = map.get(deviceId);
    if (hit) return hit;
    const missed = this.unknown.get(deviceId);
    if (missed !== undefined && now - missed < UNKNOWN_TTL_MS) return null;
    const r = await this.db
      .select(CAR_INFO)
      .from(lgCar)
      .where(and(eq(lgCar.gpsDeviceId, deviceId), eq(lgCar.isDeleted, 0)))
      .limit(1);
    const info = r[0] ?? null;
    if (info) {
      map.set(deviceId, info);
      this.unknown.delete(deviceId);
    } else {
      if (this.unknown.size > 10_000) this.unknown.clear();
      this.unknown.set(deviceId, now);
    }
    return info;
  }

  /** A car or a site was saved: cars, fences and routes are read again. */
  forget(): void {
    this.cars.clear();
    this.unknown.clear();
    this.fences.clear();
    this.forgetRoutes();
  }

  /** An order changed state (dispatched, started, delivered …): the routes in transit are read again. */
  forgetRoutes(): void {
    this.routes.clear();
  }

  /**
   * Stores `rows` (group commit): the batches of every request read in this turn of the event loop (and, on
   * PostgreSQL, those arriving while an INSERT runs) are written by one statement — under load a few large
   * statements instead of one per gateway batch (each statement costs PGlite a commit, ~20 rows' worth). Idle, a
   * batch waits for nothing but the end of the turn. Resolves once stored; a failed group is retried batch by batch,
   * so one bad batch does not refuse the others.
   */
  private store(rows: PositionRow[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ rows, done: (e) => (e === undefined ? resolve() : reject(e)) });
      if (this.writing || this.drainSoon) return;
      this.drainSoon = true;
      setImmediate(() => {
        this.drainSoon = false;
        void this.drain();
      });
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queued.length) {
        const group: typeof this.queued = [];
        let n = 0;
        while (this.queued.length && (n === 0 || n + this.queued[0].rows.length <= GROUP_MAX_ROWS)) {
          const b = this.queued.shift()!;
          n += b.rows.length;
          group.push(b);
        }
        try {
          await insertPositions(
            this.db,
            group.flatMap((b) => b.rows),
          );
          for (const b of group) b.done();
        } catch (e) {
          if (group.length === 1) group[0].done(e);
          else
            for (const b of group) {
              try {
                await insertPositions(this.db, b.rows);
                b.done();
              } catch (e2) {
                b.done(e2);
              }
            }
        }
      }
    } finally {
      this.writing = false;
    }
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
    const rows: PositionRow[] = [];
    const accepted: { car: CarInfo; point: IngestPoint }[] = [];
    const maxAgeMs = maxAgeDays() * 86_400_000;
    const cars = this.cars.fresh;
    for (const { device, point } of items) {
      // a known terminal while the fleet is fresh: no await (one microtask per position otherwise)
      const car = cars?.get(device) ?? (await this.carOf(device));
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
        time: point.time,
        tenantId: car!.tenantId,
        lon: point.lon,
        lat: point.lat,
        crs: point.crs ?? 'wgs84',
        speed: point.speed,
        direction: point.direction,
        altitude: point.altitude ?? 0,
        alarmBits: point.alarmBits ?? 0,
        mileageKm: point.mileageKm ?? null,
        source,
        late: late ? 1 : 0,
      });
    }
    if (rows.length === 0) return results;
    await this.store(rows);
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
    if (c && Date.now() - c.at < FENCES_TTL_MS) return c.list;
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

  private async readRoutes(): Promise<Map<string, LonLat[] | null>> {
    const list = await this.db
      .select({ carId: lgOrder.carId, route: lgOrder.route })
      .from(lgOrder)
      .where(and(eq(lgOrder.state, 'in_transit'), eq(lgOrder.isDeleted, 0)));
    const map = new Map<string, LonLat[] | null>();
    for (const r of list) {
      if (!r.carId || map.get(r.carId)) continue;
      let route: LonLat[] | null = null;
      try {
        route = r.route ? (JSON.parse(r.route) as LonLat[]) : null;
      } catch {
        route = null;
      }
      map.set(r.carId, route);
    }
    return map;
  }

  /** The route of the car's order in transit (every car's read in one query, see `ROUTES_TTL_MS`). */
  private async routeOf(carId: string): Promise<LonLat[] | null> {
    const map = this.routes.fresh ?? (await this.routes.load());
    return map.get(carId) ?? null;
  }

  private async evaluate(car: CarInfo, p: IngestPoint): Promise<void> {
    const rules = { ...this.rules, speedLimitKmh: car.speedLimitKmh || this.rules.speedLimitKmh };
    const prev = this.states.get(car.carId) ?? initialAlarmState();
    // kept fences and routes without an await (the usual case: both are read at most every 30 s)
    const keptFences = this.fences.get(car.tenantId);
    const fences =
      keptFences && Date.now() - keptFences.at < FENCES_TTL_MS ? keptFences.list : await this.fencesOf(car.tenantId);
    const routes = this.routes.fresh;
    const route = routes ? (routes.get(car.carId) ?? null) : await this.routeOf(car.carId);
    const { state, alarms } = evaluate(
      prev,
      { time: p.time, lon: p.lon, lat: p.lat, speed: p.speed, alarmBits: p.alarmBits },
      { rules, fences, route },
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
