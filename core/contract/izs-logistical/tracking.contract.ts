/**
 * Live positions, tracks, alarms and position ingest (izs-logistical).
 *
 *   GET  vehicle/live          every vehicle's last position, motion (行驶中 / 停车 / 离线), current order and driver
 *   GET  track                 carId + day (or orderId) → points, stops with their length
 *   GET  alarm/page            alarms, newest first (type, handle state, car)
 *   POST alarm/ack             { ids } 确认
 *   POST alarm/handle          { id, note } 处理 (with a note)
 *   GET  live-config           STOMP path + topics, offline threshold, optional tile URL
 *   GET  driver/summary        driver detail: cars, trips, on-time rate
 * Machine endpoints (no sign-in; authenticated by a token each):
 *   POST ingest/gateway          positions from tools/gps-gateway (header X-Gateway-Token = GPS_GATEWAY_TOKEN)
 *   POST ingest/gateway/register 0x0100: is this terminal known? → result + 鉴权码
 *   POST ingest/gateway/auth     0x0102: is this 鉴权码 right?
 *   POST ingest/gateway/reject   frames the gateway refused (bad checksum…), logged with their hex
 *   POST ingest/device           phone apps: { deviceId, token, points } (token = the car's 设备鉴权码)
 * STOMP (`/api/izs-logistical/ws`): `/topic/vehicle` carries VehicleLive deltas, `/topic/alarm` AlarmRow.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { paging } from '../fields.ts';
import { lgAlarmRow } from '../generated/logistics.ts';
import { dayRangeMessage, isCalendarDay, num } from '../input.ts';
import { LG, LG_PERMISSIONS } from './fields.ts';

export const LG_WS = `${LG}/ws`;
export const LG_TOPICS = { vehicle: '/topic/vehicle', alarm: '/topic/alarm' } as const;

export const vehicleLive = z.object({
  carId: z.string(),
  plate: z.string(),
  groupName: z.string(),
  driverName: z.string(),
  driverPhone: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  speed: z.number(),
  direction: z.number(),
  /** epoch ms of the last report, null when never */
  time: z.number().nullable(),
  motion: z.enum(['moving', 'stopped', 'offline']),
  order: z
    .object({
      id: z.string(),
      orderNo: z.string(),
      state: z.string(),
      originName: z.string(),
      destName: z.string(),
      materialName: z.string(),
    })
    .nullable(),
});
export type VehicleLive = z.infer<typeof vehicleLive>;

/** A STOMP position push (per report, tenant-wide). */
export const positionPush = z.object({
  carId: z.string(),
  lon: z.number(),
  lat: z.number(),
  speed: z.number(),
  direction: z.number(),
  time: z.number(),
  /** server receive time (ms) of the report: the bench measures report → subscriber latency with it */
  receivedAt: z.number(),
});
export type PositionPush = z.infer<typeof positionPush>;
/** One /topic/vehicle message: the positions of one stored ingest batch (one STOMP frame per batch, not per report). */
export const positionPushes = z.array(positionPush);

export const trackPoint = z.object({
  time: z.number(),
  lon: z.number(),
  lat: z.number(),
  speed: z.number(),
  direction: z.number(),
  /** 补传: reported late (0x0704 盲区补报, more than 10 minutes old, or older than the car's last report) */
  late: z.boolean(),
});
export const trackAnswer = z.object({
  carId: z.string(),
  plate: z.string(),
  from: z.number(),
  to: z.number(),
  points: z.array(trackPoint),
  stops: z.array(z.object({ lon: z.number(), lat: z.number(), from: z.number(), to: z.number(), seconds: z.number() })),
  distanceKm: z.string(),
});
export type TrackAnswer = z.infer<typeof trackAnswer>;

export const alarmRow = lgAlarmRow
  .pick({
    id: true,
    carId: true,
    time: true,
    lon: true,
    lat: true,
    speed: true,
    detail: true,
    handleState: true,
    ackTime: true,
    handleTime: true,
    handleNote: true,
  })
  .extend({
    plate: z.string(),
    type: z.enum(['overspeed', 'fence_in', 'fence_out', 'off_route', 'long_stop', 'offline']),
    handlerName: z.string(),
  });
export type AlarmRow = z.infer<typeof alarmRow>;

/** The terminal's own address as the gateway saw it (failed sign-ins are counted per address and terminal). */
const terminalAddress = z.string().max(64, '终端地址过长').default('');

const idStr = z
  .union([z.string(), z.number()], { error: '编号格式不正确' })
  .transform((v) => String(v).trim())
  .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: '编号格式不正确' });
const dayStr = z
  .string({ error: '请选择日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为yyyy-MM-dd')
  .refine(isCalendarDay, { message: dayRangeMessage('日期') });

export const gatewayPosition = z.object({
  terminal: z.string().regex(/^\d{1,20}$/, '终端手机号格式不正确'),
  time: z.number().int().positive(),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  speed: z.number().min(0).max(400),
  direction: z.number().int().min(0).max(359),
  altitude: z.number().int().min(-500).max(10000).default(0),
  alarmBits: z.number().int().min(0).default(0),
  located: z.boolean().default(true),
  mileageKm: z.number().min(0).optional(),
  /** from a 0x0704 盲区补报 batch: stored as history (补传), never alarmed */
  late: z.boolean().default(false),
});
export type GatewayPosition = z.input<typeof gatewayPosition>;
const ingestResult = z.object({ ok: z.boolean(), msg: z.string().optional() });

const view = (code: string) => ({ code, action: 'view' }) as const;

export const LG_TRACKING = {
  live: endpoint({
    method: 'GET',
    path: `${LG}/vehicle/live`,
    summary: '车辆实时位置',
    query: z.object({ plate: z.string().optional(), motion: z.string().optional() }),
    answer: z.array(vehicleLive),
    permission: view(LG_PERMISSIONS.map),
    provides: ['Logistics'],
  }),
  track: endpoint({
    method: 'GET',
    path: `${LG}/track`,
    summary: '车辆轨迹（某日或某运输单）',
    query: z.object({ carId: idStr.optional(), day: dayStr.optional(), orderId: idStr.optional() }),
    answer: trackAnswer,
    permission: view(LG_PERMISSIONS.track),
    provides: ['Logistics'],
  }),
  alarms: endpoint({
    method: 'GET',
    path: `${LG}/alarm/page`,
    summary: '车辆报警',
    query: z.object({
      ...paging({ size: 20, max: 200 }),
      type: z.string().optional(),
      handleState: num().int().min(0).max(2).optional(),
      carId: idStr.optional(),
    }),
    answer: z.object({ records: z.array(alarmRow), total: z.number(), open: z.number() }),
    permission: view(LG_PERMISSIONS.alarm),
    provides: ['Logistics'],
  }),
  ack: endpoint({
    method: 'POST',
    path: `${LG}/alarm/ack`,
    summary: '确认报警',
    body: z.object({ ids: z.array(idStr).min(1, '请选择报警') }),
    answer: z.object({ updated: z.number() }),
    permission: { code: LG_PERMISSIONS.alarm, action: 'edit' },
    invalidates: ['Logistics'],
  }),
  handle: endpoint({
    method: 'POST',
    path: `${LG}/alarm/handle`,
    summary: '处理报警（填写处理说明）',
    body: z.object({
      id: idStr,
      note: z.string({ error: '请填写处理说明' }).trim().min(1, '请填写处理说明').max(255, '处理说明不能超过255个字符'),
    }),
    answer: alarmRow,
    permission: { code: LG_PERMISSIONS.alarm, action: 'edit' },
    invalidates: ['Logistics'],
  }),
  liveConfig: endpoint({
    method: 'GET',
    path: `${LG}/live-config`,
    summary: '实时位置推送配置',
    answer: z.object({
      ws: z.string(),
      topics: z.object({ vehicle: z.string(), alarm: z.string() }),
      offlineSeconds: z.number(),
      speedLimitKmh: z.number(),
      /** optional raster tile URL template ({z}/{x}/{y}); '' = boundaries only */
      tileUrl: z.string(),
    }),
  }),
  driverSummary: endpoint({
    method: 'GET',
    path: `${LG}/driver/summary`,
    summary: '司机详情：车辆、趟次、准时率',
    query: z.object({ id: idStr }),
    answer: z.object({
      cars: z.array(z.object({ id: z.string(), plate: z.string() })),
      trips: z.number(),
      delivered: z.number(),
      onTime: z.number(),
      /** on-time deliveries / deliveries with a planned time, 0–100 with 1 decimal ('' when none) */
      onTimeRate: z.string(),
      recent: z.array(
        z.object({
          id: z.string(),
          orderNo: z.string(),
          state: z.string(),
          materialName: z.string(),
          route: z.string(),
          deliverTime: z.string().nullable(),
          onTime: z.boolean().nullable(),
        }),
      ),
    }),
    permission: view(LG_PERMISSIONS.driver),
    provides: ['Logistics', 'Resource'],
  }),
  ingestGateway: endpoint({
    method: 'POST',
    path: `${LG}/ingest/gateway`,
    summary: 'GPS网关上报位置（批量）',
    body: z.object({ positions: z.array(z.unknown()).max(5000, '一次最多5000个位置') }),
    answer: z.object({ results: z.array(ingestResult) }),
    isPublic: true,
  }),
  gatewayRegister: endpoint({
    method: 'POST',
    path: `${LG}/ingest/gateway/register`,
    summary: 'GPS网关：终端注册 (0x0100)',
    body: z.object({
      terminal: z.string().regex(/^\d{1,20}$/, '终端手机号格式不正确'),
      plate: z.string().default(''),
      address: terminalAddress,
    }),
    answer: z.object({ result: z.number(), authCode: z.string(), locked: z.boolean().default(false) }),
    isPublic: true,
  }),
  gatewayAuth: endpoint({
    method: 'POST',
    path: `${LG}/ingest/gateway/auth`,
    summary: 'GPS网关：终端鉴权 (0x0102)',
    body: z.object({
      terminal: z.string().regex(/^\d{1,20}$/, '终端手机号格式不正确'),
      code: z.string().max(64, '鉴权码过长'),
      address: terminalAddress,
    }),
    answer: z.object({ ok: z.boolean(), locked: z.boolean().default(false) }),
    isPublic: true,
  }),
  gatewayReject: endpoint({
    method: 'POST',
    path: `${LG}/ingest/gateway/reject`,
    summary: 'GPS网关：记录拒收的帧',
    body: z.object({
      terminal: z.string().max(24).default(''),
      reason: z.string().max(64),
      raw: z.string().max(8192),
      address: terminalAddress,
    }),
    answer: z.object({ logged: z.boolean() }),
    isPublic: true,
  }),
  ingestDevice: endpoint({
    method: 'POST',
    path: `${LG}/ingest/device`,
    summary: '手机App上报位置（按设备鉴权）',
    body: z.object({
      deviceId: z.string({ error: '请提供设备号' }).min(1, '请提供设备号').max(20),
      token: z.string({ error: '请提供设备鉴权码' }).min(1, '请提供设备鉴权码').max(64),
      points: z
        .array(
          z.object({
            time: z.number({ error: '时间格式不正确' }).int().positive(),
            lon: z.number({ error: '经度格式不正确' }).min(-180, '经度超出范围').max(180, '经度超出范围'),
            lat: z.number({ error: '纬度格式不正确' }).min(-90, '纬度超出范围').max(90, '纬度超出范围'),
            speed: z.number().min(0).max(400).default(0),
            direction: z.number().int().min(0).max(359).default(0),
            crs: z.enum(['wgs84', 'gcj02']).default('wgs84'),
          }),
        )
        .min(1, '没有位置')
        .max(1000, '一次最多1000个位置'),
    }),
    answer: z.object({ stored: z.number(), refused: z.array(z.object({ index: z.number(), msg: z.string() })) }),
    isPublic: true,
  }),
};
