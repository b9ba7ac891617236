/**
 * STOMP broker benchmark (spec §7.9, the embedded broker at /api/izs-weighing/ws):
 *
 *   20 simulated scales × 10 readings/s → the broker → 20 subscribed clients, for 60 s.
 *   Targets: readings lost = 0; reading-to-client latency p99 ≤ 50 ms (measured when the STOMP client gets the
 *   MESSAGE, i.e. before the admin's 100 ms display debounce in features/weighing/scale-link.ts).
 *
 * The server runs in its own process (`server/main.ts`, fresh PGlite in a temp DATA_DIR, captcha off) so that the
 * load generator does not share its event loop. Every scale is one @stomp/stompjs connection over `ws` with its own
 * token (like a scale bridge): CONNECT with `Authorization: Bearer`, `/app/chat.addUser` (JOIN), then
 * `/app/chat.sendMessage` every 100 ms with `content` = JSON {scale, seq, t} (t = send time, performance.now()
 * of this process). The 20 subscribers are STOMP connections of the same tenant and department on /topic/public;
 * each must get every reading of every scale (20 × 10 × 20 = 4,000 MESSAGE frames/s out of the broker).
 *
 *   npm run bench:stomp                     # 60 s
 *   npm run bench:stomp -- --seconds 10     # quick run
 *   npm run bench:stomp -- --scales 20 --clients 20 --rate 10
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { StompBroker } from '../core/stomp/broker.ts';
import { arg, cpuSeconds, loadLine, ms, signIn, startServer, stats } from './lib.ts';

const SECONDS = Number(arg('seconds', 'BENCH_SECONDS', '60'));
const SCALES = Number(arg('scales', 'BENCH_SCALES', '20'));
const CLIENTS = Number(arg('clients', 'BENCH_CLIENTS', '20'));
const RATE = Number(arg('rate', 'BENCH_RATE', '10'));
const DRAIN_MS = 5_000;

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function connect(url: string, token: string, deptId: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
      connectHeaders: { Authorization: `Bearer ${token}`, 'Current-Dept-Id': deptId },
      reconnectDelay: 0,
      // what the scale bridge and the admin use
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
    });
    const timer = setTimeout(() => reject(new Error('CONNECT timed out')), 20_000);
    client.onConnect = () => {
      clearTimeout(timer);
      resolve(client);
    };
    client.onStompError = (f) => reject(new Error(`ERROR ${f.headers.message} ${f.body}`));
    client.onWebSocketClose = (e) => reject(new Error(`socket closed ${e.code}`));
    client.activate();
  });
}

interface Sub {
  got: number;
  joins: number;
  dup: number;
  outOfOrder: number;
  /** per scale: the last seq seen */
  last: Int32Array;
  lat: number[];
  /** scale → broker (server's `time` stamp, ms resolution) and broker → client */
  up: number[];
  down: number[];
}

/**
 * The broker core alone (no sockets, no hooks' checks): µs to route and encode one reading for CLIENTS
 * subscribers of one partition — its share of the server's CPU at the benchmark's rate.
 */
async function brokerCoreCost(): Promise<number> {
  const broker = new StompBroker<{ u: string }>({
    authenticate: async () => ({ principal: { u: 'bench' }, partition: 'p' }),
    send: () => undefined,
  });
  const sessions = Array.from({ length: CLIENTS }, () =>
    broker.attach({ send: () => undefined, close: () => undefined }),
  );
  for (const s of sessions) {
    s.receive('CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:sub-0\ndestination:/topic/public\n\n\0');
  }
  await sleep(50);
  const body = JSON.stringify({
    sender: '1500000000000000001',
    content: JSON.stringify({ scale: 3, seq: 1234, t: 12345.678, value: '35260' }),
    type: 'CHAT',
    account: 'admin',
    time: Date.now(),
  });
  const headers = { 'content-type': 'application/json;charset=utf-8' };
  for (let i = 0; i < 5_000; i++) broker.publish('p', '/topic/public', body, headers);
  const n = 30_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) broker.publish('p', '/topic/public', body, headers);
  const us = ((performance.now() - t0) * 1000) / n;
  broker.closeAll();
  return us;
}

async function main() {
  console.log(
    `Loopyard STOMP bench — ${SCALES} scales × ${RATE} readings/s → ${CLIENTS} subscribers, ${SECONDS} s (${loadLine()})`,
  );
  const coreUs = await brokerCoreCost();
  console.log(
    `broker core alone (no sockets): ${coreUs.toFixed(0)} µs to route + encode one reading for ${CLIENTS} subscribers = ${((coreUs * SCALES * RATE) / 1e4).toFixed(1)} % of a core at ${SCALES * RATE} readings/s`,
  );
  const server = await startServer({ seedDemo: false, probe: true });
  const url = `${server.base.replace('http', 'ws')}/api/izs-weighing/ws`;
  try {
    // tokens: one per scale (each bridge signs in), one shared by the subscribers (screens of one user)
    const first = await signIn(server.base);
    const deptId = first.dept_id.split(',')[0];
    const scaleTokens: string[] = [];
    for (let i = 0; i < SCALES; i++) scaleTokens.push((await signIn(server.base)).access_token);

    // subscribers
    const subs: Sub[] = [];
    const subClients: Client[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const c = await connect(url, first.access_token, deptId);
      const s: Sub = {
        got: 0,
        joins: 0,
        dup: 0,
        outOfOrder: 0,
        last: new Int32Array(SCALES).fill(-1),
        lat: [],
        up: [],
        down: [],
      };
      c.subscribe('/topic/public', (m: IMessage) => {
        const now = performance.now();
        const d = JSON.parse(m.body) as { type: string; content?: string; time: number };
        if (d.type === 'JOIN') {
          s.joins++;
          return;
        }
        const r = JSON.parse(d.content!) as { scale: number; seq: number; t: number };
        if (r.seq === s.last[r.scale]) s.dup++;
        else if (r.seq < s.last[r.scale]) s.outOfOrder++;
        else {
          s.got++;
          s.last[r.scale] = r.seq;
          s.lat.push(now - r.t);
          // epoch ms on both sides (same machine clock): where the time went
          s.up.push(d.time - (performance.timeOrigin + r.t));
          s.down.push(performance.timeOrigin + now - d.time);
        }
      });
      subs.push(s);
      subClients.push(c);
    }

    // scales: connect, JOIN — and wait until every subscriber saw every JOIN (routing is in place)
    const scales: Client[] = [];
    for (let i = 0; i < SCALES; i++) scales.push(await connect(url, scaleTokens[i], deptId));
    await sleep(200);
    for (const c of scales)
      c.publish({ destination: '/app/chat.addUser', body: JSON.stringify({ sender: deptId, type: 'JOIN' }) });
    const joinDeadline = Date.now() + 10_000;
    while (subs.some((s) => s.joins < SCALES) && Date.now() < joinDeadline) await sleep(20);
    if (subs.some((s) => s.joins < SCALES)) throw new Error('not every subscriber saw every JOIN');

    // run: each scale ticks every 1000/RATE ms on an absolute schedule (no drift), start times staggered
    const sent = new Int32Array(SCALES);
    const period = 1000 / RATE;
    server.probe.reset();
    const cpu0 = cpuSeconds(server.pid);
    const own0 = cpuSeconds(process.pid);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    let lateTicks = 0;
    await Promise.all(
      scales.map(async (c, i) => {
        let next = t0 + (i * period) / SCALES;
        for (;;) {
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
          else if (wait < -period) lateTicks++;
          if (next >= end) break;
          const reading = { scale: i, seq: sent[i], t: performance.now(), value: String(35_000 + (sent[i] % 500)) };
          c.publish({
            destination: '/app/chat.sendMessage',
            body: JSON.stringify({ sender: deptId, content: JSON.stringify(reading), type: 'CHAT' }),
          });
          sent[i]++;
          next += period;
        }
      }),
    );
    const runMs = performance.now() - t0;
    const totalSent = sent.reduce((a, b) => a + b, 0);
    const expected = totalSent * CLIENTS;
    const drain0 = performance.now();
    while (subs.reduce((a, s) => a + s.got, 0) < expected && performance.now() - drain0 < DRAIN_MS) await sleep(20);
    const cpu1 = cpuSeconds(server.pid);
    const own1 = cpuSeconds(process.pid);
    const probe = await server.probe.read();
    loop.disable();

    const got = subs.reduce((a, s) => a + s.got, 0);
    const lost = expected - got;
    const lat = stats(subs.flatMap((s) => s.lat));
    const dup = subs.reduce((a, s) => a + s.dup, 0);
    const ooo = subs.reduce((a, s) => a + s.outOfOrder, 0);
    const worst = Math.min(...subs.map((s) => s.got));
    console.log(`server: ${server.where} (own process, pid ${server.pid})`);
    console.log(
      `published ${totalSent} readings in ${(runMs / 1000).toFixed(1)} s = ${(totalSent / (runMs / 1000)).toFixed(1)}/s (target ${SCALES * RATE}/s; ${lateTicks} ticks >1 period late)`,
    );
    console.log(
      `deliveries expected ${expected}, got ${got} (${(got / (runMs / 1000)).toFixed(0)} MESSAGE/s), worst subscriber ${worst}/${totalSent}`,
    );
    console.log(
      `readings lost: ${lost}  (target 0: ${lost === 0 ? 'met' : 'MISSED'}); duplicates ${dup}, out of order ${ooo}`,
    );
    console.log(
      `latency reading → client: p50 ${ms(lat.p50)}  p99 ${ms(lat.p99)}  max ${ms(lat.max)}  mean ${ms(lat.mean)}  (p99 ≤ 50 ms: ${lat.p99 <= 50 ? 'met' : 'MISSED'})`,
    );
    console.log(
      `server CPU: ${(cpu1 - cpu0).toFixed(1)} s over ${((runMs + (performance.now() - drain0)) / 1000).toFixed(1)} s = ${(((cpu1 - cpu0) / (runMs / 1000)) * 100).toFixed(0)}% of one core`,
    );
    const up = stats(subs.flatMap((s) => s.up));
    const down = stats(subs.flatMap((s) => s.down));
    console.log(
      `  split (server clock, 1 ms resolution): scale → broker p50 ${ms(up.p50)} p99 ${ms(up.p99)} max ${ms(up.max)}; broker → client p50 ${ms(down.p50)} p99 ${ms(down.p99)} max ${ms(down.max)}`,
    );
    if (probe) {
      console.log(
        `server event-loop delay p50 ${ms(probe.p50)} p99 ${ms(probe.p99)} max ${ms(probe.max)}; GC ${probe.gcCount} pauses, max ${ms(probe.gcMax)}, total ${ms(probe.gcTotal)} (${Object.entries(
          probe.kinds,
        )
          .map(([k, v]) => `${k} ${v.n}× ≤${v.max.toFixed(1)} ms`)
          .join(
            ', ',
          )}); heap ${probe.heapMb[0].toFixed(0)} → ${probe.heapMb[1].toFixed(0)} MB, ${probe.heapMb[2].toFixed(0)} MB after a full GC (old space ${probe.oldSpaceMb.map((x) => x.toFixed(0)).join(' → ')} MB)`,
      );
    }
    console.log(
      `bench process CPU: ${(own1 - own0).toFixed(1)} s (${(((own1 - own0) / (runMs / 1000)) * 100).toFixed(0)}% of one core); its event-loop delay p99 ${ms(loop.percentile(99) / 1e6)} max ${ms(loop.max / 1e6)}`,
    );
    console.log(`after: ${loadLine()}`);
    await Promise.all([...scales, ...subClients].map((c) => c.deactivate()));
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
