// @vitest-environment node
/**
 * The anonymous device ingest (issue 22): rate-limited per address and per device id; failed sign-ins are counted
 * without a row each and lock out guessing; the refusals kept are pruned after INGEST_REJECT_RETENTION_DAYS; the
 * demo cars' tokens are random per installation and shown only to whoever may edit the car.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { lgCar, lgIngestReject } from '../../server/db/schema/index.ts';
import {
  CALLS_PER_DEVICE,
  FAILURES_PER_ADDRESS,
  FAILURES_PER_DEVICE,
  pruneIngestRejects,
} from '../../server/modules/izs-logistical/device-guard.ts';
import { boot, call, deviceTokenOf, login, type TestApp } from './helpers.ts';

const PATH = '/api/izs-logistical/ingest/device';
let t: TestApp;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const post = (from: string, body: object) =>
  t.app.inject({ method: 'POST', url: PATH, remoteAddress: from, payload: body as Record<string, unknown> });
const point = () => [{ time: Date.now() - 1000, lon: 113.3, lat: 23.1 }];
const rejects = async (terminal: string) =>
  (await t.database.db.select({ n: count() }).from(lgIngestReject).where(eq(lgIngestReject.terminal, terminal)))[0].n;

describe('failed sign-ins', () => {
  it('are counted, not written one row each; past the device limit the device id answers 429', async () => {
    const dev = '13900000001';
    const codes: number[] = [];
    for (let i = 0; i < FAILURES_PER_DEVICE + 5; i++) {
      // from many addresses: the device id's own count stops a distributed guess
      codes.push((await post(`203.0.113.${i + 1}`, { deviceId: dev, token: `guess${i}`, points: point() })).statusCode);
    }
    expect(codes.slice(0, FAILURES_PER_DEVICE)).toEqual(Array(FAILURES_PER_DEVICE).fill(401));
    expect(codes.slice(FAILURES_PER_DEVICE)).toEqual(Array(5).fill(429));
    expect(await rejects(dev)).toBe(1);
    // even the right token waits for the window: a guess that lands is not told apart
    const token = await deviceTokenOf(t, dev);
    const late = await post('203.0.113.200', { deviceId: dev, token, points: point() });
    expect(late.statusCode).toBe(429);
    expect(JSON.parse(late.body).msg).toMatch(/^设备鉴权失败次数过多/);
  });

  it('one address trying many device ids is stopped after its limit, with at most one row per id', async () => {
    const codes: number[] = [];
    for (let i = 0; i < FAILURES_PER_ADDRESS + 5; i++) {
      const r = await post('198.51.100.7', {
        deviceId: `1880000${String(i).padStart(4, '0')}`,
        token: 'x',
        points: point(),
      });
      codes.push(r.statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(FAILURES_PER_ADDRESS);
    expect(codes.slice(FAILURES_PER_ADDRESS)).toEqual(Array(5).fill(429));
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(lgIngestReject)
      .where(sql`${lgIngestReject.terminal} like '1880000%'`);
    expect(n).toBe(FAILURES_PER_ADDRESS);
    // another address and a real device are not affected
    const dev = '13900000002';
    const ok = await post('198.51.100.8', { deviceId: dev, token: await deviceTokenOf(t, dev), points: point() });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('calls', () => {
  it(`a device id is limited to ${CALLS_PER_DEVICE} calls a minute (429 past it)`, { timeout: 120_000 }, async () => {
    const dev = '13900000000';
    const token = await deviceTokenOf(t, dev);
    let last = 0;
    for (let i = 0; i < CALLS_PER_DEVICE; i++) {
      last = (await post(`192.0.2.${(i % 200) + 1}`, { deviceId: dev, token, points: point() })).statusCode;
      expect(last).toBe(200);
    }
    const over = await post('192.0.2.250', { deviceId: dev, token, points: point() });
    expect(over.statusCode).toBe(429);
    expect(JSON.parse(over.body).msg).toBe('上报过于频繁，请稍后再试');
  });
});

describe('retention', () => {
  it('INGEST_REJECT_RETENTION_DAYS: default 30, 0 keeps everything, nonsense refused', () => {
    expect(loadConfig({}).ingestRejectRetentionDays).toBe(30);
    expect(loadConfig({ INGEST_REJECT_RETENTION_DAYS: '7' }).ingestRejectRetentionDays).toBe(7);
    expect(loadConfig({ INGEST_REJECT_RETENTION_DAYS: '0' }).ingestRejectRetentionDays).toBe(0);
    expect(() => loadConfig({ INGEST_REJECT_RETENTION_DAYS: '1e1' })).toThrow(/INGEST_REJECT_RETENTION_DAYS/);
  });

  it('pruneIngestRejects deletes the refusals older than the setting and keeps the rest', async () => {
    const db = t.database.db;
    const old = new Date(Date.now() - 40 * 86_400_000);
    await db
      .insert(lgIngestReject)
      .values(Array.from({ length: 12 }, (_, i) => ({ source: 'app', terminal: `old${i}`, reason: 'x', time: old })));
    await db.insert(lgIngestReject).values({ source: 'app', terminal: 'fresh', reason: 'x' });
    expect(await pruneIngestRejects(db, 0)).toBe(0);
    expect(await pruneIngestRejects(db, 30)).toBeGreaterThanOrEqual(12);
    expect(await rejects('old0')).toBe(0);
    expect(await rejects('fresh')).toBe(1);
  });
});

describe('demo device tokens', () => {
  it('are random per installation, never the demo0000token pattern', async () => {
    const cars = await t.database.db.select({ token: lgCar.deviceToken }).from(lgCar);
    expect(cars.length).toBeGreaterThan(0);
    for (const c of cars) {
      expect(c.token).toMatch(/^[0-9a-f]{24}$/);
      expect(c.token).not.toMatch(/^demo\d{4}token$/);
    }
  });

  it('an administrator reads a car’s token where the car is managed; lists never carry it; no token, no answer', async () => {
    const admin = (await login(t)).access_token;
    const [car] = await t.database.db
      .select({ id: lgCar.id, token: lgCar.deviceToken })
      .from(lgCar)
      .where(eq(lgCar.gpsDeviceId, '13900000003'));
    const r = await call(t, '/api/izs-logistical/car/device-token', { token: admin, query: { id: car.id } });
    expect(r.body.data).toEqual({ plate: expect.any(String), gpsDeviceId: '13900000003', deviceToken: car.token });
    const list = await call(t, '/api/izs-logistical/car/page', { token: admin, query: { size: 50 } });
    expect(JSON.stringify(list.body)).not.toContain(car.token as string);
    const anonymous = await call(t, '/api/izs-logistical/car/device-token', { query: { id: car.id } });
    expect(anonymous.status).toBe(401);
  });
});
