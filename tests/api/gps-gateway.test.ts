// @vitest-environment node
/**
 * The JT/T 808 gateway (tools/gps-gateway) against the real server over TCP: register → auth → location report →
 * 0x8001 only once the position is stored; bad checksum refused and logged; reports before authentication refused;
 * a gateway that cannot reach the server acknowledges nothing, and after a gateway restart the terminals re-send
 * every unacknowledged report, so each acknowledged position is stored exactly once.
 */
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Deframer,
  decodeFrame,
  encodeAuth,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  type Message,
  MSG,
} from '../../core/logistics/jt808.ts';
import { simPhone } from '../../core/logistics/simulate.ts';
import { lgCar, lgIngestReject, lgPosition } from '../../server/db/schema/index.ts';
import { Gateway } from '../../tools/gps-gateway/gateway.ts';
import { simulateTerminals } from '../../tools/gps-gateway/simulate.ts';
import { Upstream } from '../../tools/gps-gateway/upstream.ts';
import { boot, deviceTokenOf, type TestApp } from './helpers.ts';

const TOKEN = 'gw-test-token';
let t: TestApp;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  process.env.GPS_GATEWAY_TOKEN = TOKEN;
  t = await boot();
}, 120_000);
afterAll(async () => {
  await t?.close();
  delete process.env.GPS_GATEWAY_TOKEN;
});

/** A raw terminal: write frames, read decoded replies. */
async function terminal(port: number) {
  const sock = net.connect(port, '127.0.0.1');
  await new Promise((r) => sock.on('connect', r));
  const de = new Deframer();
  const got: Message[] = [];
  sock.on('data', (c) => {
    for (const f of de.push(c)) {
      const r = decodeFrame(f);
      if (r.ok) got.push(r.msg);
    }
  });
  let serial = 0;
  const phone = simPhone(3);
  const send = (msgId: number, body: Uint8Array) => {
    serial++;
    sock.write(encodeFrame({ msgId, v2019: true, protocolVersion: 1, phone, serial, body }));
    return serial;
  };
  const reply = async (n: number) => {
    for (let i = 0; i < 100 && got.length < n; i++) await sleep(20);
    return got[n - 1];
  };
  return { sock, got, send, reply };
}

const general = (m: Message) => ({
  serial: (m.body[0] << 8) | m.body[1],
  id: (m.body[2] << 8) | m.body[3],
  result: m.body[4],
});

describe('gps gateway', () => {
  it('register → auth → location; the ack comes after the position is stored', async () => {
    const gw = new Gateway(new Upstream(t.base, TOKEN), () => undefined);
    const port = await gw.listen(0, '127.0.0.1');
    const term = await terminal(port);
    // a report before authentication is refused
    term.send(MSG.location, encodeLocation({ lat: 23, lon: 113, speed: 10, direction: 0, time: Date.now() }));
    expect(general(await term.reply(1))).toMatchObject({ id: MSG.location, result: 1 });
    term.send(
      MSG.register,
      encodeRegister(
        { province: 44, city: 600, maker: 'X', model: 'Y', terminalId: 'Z', plateColor: 2, plate: 'P' },
        true,
      ),
    );
    const reg = await term.reply(2);
    expect(reg.msgId).toBe(MSG.registerReply);
    expect(reg.body[2]).toBe(0);
    const code = new TextDecoder().decode(reg.body.subarray(3));
    expect(code).toBe(await deviceTokenOf(t, simPhone(3)));
    term.send(MSG.auth, encodeAuth(code, true, '860000000000003'));
    expect(general(await term.reply(3))).toMatchObject({ id: MSG.auth, result: 0 });
    term.send(MSG.heartbeat, new Uint8Array(0));
    expect(general(await term.reply(4))).toMatchObject({ id: MSG.heartbeat, result: 0 });
    const time = Math.floor(Date.now() / 1000) * 1000 - 5000;
    const s = term.send(MSG.location, encodeLocation({ lat: 22.9, lon: 113.4, speed: 55.5, direction: 270, time }));
    const ack = general(await term.reply(5));
    expect(ack).toEqual({ serial: s, id: MSG.location, result: 0 });
    const [car] = await t.database.db
      .select({ id: lgCar.id })
      .from(lgCar)
      .where(eq(lgCar.gpsDeviceId, simPhone(3)));
    const rows = await t.database.db
      .select()
      .from(lgPosition)
      .where(sql`${lgPosition.carId} = ${car.id} and ${lgPosition.time} = ${new Date(time)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lon: 113.4, lat: 22.9, source: 'jt808' });
    expect(rows[0].speed).toBeCloseTo(55.5, 3);

    // a bad checksum: no reply, logged with its hex at the server
    const bad = encodeFrame({
      msgId: MSG.heartbeat,
      v2019: true,
      protocolVersion: 1,
      phone: simPhone(3),
      serial: 99,
      body: new Uint8Array(0),
    });
    bad[bad.length - 2] ^= 0xff;
    term.sock.write(bad);
    await sleep(300);
    expect(term.got).toHaveLength(5);
    const rejects = await t.database.db.select().from(lgIngestReject).where(eq(lgIngestReject.reason, '校验码错误'));
    expect(rejects).toHaveLength(1);
    expect(rejects[0].raw).toMatch(/^[0-9a-f]+$/);
    term.sock.destroy();
    await gw.close();
  });

  it('nothing is acknowledged while the server is unreachable; after a restart every report is re-sent and stored once', async () => {
    // registration reaches the server; the position posts fail (as when the server is down)
    const up = new Upstream(t.base, TOKEN);
    let serverUp = true;
    const flaky = Object.assign(Object.create(Upstream.prototype), up, {
      position: (p: Parameters<Upstream['position']>[0]) => (serverUp ? up.position(p) : Promise.resolve(null)),
    }) as Upstream;
    const gwA = new Gateway(flaky, () => undefined);
    const port = await gwA.listen(0, '127.0.0.1');
    serverUp = false;
    const sim = simulateTerminals(3, '127.0.0.1', port, 1);
    await sleep(3000);
    expect(sim.stats.sent).toBeGreaterThanOrEqual(3);
    expect(sim.stats.acked).toBe(0);
    const sentWhileDown = sim.stats.sent;
    // restart: a new gateway process on the same port with the server reachable
    await gwA.close();
    const gwB = new Gateway(new Upstream(t.base, TOKEN), () => undefined);
    await gwB.listen(port, '127.0.0.1');
    await sleep(3500);
    sim.stop();
    await sleep(300);
    await gwB.close();
    expect(sim.stats.acked).toBeGreaterThanOrEqual(sentWhileDown);
    expect(sim.stats.acked + sim.pending()).toBe(sim.stats.sent);
    const cars = await t.database.db
      .select({ id: lgCar.id })
      .from(lgCar)
      .where(sql`${lgCar.gpsDeviceId} in (${simPhone(0)}, ${simPhone(1)}, ${simPhone(2)})`);
    const since = new Date(Date.now() - 30_000);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lgPosition)
      .where(
        sql`${lgPosition.carId} in (${sql.join(
          cars.map((c) => sql`${c.id}`),
          sql`, `,
        )}) and ${lgPosition.time} >= ${since}`,
      );
    // re-sent reports were stored once: one row per acknowledged report
    expect(n).toBe(sim.stats.acked);
  }, 30_000);
});
