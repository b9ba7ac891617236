// @vitest-environment node
/**
 * Issue 22's gateway seams. The track API marks each point 补传 or not (late positions are stored as history with
 * lg_position.late = 1). The JT/T 808 terminals' sign-ins under abuse (issue 22 "failed attempts counted without a row each"): a failed
 * 0x0102 鉴权 and a 0x0100 注册 of an unknown terminal are counted in the shared counter per terminal address (sent by
 * the gateway) and per terminal id — the same counters as the phone-app ingest — with one lg_ingest_reject row per
 * terminal and window; past either limit the gateway is told `locked` without the code being checked, answers the
 * terminal 失败 and hangs up. Frames the gateway refused are logged once per terminal and reason a window.
 */
import net from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayPosition } from '../../core/contract/izs-logistical/tracking.contract.ts';
import { Deframer, decodeFrame, encodeAuth, encodeFrame, type Message, MSG } from '../../core/logistics/jt808.ts';
import { simPhone } from '../../core/logistics/simulate.ts';
import { lgCar, lgIngestReject } from '../../server/db/schema/index.ts';
import { FAILURES_PER_ADDRESS, FAILURES_PER_DEVICE } from '../../server/modules/izs-logistical/device-guard.ts';
import { readGatewayPosition } from '../../server/modules/izs-logistical/gateway-position.ts';
import { Gateway } from '../../tools/gps-gateway/gateway.ts';
import { Upstream } from '../../tools/gps-gateway/upstream.ts';
import { boot, call, deviceTokenOf, login, type TestApp } from './helpers.ts';

const TOKEN = 'gw-sign-in-token';
const GW = '/api/izs-logistical/ingest/gateway';
let t: TestApp;

beforeAll(async () => {
  process.env.GPS_GATEWAY_TOKEN = TOKEN;
  t = await boot({ captchaMode: false });
}, 300_000);
afterAll(async () => {
  await t?.close();
  delete process.env.GPS_GATEWAY_TOKEN;
});

const gw = (path: string, body: object) =>
  call(t, `${GW}${path}`, { body, headers: { 'X-Gateway-Token': TOKEN } }) as Promise<{
    status: number;
    body: { code: number; data: Record<string, unknown>; msg: string };
  }>;
const rowsOf = async (terminal: string) =>
  (await t.database.db.select({ n: count() }).from(lgIngestReject).where(eq(lgIngestReject.terminal, terminal)))[0].n;

describe('gateway sign-ins are counted, not logged one row each', () => {
  it('a terminal guessed from many addresses is locked after its limit, even with the right code', async () => {
    const terminal = simPhone(4);
    const answers: unknown[] = [];
    for (let i = 0; i < FAILURES_PER_DEVICE + 3; i++) {
      const r = await gw('/auth', { terminal, code: `guess${i}`, address: `203.0.113.${i + 1}` });
      expect(r.status).toBe(200);
      answers.push(r.body.data);
    }
    expect(answers.slice(0, FAILURES_PER_DEVICE)).toEqual(
      Array(FAILURES_PER_DEVICE).fill({ ok: false, locked: false }),
    );
    expect(answers.slice(FAILURES_PER_DEVICE)).toEqual(Array(3).fill({ ok: false, locked: true }));
    expect(await rowsOf(terminal)).toBe(1);
    const right = await gw('/auth', { terminal, code: await deviceTokenOf(t, terminal), address: '203.0.113.99' });
    expect(right.body.data).toEqual({ ok: false, locked: true });
    // the phone-app ingest shares the counter: the same device id waits there too
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/izs-logistical/ingest/device',
      remoteAddress: '203.0.113.98',
      payload: {
        deviceId: terminal,
        token: await deviceTokenOf(t, terminal),
        points: [{ time: Date.now() - 1000, lon: 113.3, lat: 23.1 }],
      },
    });
    expect(app.statusCode).toBe(429);
  });

  it('one address registering unknown terminals is locked after its limit; one row per terminal', async () => {
    const results: unknown[] = [];
    for (let i = 0; i < FAILURES_PER_ADDRESS + 3; i++) {
      const r = await gw('/register', { terminal: `1770000${String(i).padStart(4, '0')}`, address: '198.51.100.9' });
      results.push(r.body.data);
    }
    expect(results.slice(0, FAILURES_PER_ADDRESS)).toEqual(
      Array(FAILURES_PER_ADDRESS).fill({ result: 4, authCode: '', locked: false }),
    );
    expect(results.slice(FAILURES_PER_ADDRESS)).toEqual(Array(3).fill({ result: 4, authCode: '', locked: true }));
    // a known terminal from that address is locked too (no 鉴权码 handed out), from another address it registers
    const known = simPhone(5);
    expect((await gw('/register', { terminal: known, address: '198.51.100.9' })).body.data).toMatchObject({
      locked: true,
      authCode: '',
    });
    expect((await gw('/register', { terminal: known, address: '198.51.100.10' })).body.data).toEqual({
      result: 0,
      authCode: await deviceTokenOf(t, known),
      locked: false,
    });
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(lgIngestReject)
      .where(sql`${lgIngestReject.terminal} like '1770000%'`);
    expect(n).toBe(FAILURES_PER_ADDRESS);
  });

  it('a flood of refused frames from one terminal writes one row per reason', async () => {
    for (let i = 0; i < 40; i++) {
      const r = await gw('/reject', {
        terminal: '17799990000',
        reason: '校验码错误',
        raw: `7e${i}7e`,
        address: '192.0.2.1',
      });
      expect(r.status).toBe(200);
    }
    await gw('/reject', { terminal: '17799990000', reason: '转义错误', raw: '7e7d037e', address: '192.0.2.1' });
    expect(await rowsOf('17799990000')).toBe(2);
  });
});

describe('through the gateway', () => {
  it('a terminal sending wrong 鉴权码 is answered 失败, then locked and hung up', { timeout: 60_000 }, async () => {
    const g = new Gateway(new Upstream(t.base, TOKEN), () => undefined);
    const port = await g.listen(0, '127.0.0.1');
    const phone = simPhone(6);
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((r) => sock.on('connect', r));
    let closed = false;
    sock.on('close', () => {
      closed = true;
    });
    const de = new Deframer();
    const got: Message[] = [];
    sock.on('data', (c) => {
      for (const f of de.push(c)) {
        const r = decodeFrame(f);
        if (r.ok) got.push(r.msg);
      }
    });
    const results: number[] = [];
    for (let i = 1; i <= FAILURES_PER_DEVICE + 1 && !closed; i++) {
      sock.write(
        encodeFrame({
          msgId: MSG.auth,
          v2019: true,
          protocolVersion: 1,
          phone,
          serial: i,
          body: encodeAuth(`wrong${i}`, true, '860000000000006'),
        }),
      );
      for (let k = 0; k < 200 && got.length < i; k++) await new Promise((r) => setTimeout(r, 20));
      results.push(got[i - 1]?.body[4] ?? -1);
    }
    for (let k = 0; k < 100 && !closed; k++) await new Promise((r) => setTimeout(r, 20));
    expect(results).toEqual(Array(FAILURES_PER_DEVICE + 1).fill(1));
    expect(closed).toBe(true);
    expect(await rowsOf(phone)).toBe(1);
    const [row] = await t.database.db.select().from(lgIngestReject).where(eq(lgIngestReject.terminal, phone));
    expect(row.raw).toMatch(/^address=(::ffff:)?127\.0\.0\.1$/);
    sock.destroy();
    await g.close();
  });
});

describe('the track API', () => {
  it('answers late per point: a 补报 item and a 30-minute-old report are 补传, a live one is not', async () => {
    const terminal = simPhone(2);
    const now = Math.floor(Date.now() / 1000) * 1000;
    const at = (ms: number, late = false) => ({
      terminal,
      time: ms,
      lon: 113.3 + (now - ms) / 1e9,
      lat: 23.1,
      speed: 30,
      direction: 90,
      located: true,
      late,
    });
    const sent = [at(now - 30 * 60_000), at(now - 3 * 60_000, true), at(now - 5_000)];
    const r = await call(t, GW, { body: { positions: sent }, headers: { 'X-Gateway-Token': TOKEN } });
    expect(r.body.data.results, JSON.stringify(r.body)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const [car] = await t.database.db.select({ id: lgCar.id }).from(lgCar).where(eq(lgCar.gpsDeviceId, terminal));
    const admin = (await login(t)).access_token;
    const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10); // Asia/Shanghai
    const points = new Map<number, boolean>();
    for (const day of new Set(sent.map((p) => dayOf(p.time)))) {
      const tr = await call(t, '/api/izs-logistical/track', { token: admin, query: { carId: car.id, day } });
      expect(tr.status, JSON.stringify(tr.body)).toBe(200);
      for (const p of tr.body.data.points as { time: number; late: boolean }[]) points.set(p.time, p.late);
    }
    expect(sent.map((p) => points.get(p.time))).toEqual([true, true, false]);
  });
});

// issue 25: the gateway's positions are checked by hand first (zod per position cost ~4 % of the server's CPU); the
// contract's schema stays the rule — every position below gets exactly zod's answer (data with its defaults, or the
// refusal naming the field)
describe('a gateway position is read exactly as the contract reads it', () => {
  const good = { terminal: '13900000001', time: 1764400000000, lon: 113.2, lat: 23.1, speed: 36.5, direction: 90 };
  const cases: [string, unknown][] = [
    ['the bench terminal’s report', { ...good, altitude: 0, alarmBits: 0, located: true, late: false }],
    ['defaults filled', good],
    ['mileage and 补报', { ...good, mileageKm: 123.4, late: true, located: false }],
    ['an unknown key dropped', { ...good, extra: 'x' }],
    ['edges', { ...good, lon: -180, lat: 90, speed: 400, direction: 359, altitude: -500, alarmBits: 2 ** 32 - 1 }],
    ['terminal with letters', { ...good, terminal: '1390000000a' }],
    ['terminal too long', { ...good, terminal: '1'.repeat(21) }],
    ['terminal a number', { ...good, terminal: 13900000001 }],
    ['time not an integer', { ...good, time: 1.5 }],
    ['time zero', { ...good, time: 0 }],
    ['time a string', { ...good, time: '1764400000000' }],
    ['lon out of range', { ...good, lon: 180.0001 }],
    ['lat out of range', { ...good, lat: -91 }],
    ['speed negative', { ...good, speed: -1 }],
    ['direction 360', { ...good, direction: 360 }],
    ['direction fractional', { ...good, direction: 1.5 }],
    ['altitude too high', { ...good, altitude: 10001 }],
    ['alarm bits negative', { ...good, alarmBits: -1 }],
    ['located a number', { ...good, located: 1 }],
    ['late null', { ...good, late: null }],
    ['mileage negative', { ...good, mileageKm: -0.1 }],
    ['mileage null', { ...good, mileageKm: null }],
    ['not an object', 'x'],
    ['null', null],
    ['an array', [good]],
  ];
  it.each(cases)('%s', (_, v) => {
    const z = gatewayPosition.safeParse(v);
    const expected = z.success
      ? { ok: true, data: z.data }
      : { ok: false, msg: `位置格式不正确：${z.error.issues[0]?.path.join('.')}` };
    expect(readGatewayPosition(v)).toEqual(expected);
  });
});
