/**
 * Live positions, tracks, alarms, the driver summary and the ingest endpoints (contract: tracking.contract.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LG_PERMISSIONS } from '../../../core/contract/izs-logistical/fields.ts';
import {
  type AlarmRow,
  LG_TOPICS,
  LG_TRACKING,
  LG_WS,
  type VehicleLive,
} from '../../../core/contract/izs-logistical/tracking.contract.ts';
import { detectStops, metres, motionOf } from '../../../core/logistics/geo.ts';
import type { Db } from '../../db/client.ts';
import { lgAlarm, lgCar } from '../../db/schema/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { badRequest, unauthorized } from '../../platform/r.ts';
import { scopeOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type DeviceGuard, deviceGuard } from './device-guard.ts';
import { readGatewayPosition } from './gateway-position.ts';
import type { Ingestor } from './ingest.ts';
import {
  type AlarmSelected,
  ackOpenAlarms,
  carPlate,
  carsOfDriver,
  countAlarms,
  countOpenAlarms,
  liveRows,
  markHandled,
  ordersOfDriver,
  orderTrip,
  positionsBetween,
  selectAlarms,
} from './tracking-repository.ts';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Start and end (ms) of a yyyy-MM-dd day in the server's zone (Asia/Shanghai by default: UTC+8, no DST). */
function dayRange(day: string, tz: string): [number, number] {
  const offsetH = tz === 'UTC' ? 0 : 8;
  const start = Date.parse(`${day}T00:00:00Z`) - offsetH * 3600_000;
  return [start, start + 24 * 3600_000];
}

export function registerLgTracking(
  app: FastifyInstance,
  db: Db,
  tz: string,
  ingestor: Ingestor,
  opts: { gatewayToken: string; tileUrl: string },
): void {
  const r = endpoints(app, db);
  r.handle(LG_TRACKING.liveConfig, liveConfig(ingestor, opts.tileUrl));
  r.handle(LG_TRACKING.live, liveVehicles(db, ingestor));
  r.handle(LG_TRACKING.track, vehicleTrack(db, tz));
  r.handle(LG_TRACKING.alarms, alarmPage(db, tz));
  r.handle(LG_TRACKING.ack, ackAlarms(db));
  r.handle(LG_TRACKING.handle, handleAlarm(db, tz));
  r.handle(LG_TRACKING.driverSummary, driverSummary(db, tz));

  // machine endpoints
  const gatewayOnly = gatewayCheck(opts.gatewayToken);
  r.handle(LG_TRACKING.ingestGateway, ingestGateway(ingestor, gatewayOnly));

  // the terminals behind the gateway: failed sign-ins counted per terminal address and terminal id in the shared
  // counter (one lg_ingest_reject row per terminal and window), past the limits refused without a look at the code
  const devices = deviceGuard(db);
  const terminalFailed = async (address: string, terminal: string, reason: string) => {
    if (await devices.failed(address, terminal)) await ingestor.reject('jt808', terminal, reason, `address=${address}`);
  };
  r.handle(LG_TRACKING.gatewayRegister, gatewayRegister(ingestor, devices, gatewayOnly, terminalFailed));
  r.handle(LG_TRACKING.gatewayAuth, gatewayAuth(ingestor, devices, gatewayOnly, terminalFailed));
  r.handle(LG_TRACKING.gatewayReject, gatewayReject(ingestor, devices, gatewayOnly));
  // anonymous: rate-limited per address and device id; failures counted, one row per device id and window
  r.handle(LG_TRACKING.ingestDevice, ingestDevice(ingestor, devices));
}

type GatewayOnly = (token: unknown) => void;
type TerminalFailed = (address: string, terminal: string, reason: string) => Promise<void>;

function liveConfig(ingestor: Ingestor, tileUrl: string): Handler<typeof LG_TRACKING.liveConfig> {
  return () => ({
    ws: LG_WS,
    topics: { ...LG_TOPICS },
    offlineSeconds: ingestor.rules.offlineSeconds,
    speedLimitKmh: ingestor.rules.speedLimitKmh,
    tileUrl,
  });
}

const alarmRowOf =
  (tz: string) =>
  (a: AlarmSelected): AlarmRow => ({
    ...a,
    type: a.type as AlarmRow['type'],
    time: formatDateTime(a.time, tz),
    ackTime: a.ackTime ? formatDateTime(a.ackTime, tz) : null,
    handleTime: a.handleTime ? formatDateTime(a.handleTime, tz) : null,
  });

function alarmPage(db: Db, tz: string): Handler<typeof LG_TRACKING.alarms> {
  const toRow = alarmRowOf(tz);
  return async ({ user, query }) => {
    const scope = await scopeOf(db, user, lgAlarm, LG_PERMISSIONS.alarm);
    const where = and(
      scope,
      query.type ? eq(lgAlarm.type, query.type) : undefined,
      query.handleState !== undefined ? eq(lgAlarm.handleState, query.handleState) : undefined,
      query.carId ? eq(lgAlarm.carId, query.carId) : undefined,
    );
    const [rows, [{ n }], [{ open }]] = await Promise.all([
      selectAlarms(db, where, query.size, (query.current - 1) * query.size),
      countAlarms(db, where),
      countOpenAlarms(db, scope),
    ]);
    return { records: rows.map(toRow), total: n, open };
  };
}

function ackAlarms(db: Db): Handler<typeof LG_TRACKING.ack> {
  return async ({ user, body }) => {
    const scope = await scopeOf(db, user, lgAlarm, LG_PERMISSIONS.alarm);
    const res = await ackOpenAlarms(db, scope, user.userId, body.ids);
    return { updated: res.length };
  };
}

function handleAlarm(db: Db, tz: string): Handler<typeof LG_TRACKING.handle> {
  const toRow = alarmRowOf(tz);
  return async ({ user, body }) => {
    const scope = await scopeOf(db, user, lgAlarm, LG_PERMISSIONS.alarm);
    const res = await markHandled(db, scope, user.userId, body.id, body.note);
    if (!res[0]) throw badRequest('报警不存在或已处理');
    const [row] = await selectAlarms(db, eq(lgAlarm.id, body.id), 1, 0);
    return toRow(row);
  };
}

function gatewayCheck(gatewayToken: string): GatewayOnly {
  return (token: unknown) => {
    if (!gatewayToken) throw unauthorized('GPS网关未配置（GPS_GATEWAY_TOKEN）');
    if (typeof token !== 'string' || !same(token, gatewayToken)) throw unauthorized('GPS网关令牌不正确');
  };
}

function ingestGateway(ingestor: Ingestor, gatewayOnly: GatewayOnly): Handler<typeof LG_TRACKING.ingestGateway> {
  return async ({ body, req }) => {
    gatewayOnly(req.headers['x-gateway-token']);
    const items: { device: string; point: Parameters<Ingestor['ingest']>[1][number]['point'] }[] = [];
    const bad = new Map<number, string>();
    body.positions.forEach((p, i) => {
      const r = readGatewayPosition(p);
      if (!r.ok) bad.set(i, r.msg);
      else items.push({ device: r.data.terminal, point: r.data });
    });
    for (const [, msg] of bad) await ingestor.reject('jt808', '', msg);
    const stored = await ingestor.ingest('jt808', items);
    let k = 0;
    return { results: body.positions.map((_, i) => (bad.has(i) ? { ok: false, msg: bad.get(i) } : stored[k++])) };
  };
}

function gatewayRegister(
  ingestor: Ingestor,
  devices: DeviceGuard,
  gatewayOnly: GatewayOnly,
  terminalFailed: TerminalFailed,
): Handler<typeof LG_TRACKING.gatewayRegister> {
  return async ({ body, req }) => {
    gatewayOnly(req.headers['x-gateway-token']);
    const address = body.address || req.ip;
    if (await devices.lockedFor(address, body.terminal)) return { result: 4, authCode: '', locked: true };
    const car = await ingestor.carOf(body.terminal);
    if (!car) {
      await terminalFailed(address, body.terminal, '注册：未知终端');
      return { result: 4, authCode: '', locked: false };
    }
    return { result: 0, authCode: car.token, locked: false };
  };
}

function gatewayAuth(
  ingestor: Ingestor,
  devices: DeviceGuard,
  gatewayOnly: GatewayOnly,
  terminalFailed: TerminalFailed,
): Handler<typeof LG_TRACKING.gatewayAuth> {
  return async ({ body, req }) => {
    gatewayOnly(req.headers['x-gateway-token']);
    const address = body.address || req.ip;
    if (await devices.lockedFor(address, body.terminal)) return { ok: false, locked: true };
    const car = await ingestor.carOf(body.terminal);
    const ok = !!car && !!car.token && same(car.token, body.code);
    if (!ok) await terminalFailed(address, body.terminal, '鉴权失败');
    return { ok, locked: false };
  };
}

function gatewayReject(
  ingestor: Ingestor,
  devices: DeviceGuard,
  gatewayOnly: GatewayOnly,
): Handler<typeof LG_TRACKING.gatewayReject> {
  return async ({ body, req }) => {
    gatewayOnly(req.headers['x-gateway-token']);
    // a flood of bad frames writes one row per terminal (else address) and reason a window, the rest is counted
    const who = body.terminal || `@${body.address || req.ip}`;
    if (await devices.onceInWindow(`${who}:${body.reason}`)) {
      await ingestor.reject('jt808', body.terminal, body.reason, body.raw);
    }
    return { logged: true };
  };
}

function ingestDevice(ingestor: Ingestor, devices: DeviceGuard): Handler<typeof LG_TRACKING.ingestDevice> {
  return async ({ body, req }) => {
    await devices.admit(req, body.deviceId);
    const car = await ingestor.carOf(body.deviceId);
    if (!car?.token || !same(car.token, body.token)) {
      if (await devices.failed(req, body.deviceId)) await ingestor.reject('app', body.deviceId, '设备鉴权失败');
      throw unauthorized('设备号或鉴权码不正确');
    }
    const res = await ingestor.ingest(
      'app',
      body.points.map((p) => ({ device: body.deviceId, point: p })),
    );
    return {
      stored: res.filter((x) => x.ok).length,
      refused: res.flatMap((x, index) => (x.ok ? [] : [{ index, msg: x.msg ?? '' }])),
    };
  };
}

function liveVehicles(db: Db, ingestor: Ingestor): Handler<typeof LG_TRACKING.live> {
  return async ({ user, query }) => {
    const scope = await scopeOf(db, user, lgCar, LG_PERMISSIONS.car);
    const plate = query.plate?.trim();
    const res = await liveRows(db, scope, plate);
    const now = Date.now();
    const list: VehicleLive[] = res.rows.map((x) => {
      const time = x.time ? new Date(x.time as string).getTime() : null;
      return {
        carId: String(x.id),
        plate: String(x.plate),
        groupName: String(x.group_name),
        driverName: String(x.driver_name),
        driverPhone: String(x.driver_phone),
        lon: x.lon === null ? null : Number(x.lon),
        lat: x.lat === null ? null : Number(x.lat),
        speed: Number(x.speed ?? 0),
        direction: Number(x.direction ?? 0),
        time,
        motion: motionOf(
          time === null ? null : { time, speed: Number(x.speed ?? 0) },
          now,
          ingestor.rules.offlineSeconds,
        ),
        order: x.order_id
          ? {
              id: String(x.order_id),
              orderNo: String(x.order_no),
              state: String(x.state),
              originName: String(x.origin_name),
              destName: String(x.dest_name),
              materialName: String(x.material_name),
            }
          : null,
      };
    });
    return query.motion ? list.filter((v) => v.motion === query.motion) : list;
  };
}

function vehicleTrack(db: Db, tz: string): Handler<typeof LG_TRACKING.track> {
  return async ({ user, query }) => {
    const scope = await scopeOf(db, user, lgCar, LG_PERMISSIONS.car);
    let carId = query.carId;
    let from: number;
    let to: number;
    if (query.orderId) {
      const o = await orderTrip(db, user, query.orderId);
      if (!o?.carId || !(o.start ?? o.dispatch)) throw badRequest('该运输单还没有发车，没有轨迹');
      carId = o.carId;
      from = (o.start ?? o.dispatch)!.getTime();
      to = o.end ? o.end.getTime() : Date.now();
    } else {
      if (!carId || !query.day) throw badRequest('请选择车辆和日期');
      [from, to] = dayRange(query.day, tz);
    }
    const car = await carPlate(db, carId!, scope);
    if (!car) throw badRequest('车辆不存在');
    const res = await positionsBetween(db, carId!, from, to);
    const points = res.rows.map((p) => ({
      time: new Date(p.time).getTime(),
      lon: Number(p.lon),
      lat: Number(p.lat),
      speed: Number(p.speed),
      direction: Number(p.direction),
      late: Number(p.late) === 1,
    }));
    let m = 0;
    for (let i = 1; i < points.length; i++)
      m += metres([points[i - 1].lon, points[i - 1].lat], [points[i].lon, points[i].lat]);
    return {
      carId: carId!,
      plate: car.plate,
      from,
      to,
      points,
      stops: detectStops(points, 60, 120),
      distanceKm: (m / 1000).toFixed(1),
    };
  };
}

function driverSummary(db: Db, tz: string): Handler<typeof LG_TRACKING.driverSummary> {
  return async ({ user, query }) => {
    const cars = await carsOfDriver(db, user, query.id);
    const res = await ordersOfDriver(db, user.tenantId, query.id);
    const recent = res.rows.map((o) => {
      const dt = o.deliver_time ? new Date(o.deliver_time as string) : null;
      const pt = o.plan_time ? new Date(o.plan_time as string) : null;
      return {
        id: String(o.id),
        orderNo: String(o.order_no),
        state: String(o.state),
        materialName: String(o.material_name),
        route: String(o.route),
        deliverTime: dt ? formatDateTime(dt, tz) : null,
        onTime: dt && pt ? dt.getTime() <= pt.getTime() : null,
      };
    });
    const judged = recent.filter((o) => o.onTime !== null);
    const onTime = judged.filter((o) => o.onTime).length;
    return {
      cars,
      trips: recent.filter((o) => o.state !== 'cancelled').length,
      delivered: recent.filter((o) => o.deliverTime).length,
      onTime,
      onTimeRate: judged.length ? ((onTime * 100) / judged.length).toFixed(1) : '',
      recent: recent.slice(0, 20),
    };
  };
}
