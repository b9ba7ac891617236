// @vitest-environment node
/**
 * Logistics through the real HTTP app (issue 13): the transport-order state machine (派车 → 发车 → 送达 → 签收,
 * 取消, refusals with their Chinese messages, freight on the delivered weight), position ingest from the gateway and
 * phone apps (unknown terminal, future time, re-sent position, per-device token), the STOMP push to map
 * subscribers, alarms raised as positions arrive (overspeed, geofence) with 确认 / 处理, tracks with stops.
 */
import { Client, type IMessage } from '@stomp/stompjs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rows as sqlRows } from '../../server/db/client.ts';
import { lgIngestReject, lgOrder, lgPosition } from '../../server/db/schema/index.ts';
import { Ingestor, type IngestPoint } from '../../server/modules/izs-logistical/ingest.ts';
import { boot, call, deviceTokenOf, login, type TestApp } from './helpers.ts';

const LG = '/api/izs-logistical';
const GW = 'test-gateway-token';
let t: TestApp;
let admin: string;
let clerk: string;

const get = (path: string, query?: Record<string, string | number | undefined>, token = admin) =>
  call(t, path, { token, query });
const post = (path: string, body: unknown, token = admin) => call(t, path, { token, body });
const gw = (path: string, body: unknown, token = GW) => call(t, path, { body, headers: { 'X-Gateway-Token': token } });

beforeAll(async () => {
  process.env.GPS_GATEWAY_TOKEN = GW;
  t = await boot({ captchaMode: false });
  admin = (await login(t)).access_token;
  clerk = (await login(t, 'clerk')).access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  delete process.env.GPS_GATEWAY_TOKEN;
});

async function sites() {
  const r = await get(`${LG}/site/list`);
  return r.body.data as { id: string; name: string; lon: number; lat: number; fence: string }[];
}
async function cars() {
  const r = await get(`${LG}/car/page`, { size: 50 });
  return r.body.data.records as { id: string; plate: string; gpsDeviceId: string; certWarning: string }[];
}
async function drivers() {
  const r = await get(`${LG}/driver/page`, { size: 50 });
  return r.body.data.records as { id: string; name: string; licenceWarning: string }[];
}

describe('transport orders', () => {
  let orderId = '';
  it('creates an order (待派车, numbered, freight on the planned weight)', async () => {
    const s = await sites();
    const r = await post(`${LG}/order/save`, {
      source: 'manual',
      originSiteId: s[0].id,
      destSiteId: s[2].id,
      materialName: '重废',
      plannedWeightT: '30.000',
      freightMode: 'ton_km',
      freightPrice: '0.45',
      distanceKm: '42.3',
      carrierName: '测试物流',
    });
    expect(r.body).toMatchObject({ code: 200, success: true });
    const page = await get(`${LG}/order/page`, { size: 50, state: 'pending' });
    const o = page.body.data.records.find((x: { carrierName: string }) => x.carrierName === '测试物流');
    expect(o).toMatchObject({ state: 'pending', freightAmount: '571.05' });
    expect(o.orderNo).toMatch(/^YD\d{12}$/);
    orderId = o.id;
  });

  it('refuses actions out of order, with the reason', async () => {
    const r = await post(`${LG}/order/start`, { id: orderId });
    expect(r.body).toMatchObject({ code: 400, success: false, msg: '待派车的运输单不能发车' });
    const d = await post(`${LG}/order/deliver`, { id: orderId, deliveredWeightT: 'abc' });
    expect(d.body.code).toBe(400);
    expect(d.body.msg).toContain('实际重量(吨)格式不正确');
    const c = await post(`${LG}/order/cancel`, { id: orderId, reason: '' });
    expect(c.body).toMatchObject({ code: 400, msg: '请输入取消原因' });
  });

  it('dispatch → start → deliver → sign stamps each time and settles the freight on the delivered weight', async () => {
    const [car] = (await cars()).filter((c) => c.plate === '粤E·G2468');
    const [drv] = await drivers();
    const d = await post(`${LG}/order/dispatch`, { id: orderId, carId: car.id, driverId: drv.id });
    expect(d.body.data).toMatchObject({ state: 'dispatched' });
    expect(d.body.data.dispatchTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const edit = await post(`${LG}/order/update`, { id: orderId, materialName: '改了' });
    expect(edit.body).toMatchObject({ code: 400, msg: '只有待派车的运输单可以修改' });
    expect((await post(`${LG}/order/start`, { id: orderId })).body.data.state).toBe('in_transit');
    const cancel = await post(`${LG}/order/cancel`, { id: orderId, reason: '不要了' });
    expect(cancel.body).toMatchObject({ code: 400, msg: '运输中的运输单不能取消' });
    const del = await post(`${LG}/order/deliver`, { id: orderId, deliveredWeightT: '29.870' });
    expect(del.body.data).toMatchObject({ state: 'delivered', freightAmount: '568.58' });
    // the carrier must be a 往来单位 (its freight becomes a payable to it): refused, then named and signed
    const refused = await post(`${LG}/order/sign`, { id: orderId });
    expect(refused.body).toMatchObject({ code: 400 });
    expect(refused.body.msg).toContain('承运商「测试物流」不是往来单位中的供应商');
    await post('/api/izs-base/related-party/save', { code: 'WL8001', name: '测试物流', type: 'supplier' });
    const sign = await post(`${LG}/order/sign`, { id: orderId });
    expect(sign.body.data).toMatchObject({ state: 'signed', freightAmount: '568.58', carrierName: '测试物流' });
    expect(sign.body.data.payableRef).toMatch(/^YF\d{12}$/);
    expect(sign.body.data.signTime).not.toBeNull();
    const again = await post(`${LG}/order/sign`, { id: orderId });
    expect(again.body).toMatchObject({ code: 400, msg: '已签收的运输单不能签收' });
  });

  it('cancels a pending order with a reason; a car on another order cannot be dispatched twice', async () => {
    const s = await sites();
    await post(`${LG}/order/save`, {
      originSiteId: s[1].id,
      destSiteId: s[3].id,
      materialName: '废纸',
      plannedWeightT: '10',
      freightMode: 'trip',
      freightPrice: '300',
      carrierName: '取消测试',
    });
    const page = await get(`${LG}/order/page`, { size: 50, state: 'pending' });
    const o = page.body.data.records.find((x: { carrierName: string }) => x.carrierName === '取消测试');
    const busyCar = (await cars()).find((c) => c.plate === '粤E·A1234')!; // on a demo order in transit
    const [drv] = await drivers();
    const busy = await post(`${LG}/order/dispatch`, { id: o.id, carId: busyCar.id, driverId: drv.id });
    expect(busy.body.code).toBe(400);
    expect(busy.body.msg).toMatch(/^该车辆正在执行运输单 YD/);
    const c = await post(`${LG}/order/cancel`, { id: o.id, reason: '客户改期' });
    expect(c.body.data).toMatchObject({ state: 'cancelled' });
    expect(c.body.data.cancelTime).not.toBeNull();
  });

  it('needs the edit button (clerk has it: logistics is the clerk area); no token → 401', async () => {
    const r = await call(t, `${LG}/order/start`, { body: { id: '1' } });
    expect(r.status).toBe(401);
  });
});

describe('fleet warnings', () => {
  it('cars and drivers answer expiry warnings; the device token is never answered', async () => {
    const list = await cars();
    expect(list.find((c) => c.plate === '粤A·C9012')?.certWarning).toBe('道路运输证已过期');
    expect(list.find((c) => c.plate === '粤E·B5678')?.certWarning).toBe('保险30天内到期');
    expect(JSON.stringify(list)).not.toContain('deviceToken');
    const d = await drivers();
    expect(d.find((x) => x.name === '周伟')?.licenceWarning).toBe('已过期');
  });
  it('a geofence must be a JSON ring of at least three points', async () => {
    const r = await post(`${LG}/site/save`, { name: '坏围栏', kind: 'receive', lon: 113, lat: 23, fence: '[[1,2]]' });
    expect(r.body).toMatchObject({ code: 400 });
    expect(r.body.msg).toContain('围栏格式不正确');
  });
});

function subscribe(token: string, topic: string): Promise<{ client: Client; got: IMessage[] }> {
  const url = `${t.base.replace('http', 'ws')}${LG}/ws`;
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
      connectHeaders: { Authorization: `Bearer ${token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    const got: IMessage[] = [];
    client.onConnect = () => {
      client.subscribe(topic, (m) => got.push(m));
      setTimeout(() => resolve({ client, got }), 100);
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('position ingest, live push and alarms', () => {
  const T0 = Date.now() - 60_000;
  const dev = '13900000005'; // demo car 粤E·G2468

  it('the gateway endpoints need the gateway token', async () => {
    const r = await gw(`${LG}/ingest/gateway`, { positions: [] }, 'wrong');
    expect(r.status).toBe(401);
    const reg = await gw(`${LG}/ingest/gateway/register`, { terminal: dev });
    const code5 = await deviceTokenOf(t, dev);
    expect(code5).toMatch(/^[0-9a-f]{24}$/); // random per installation
    expect(reg.body.data).toEqual({ result: 0, authCode: code5, locked: false });
    const unknown = await gw(`${LG}/ingest/gateway/register`, { terminal: '13999999999' });
    expect(unknown.body.data.result).toBe(4);
    expect((await gw(`${LG}/ingest/gateway/auth`, { terminal: dev, code: code5 })).body.data.ok).toBe(true);
    expect((await gw(`${LG}/ingest/gateway/auth`, { terminal: dev, code: 'nope' })).body.data.ok).toBe(false);
  });

  it('stores good positions once, refuses and logs unknown terminals and future times, pushes to subscribers', async () => {
    const sub = await subscribe(clerk, '/topic/vehicle');
    const p = (i: number, over: Record<string, unknown> = {}) => ({
      terminal: dev,
      time: T0 + i * 1000,
      lon: 113.05 + i * 0.0003,
      lat: 23.1,
      speed: 40,
      direction: 90,
      ...over,
    });
    const r = await gw(`${LG}/ingest/gateway`, {
      positions: [
        p(0),
        p(1),
        p(1),
        p(2, { terminal: '13999999999' }),
        p(3, { time: Date.now() + 3600_000 }),
        { bad: 1 },
      ],
    });
    expect(r.body.data.results).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
      { ok: false, msg: '未知终端' },
      { ok: false, msg: '位置时间晚于服务器时间' },
      { ok: false, msg: expect.stringContaining('位置格式不正确') },
    ]);
    const db = t.database.db;
    const carId = (await cars()).find((c) => c.gpsDeviceId === dev)!.id;
    const rows = await db.select().from(lgPosition).where(eq(lgPosition.carId, carId));
    const recent = rows.filter((x) => x.time.getTime() >= T0);
    expect(recent).toHaveLength(2); // the re-sent one is stored once; refused ones never
    const rejects = await db.select().from(lgIngestReject);
    expect(rejects.map((x) => x.reason)).toEqual(expect.arrayContaining(['未知终端', '位置时间晚于服务器时间']));
    await sleep(100);
    const pushes = sub.got.flatMap((m) => JSON.parse(m.body)); // one message per stored batch: an array
    expect(pushes.filter((x) => x.carId === carId).length).toBeGreaterThanOrEqual(2);
    await sub.client.deactivate();

    const live = await get(`${LG}/vehicle/live`);
    const v = live.body.data.find((x: { carId: string }) => x.carId === carId);
    expect(v).toMatchObject({ motion: 'moving', speed: 40 });
    expect(v.lon).toBeCloseTo(113.05 + 0.0003, 6);
  });

  it('overspeed for 10 s raises one alarm, pushed live; 确认 and 处理 with a note', async () => {
    const sub = await subscribe(admin, '/topic/alarm');
    const base = Date.now() - 30_000;
    const positions = Array.from({ length: 13 }, (_, i) => ({
      terminal: dev,
      time: base + i * 1000,
      lon: 113.2 + i * 0.0003,
      lat: 23.05,
      speed: 96,
      direction: 90,
    }));
    await gw(`${LG}/ingest/gateway`, { positions });
    await sleep(150);
    const pushed = sub.got.flatMap((m) => JSON.parse(m.body));
    expect(pushed.filter((a) => a.type === 'overspeed')).toHaveLength(1);
    await sub.client.deactivate();
    const page = await get(`${LG}/alarm/page`, { type: 'overspeed', handleState: 0 });
    const a = page.body.data.records[0];
    expect(a).toMatchObject({ plate: '粤E·G2468', type: 'overspeed', handleState: 0 });
    expect(a.detail).toContain('超过限速 80 km/h');
    expect((await post(`${LG}/alarm/ack`, { ids: [a.id] })).body.data.updated).toBe(1);
    const empty = await post(`${LG}/alarm/handle`, { id: a.id, note: ' ' });
    expect(empty.body).toMatchObject({ code: 400, msg: '请填写处理说明' });
    const h = await post(`${LG}/alarm/handle`, { id: a.id, note: '已电话提醒司机减速' });
    expect(h.body.data).toMatchObject({ handleState: 2, handleNote: '已电话提醒司机减速', handlerName: '管理员' });
    const twice = await post(`${LG}/alarm/handle`, { id: a.id, note: '再处理' });
    expect(twice.body).toMatchObject({ code: 400, msg: '报警不存在或已处理' });
  });

  it('entering a site geofence raises 进入围栏 after two fixes inside', async () => {
    const s = (await sites()).find((x) => x.name === '顺德钢厂收货点')!;
    const base = Date.now() - 20_000;
    const track = [-0.02, -0.01, 0, 0.001].map((d, i) => ({
      terminal: dev,
      time: base + i * 1000,
      lon: s.lon + d,
      lat: s.lat,
      speed: 20,
      direction: 90,
    }));
    await gw(`${LG}/ingest/gateway`, { positions: track });
    const page = await get(`${LG}/alarm/page`, { type: 'fence_in' });
    expect(page.body.data.records[0].detail).toBe('进入围栏「顺德钢厂收货点」');
  });

  it('phone apps post with their device token', async () => {
    const token4 = await deviceTokenOf(t, '13900000004');
    const bad = await post(`${LG}/ingest/device`, {
      deviceId: '13900000004',
      token: 'x',
      points: [{ time: Date.now(), lon: 113, lat: 23 }],
    });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('设备号或鉴权码不正确');
    const ok = await post(`${LG}/ingest/device`, {
      deviceId: '13900000004',
      token: token4,
      points: [
        { time: Date.now() - 2000, lon: 113.3, lat: 23.1, speed: 30 },
        { time: Date.now() + 86_400_000, lon: 113.3, lat: 23.1 },
      ],
    });
    expect(ok.body.data).toEqual({ stored: 1, refused: [{ index: 1, msg: '位置时间晚于服务器时间' }] });
    const badBody = await post(`${LG}/ingest/device`, { deviceId: '13900000004', token: token4, points: [] });
    expect(badBody.body).toMatchObject({ code: 400, msg: '没有位置' });
  });

  it('the seeded track replays with its 12-minute stop; a bad day is refused', async () => {
    const car = (await cars()).find((c) => c.plate === '粤E·G2468')!;
    // the day of the seeded track: that of its handled 长时间停车 alarm
    const stop = await get(`${LG}/alarm/page`, { type: 'long_stop', handleState: 2 });
    const day = String(stop.body.data.records.at(-1).time).slice(0, 10);
    const r = await get(`${LG}/track`, { carId: car.id, day });
    expect(r.body.data.points.length).toBeGreaterThan(900);
    const long = r.body.data.stops.filter((s: { seconds: number }) => s.seconds >= 600);
    expect(long).toHaveLength(1);
    expect(long[0].seconds).toBeGreaterThanOrEqual(715);
    const bad = await get(`${LG}/track`, { carId: car.id, day: '2026/1/1' });
    expect(bad.body).toMatchObject({ code: 400, msg: '日期格式应为yyyy-MM-dd' });
  });
});

describe('retention', () => {
  it('thins positions older than 7 days to one per 30 s and deletes those older than a year', async () => {
    const { thinPositions } = await import('../../server/modules/izs-logistical/retention.ts');
    const db = t.database.db;
    const carId = (await cars()).find((c) => c.plate === '粤A·F7890')!.id;
    const now = Date.now();
    const old = Math.floor((now - 7.5 * 86_400_000) / 30_000) * 30_000; // a bucket boundary, 7.5 days ago
    const rows = [
      ...Array.from({ length: 120 }, (_, i) => old + i * 1000), // 4 buckets of 30 s
      now - 400 * 86_400_000,
      now - 1000,
      now - 2000,
    ].map((time) => ({ carId, time: new Date(time), tenantId: '000000', lon: 113, lat: 23 }));
    await db.insert(lgPosition).values(rows).onConflictDoNothing();
    const r = await thinPositions(db, new Date(now));
    expect(r).toEqual({ thinned: 116, deleted: 1 });
    const left = await db.select().from(lgPosition).where(eq(lgPosition.carId, carId));
    const times = left.map((x) => x.time.getTime());
    expect(times.filter((x) => x >= old && x < old + 120_000).sort()).toEqual([
      old,
      old + 30_000,
      old + 60_000,
      old + 90_000,
    ]);
    expect(times).toContain(now - 1000);
    expect(times).not.toContain(now - 400 * 86_400_000);
  });
});

describe('ingest cost (issue 25)', () => {
  it('an order that starts moving is checked against its route at once (routes are read again when an order moves)', async () => {
    const dev = '13900000005'; // 粤E·G2468: its order was signed above, it is free
    const s = await sites();
    await post(`${LG}/order/save`, {
      originSiteId: s[0].id,
      destSiteId: s[1].id,
      materialName: '路线测试',
      plannedWeightT: '10',
      freightMode: 'trip',
      freightPrice: '300',
      carrierName: '路线测试物流',
    });
    const page = await get(`${LG}/order/page`, { size: 50, state: 'pending' });
    const o = page.body.data.records.find((x: { carrierName: string }) => x.carrierName === '路线测试物流');
    const car = (await cars()).find((c) => c.gpsDeviceId === dev)!;
    const [drv] = await drivers();
    expect((await post(`${LG}/order/dispatch`, { id: o.id, carId: car.id, driverId: drv.id })).body.code).toBe(200);
    const fix = (time: number) => ({ terminal: dev, time, lon: 113.4, lat: 23.1, speed: 40, direction: 90 });
    // a fix before the start: the car has no route in transit (and the ingest knows it)
    const now = Date.now();
    expect((await gw(`${LG}/ingest/gateway`, { positions: [fix(now - 5000)] })).body.data.results).toEqual([
      { ok: true },
    ]);
    // the planned route (set by the seed or an integration; no screen edits it), ~100 km from the car
    await t.database.db
      .update(lgOrder)
      .set({
        route: JSON.stringify([
          [114.3, 24],
          [114.4, 24],
        ]),
      })
      .where(eq(lgOrder.id, o.id));
    expect((await post(`${LG}/order/start`, { id: o.id })).body.data.state).toBe('in_transit');
    await gw(`${LG}/ingest/gateway`, { positions: [fix(now - 4000), fix(now - 3000)] });
    const alarms = await get(`${LG}/alarm/page`, { type: 'off_route', size: 50 });
    const mine = alarms.body.data.records.filter((a: { carId: string }) => a.carId === car.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].detail).toMatch(/^偏离计划路线 \d+ 米$/);
    await post(`${LG}/order/deliver`, { id: o.id, deliveredWeightT: '10' });
  });

  describe('the ingestor itself (grouping depends on when requests arrive, so it is checked here)', () => {
    const log = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
    const dev = (i: number) => String(13800000000 + i);
    const statements: string[] = [];
    type Client = { query: (...a: unknown[]) => Promise<unknown> };
    let client: Client;
    let query: Client['query'];
    beforeAll(async () => {
      await t.database.db.execute(sql`insert into lg_car (tenant_id, plate, car_type, gps_device_id, device_token)
        select '000000', '测试' || g, 'dump', (13800000000 + g)::text, 'tok' from generate_series(0, 9) g`);
      client = (t.database.db as unknown as { $client: Client }).$client;
      query = client.query;
      client.query = (text: unknown, ...rest: unknown[]) => {
        // PGlite is called with the text, node-postgres with a query config ({ name, text, values }) or the text
        const q = typeof text === 'object' && text !== null ? (text as { text: string }).text : String(text);
        statements.push(q.replace(/\s+/g, ' '));
        return query.call(client, text, ...rest);
      };
    });
    afterAll(() => {
      client.query = query;
    });
    const T0 = Date.now() - 60_000;
    const point = (i: number, over: Partial<IngestPoint> = {}): IngestPoint => ({
      time: T0 + i * 1000,
      lon: 113 + i * 0.001,
      lat: 23,
      speed: 30,
      direction: 90,
      ...over,
    });
    const stored = async (car: string) =>
      (
        await sqlRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from lg_position p join lg_car c on c.id = p.car_id
               where c.gps_device_id = ${car}`,
        )
      )[0].n;

    it('the batches of one turn of the event loop are one INSERT; every car is read in one query', async () => {
      const ing = new Ingestor(t.database.db, null, log, 'Asia/Shanghai');
      statements.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, k) =>
          ing.ingest('jt808', [
            { device: dev(k), point: point(0) },
            { device: dev(k), point: point(1) },
          ]),
        ),
      );
      expect(answers.flat()).toEqual(Array.from({ length: 12 }, () => ({ ok: true })));
      expect(statements.filter((x) => /insert into "?lg_position/.test(x))).toHaveLength(1);
      expect(statements.filter((x) => /from "lg_car"/.test(x))).toHaveLength(1);
      for (let k = 0; k < 6; k++) expect(await stored(dev(k))).toBe(2);
      await ing.ingest('jt808', [{ device: dev(0), point: point(1) }]); // re-sent: stored once
      expect(await stored(dev(0))).toBe(2);
    });

    it('a batch the database refuses does not refuse the other batches of its group', async () => {
      const ing = new Ingestor(t.database.db, null, log, 'Asia/Shanghai');
      // a mileage past the range of a real: the database refuses the whole statement
      const [good, bad, other] = await Promise.allSettled([
        ing.ingest('jt808', [{ device: dev(7), point: point(5) }]),
        ing.ingest('jt808', [{ device: dev(8), point: point(5, { mileageKm: 1e300 }) }]),
        ing.ingest('jt808', [{ device: dev(9), point: point(5) }]),
      ]);
      expect(good).toMatchObject({ status: 'fulfilled', value: [{ ok: true }] });
      expect(other).toMatchObject({ status: 'fulfilled', value: [{ ok: true }] });
      expect(bad.status).toBe('rejected');
      expect([await stored(dev(7)), await stored(dev(8)), await stored(dev(9))]).toEqual([1, 0, 1]);
    });
  });
});
