/**
 * The simulated unattended lane against a running server, in real time (issue 24): the Modbus TCP relay board, the
 * LED / voice adapter and the trucks of a scenario file are simulated here; the lane driver runs the state machine,
 * captures through the server's HTTP endpoints, publishes the lane's snapshots on the weighbridge department's STOMP
 * channel (what 车道监控 shows); a clerk's takeover is claimed from the server (at the server's bell on the channel,
 * and every 2 s); a held truck waits until a supervisor releases or voids its weighing in 异常过磅 (polled every 2 s).
 *
 *   npm run lane-sim -- --server http://127.0.0.1:8080 --token <access token> --scale DB01
 *   npm run lane-sim -- --server … --token … --scale DB01 --scenario tools/scale-bridge/lane-demo.json --speed 2
 *
 * --scale: the weighbridge's code; --party / --material: ids for the first passes (default: the first supplier and
 * material of the select lists); --speed: simulated seconds per real second (default 1).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { takeoverBellOf } from '../../core/weighing/lane.ts';
import { HttpLaneBackend, issueSlips, LaneDriver, scannedCode } from './lane-driver.ts';
import { DisplayClient, RelayClient, startDisplay, startRelayBoard } from './lane-io.ts';
import { LaneWorld, type Scenario } from './lane-sim.ts';
import { StabilityDetector } from './stability.ts';
import { Upstream } from './upstream.ts';

function opt(name: string, def = ''): string {
  const a = process.argv.slice(2);
  const i = a.indexOf(`--${name}`);
  return i >= 0 ? (a[i + 1] ?? def) : def;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** A camera snapshot stand-in: an SVG of the lane with the plate (data URL). */
export function snapshotSvg(plate: string, kg: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#263238"/><rect x="20" y="120" width="280" height="30" fill="#546e7a"/><rect x="70" y="60" width="150" height="60" fill="#f9a825"/><rect x="220" y="80" width="50" height="40" fill="#fbc02d"/><rect x="110" y="95" width="80" height="18" fill="#fff"/><text x="150" y="109" font-size="12" text-anchor="middle" font-family="sans-serif">${plate}</text><text x="10" y="20" fill="#b0bec5" font-size="12" font-family="monospace">CAM1 ${new Date().toISOString().slice(11, 19)} ${kg} kg</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(readFileSync(import.meta.filename, 'utf8').split('*/')[0]);
    return;
  }
  const server = opt('server', 'http://127.0.0.1:8080');
  const token = opt('token');
  const code = opt('scale', 'DB01');
  const speed = Number(opt('speed', '1'));
  const sc = JSON.parse(readFileSync(opt('scenario', join(import.meta.dirname, 'lane-demo.json')), 'utf8')) as Scenario;
  if (!token) throw new Error('缺少 --token（登录令牌）');
  const headers = {
    'Blade-Auth': `bearer ${token}`,
    Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
    'Tenant-Id': '000000',
  };
  const get = async (path: string) => {
    const r = await fetch(`${server}${path}`, { headers });
    return ((await r.json()) as { data: Record<string, unknown>[] }).data;
  };
  const wb = (await get('/api/izs-base/weighbridge/select-list')).find((w) => w.code === code);
  if (!wb) throw new Error(`地磅 ${code} 不存在`);
  const party = opt('party') || String((await get('/api/izs-stock/supplier/select-list'))[0]?.id ?? '');
  const material = opt('material') || String((await get('/api/izs-base/material/select-list'))[0]?.id ?? '');
  const board = await startRelayBoard(await freePort());
  const display = await startDisplay();
  const relay = new RelayClient();
  await relay.connect('127.0.0.1', board.port);
  const led = new DisplayClient();
  await led.connect('127.0.0.1', display.port);
  const backend = new HttpLaneBackend(server, token, String(wb.id), {
    orderType: 'purchase',
    partyId: party,
    materialId: material,
  });
  const driver = new LaneDriver(
    { minKg: opt('min-kg', '400'), positionSensors: true },
    relay,
    led,
    backend,
    Date.now,
    (p, pass) => [`lane-sim/${p}-${pass}.jpg`],
  );
  const u = new URL(server);
  const upstream = new Upstream({
    brokerUrl: opt('broker', `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}/api/izs-weighing/ws`),
    mode: 'embedded',
    deptId: String(wb.deptId),
    tenantId: '000000',
    token,
    log: (m) => console.log(m),
    onContent: (c) => {
      // the server's bell: a takeover waits for this lane — claim it (the bell itself carries no command)
      if (takeoverBellOf(c)?.scale === code) queue.push(() => driver.takeovers().then(() => undefined));
    },
  });
  const queue: (() => Promise<void>)[] = [];
  let photo = '';
  driver.publish = { scale: code, send: (c) => upstream.sendContent(c), photo: () => photo };
  upstream.start();
  // trucks sent with a slip QR or a card: the back office issued their slips; the lane scans them itself
  const slips = await issueSlips(
    server,
    token,
    sc.visits.filter((v) => v.via === 'qr' || v.via === 'rfid').map((v) => v.plate),
    { partyId: party, materialId: material },
  );
  const world = new LaneWorld(sc, board);
  const stability = new StabilityDetector({
    minReadings: sc.physics.bridgeMinReadings,
    windowMs: sc.physics.bridgeWindowMs,
    tolerance: '20',
  });
  console.log(`模拟车道 ${code}：${sc.name}（${sc.visits.length} 辆，${speed} 倍速）`);
  let sim = 0;
  let lastPoll = 0;
  while (!world.done()) {
    const started = Date.now();
    const w = world.advance(sim);
    for (const a of w.arrivals) await driver.feed({ type: 'arrive', at: Date.now(), plate: a.visit.plate });
    for (const p of w.plates) {
      photo = snapshotSvg(p.visit.plateRead ?? p.visit.plate, String(w.value));
      const v = p.visit;
      const slipNo = slips.get(v.plate);
      if ((v.via === 'qr' || v.via === 'rfid') && slipNo) {
        await driver.scan(Date.now(), v.via, scannedCode(v.via, slipNo), v.plateRead ?? v.plate);
      } else await driver.identify(Date.now(), v.plate, v.plateRead ?? v.plate, 'camera');
      if (driver.lane.state === 'identified') world.drive();
    }
    while (queue.length) await queue.shift()?.();
    if (driver.lane.state === 'identified' && driver.lane.manualSteps > 0) world.drive();
    const i = await relay.inputs();
    await driver.reading(Date.now(), String(w.value), stability.add(String(w.value), Date.now(), w.motion), {
      front: i.front,
      rear: i.rear,
    });
    if (Date.now() - lastPoll >= 2000) {
      lastPoll = Date.now();
      await driver.poll();
      await driver.takeovers();
    }
    sim += sc.physics.tickMs;
    const wait = sc.physics.tickMs / speed - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  console.log('模拟车道：场景结束');
  await new Promise((r) => setTimeout(r, 2000));
  led.close();
  await relay.close();
  await board.close();
  await display.close();
  await upstream.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
