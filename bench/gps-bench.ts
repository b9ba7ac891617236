/**
 * GPS ingest benchmark (issue 13): 1,000 simulated JT/T 808 terminals at 1 Hz → the TCP gateway
 * (tools/gps-gateway) → the server's ingest (stored, alarms evaluated) → the STOMP broker → one map subscriber on
 * /topic/vehicle, for 60 s.
 *
 *   Targets: positions lost = 0 (every report sent in the window is acknowledged = stored; a stored report older
 *            than the car's shown position — a re-send after a reconnect — is not pushed to the map);
 *            report → map-subscriber latency p99 ≤ 200 ms (the terminal's send time to the subscriber's MESSAGE).
 *
 * Each part runs in its own process, as in production: the server (fresh PGlite, GPS_SIMULATOR off), the gateway
 * (`tools/gps-gateway/main.ts`), the terminals (`bench/gps-terminals.ts`, `--procs` processes, 2 by default) and
 * this process, which creates the cars through the API, subscribes like the map and joins each report's send time
 * (sent over IPC by the terminal process) with its push's arrival time (one clock: one machine).
 *
 *   npm run bench:gps                         # 1,000 terminals, 60 s
 *   npm run bench:gps -- --terminals 200 --seconds 10 --procs 1
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { LG } from '../core/contract/izs-logistical/fields.ts';
import { simPhone } from '../core/logistics/simulate.ts';
import { arg, cpuSeconds, freePort, loadLine, ms, ROOT, signIn, startServer, stats } from './lib.ts';

const N = Number(arg('terminals', 'BENCH_TERMINALS', '1000'));
const SECONDS = Number(arg('seconds', 'BENCH_SECONDS', '60'));
const PROCS = Math.max(1, Number(arg('procs', 'BENCH_PROCS', '2')));
const TOKEN = 'bench-gateway-token';
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
/** BENCH_PROF=dir: the server, the gateway and the terminal processes write V8 CPU profiles there (node --cpu-prof) */
const PROF = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];

console.log(`GPS bench: ${N} terminals × 1 Hz for ${SECONDS} s in ${PROCS} terminal process(es); ${loadLine()}`);
const server = await startServer({ env: { GPS_GATEWAY_TOKEN: TOKEN, GPS_SIMULATOR: 'off' }, nodeArgs: PROF });
const token = (await signIn(server.base)).access_token;
const headers = {
  'content-type': 'application/json',
  'Blade-Auth': `bearer ${token}`,
  Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
};

// cars for every terminal (the demo seed has 0…5)
const t0 = Date.now();
for (let i = 6; i < N; i += 20) {
  await Promise.all(
    Array.from({ length: Math.min(20, N - i) }, (_, k) =>
      fetch(`${server.base}${LG}/car/save`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          plate: `测${String(i + k).padStart(5, '0')}`,
          carType: 'dump',
          gpsDeviceId: simPhone(i + k),
        }),
      }).then((r) => r.json()),
    ),
  );
}
const carsRes = (await (await fetch(`${server.base}${LG}/car/list`, { headers })).json()) as {
  data: { id: string; gpsDeviceId: string }[];
};
const phoneOf = new Map(carsRes.data.map((c) => [c.id, c.gpsDeviceId]));
console.log(`cars ready: ${carsRes.data.length} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// the map subscriber: arrival time of each (terminal, report second)
let measuring = false;
const arrived = new Map<string, number>();
let pushMessages = 0;
const sub = new Client({
  webSocketFactory: () => new WebSocket(`ws://127.0.0.1:${server.port}${LG}/ws`, ['v12.stomp']),
  connectHeaders: { Authorization: `Bearer ${token}` },
  reconnectDelay: 0,
  heartbeatIncoming: 0,
  heartbeatOutgoing: 0,
});
await new Promise<void>((resolve) => {
  sub.onConnect = () => {
    sub.subscribe('/topic/vehicle', (m) => {
      const at = Date.now();
      if (!measuring) return;
      pushMessages++;
      const body = JSON.parse(m.body) as { carId: string; time: number } | { carId: string; time: number }[];
      for (const p of Array.isArray(body) ? body : [body]) {
        const key = `${phoneOf.get(p.carId)}:${p.time}`;
        if (!arrived.has(key)) arrived.set(key, at);
      }
    });
    resolve();
  };
  sub.activate();
});

// the gateway in its own process
const gwPort = await freePort();
const gateway: ChildProcess = spawn(
  process.execPath,
  [
    ...PROF,
    '--import',
    'tsx',
    'tools/gps-gateway/main.ts',
    '--port',
    String(gwPort),
    '--server',
    server.base,
    '--token',
    TOKEN,
  ],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
);
let gwLine = '';
gateway.stdout?.on('data', (d: Buffer) => {
  gwLine = d.toString().trim().split('\n').at(-1) ?? gwLine;
});
for (let i = 0; i < 100 && !gwLine.includes('监听'); i++) await sleep(100);

// the terminals in PROCS processes
const sent = new Map<string, number>();
type Figures = { sent: number; acked: number; refused: number; pending: number; ackLatency: number[] };
const procs = Array.from({ length: PROCS }, (_, k) => {
  const first = Math.floor((k * N) / PROCS);
  const count = Math.floor(((k + 1) * N) / PROCS) - first;
  const child = fork(
    join(ROOT, 'bench/gps-terminals.ts'),
    ['--first', String(first), '--count', String(count), '--port', String(gwPort)],
    {
      cwd: ROOT,
      execArgv: [...PROF, '--import', 'tsx'],
    },
  );
  const p = { child, ready: 0, marked: { sent: 0, acked: 0 }, figures: null as Figures | null };
  child.on('message', (m: { kind: string; sends?: [string, number, number][] } & Partial<Figures>) => {
    if (m.kind === 'sends' && measuring) for (const [phone, sec, at] of m.sends!) sent.set(`${phone}:${sec}`, at);
    if (m.kind === 'marked') p.marked = { sent: m.sent!, acked: m.acked! };
    if (m.kind === 'ready') p.ready = (m as unknown as { ready: number }).ready;
    if (m.kind === 'figures') p.figures = m as Figures;
  });
  return p;
});
const ask = async (kind: string, done: () => boolean) => {
  for (const p of procs) p.child.send({ kind });
  for (let i = 0; i < 200 && !done(); i++) await sleep(50);
};

// connect + register + auth ramp: until every terminal reports (at most 120 s), then 3 s to settle
const ramp0 = Date.now();
for (;;) {
  for (const p of procs) p.child.send({ kind: 'ready' });
  await sleep(1000);
  const ready = procs.reduce((a, p) => a + p.ready, 0);
  if (ready >= N || Date.now() - ramp0 > 120_000) {
    console.log(`terminals reporting: ${ready} of ${N} after ${((Date.now() - ramp0) / 1000).toFixed(0)} s`);
    break;
  }
}
await sleep(3000);
const cpu0 = cpuSeconds(server.pid);
const gwCpu0 = cpuSeconds(gateway.pid!);
const termCpu0 = procs.reduce((a, p) => a + cpuSeconds(p.child.pid!), 0);
const benchCpu0 = process.cpuUsage();
measuring = true;
await ask('mark', () => true);
const started = Date.now();
await sleep(SECONDS * 1000);
await ask('pause', () => true);
await sleep(300); // the last IPC batch of sends
const window = Date.now() - started;
// drain: acknowledgements and pushes still on their way — until nothing is unacknowledged (at most 60 s); a report
// still unacknowledged then is counted lost
const drain0 = Date.now();
for (;;) {
  for (const p of procs) p.figures = null;
  await ask('figures', () => procs.every((p) => p.figures));
  if (procs.every((p) => p.figures?.pending === 0) || Date.now() - drain0 > 60_000) break;
  await sleep(2000);
}
await sleep(5000); // the last pushes (their latency is the figure measured)
const drained = Date.now() - drain0;
measuring = false;
const cpu = cpuSeconds(server.pid) - cpu0;
const gwCpu = cpuSeconds(gateway.pid!) - gwCpu0;
const termCpu = procs.reduce((a, p) => a + cpuSeconds(p.child.pid!), 0) - termCpu0;
const benchCpuUs = process.cpuUsage(benchCpu0);
const benchCpu = (benchCpuUs.user + benchCpuUs.system) / 1e6;
for (const p of procs) p.figures = null;
await ask('figures', () => procs.every((p) => p.figures));

const figs = procs.map((p) => p.figures!);
const sentDuring = figs.reduce((a, f, i) => a + f.sent - procs[i].marked.sent, 0);
const ackedDuring = figs.reduce((a, f, i) => a + f.acked - procs[i].marked.acked, 0);
const refused = figs.reduce((a, f) => a + f.refused, 0);
const pending = figs.reduce((a, f) => a + f.pending, 0);
const latencies: number[] = [];
let notPushed = 0;
for (const [key, at] of sent) {
  const got = arrived.get(key);
  if (got === undefined) notPushed++;
  else latencies.push(got - at);
}
const s = stats(latencies);
const a = stats(figs.flatMap((f) => f.ackLatency));
console.log(
  `\n${N} terminals in ${PROCS} process(es), ${(window / 1000).toFixed(0)} s measured, ${(drained / 1000).toFixed(0)} s drained`,
);
console.log(
  `reports sent ${sentDuring}, acknowledged (stored) ${ackedDuring}, refused ${refused}, still unacknowledged ${pending}` +
    ` → positions lost ${refused + pending} (target 0)`,
);
console.log(
  `pushed to the map subscriber ${sent.size - notPushed} of ${sent.size} in ${pushMessages} STOMP messages` +
    ` (not pushed ${notPushed}: lost, or re-sent after a reconnect when a newer position was already shown)`,
);
console.log(`report → map subscriber latency: p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (target ≤ 200 ms), max ${ms(s.max)}`);
console.log(`report → acknowledged (stored) latency: p50 ${ms(a.p50)}, p99 ${ms(a.p99)}, max ${ms(a.max)}`);
console.log(`gateway: ${gwLine}`);
console.log(
  `CPU over ${((window + drained) / 1000).toFixed(0)} s: server ${cpu.toFixed(1)} s, gateway ${gwCpu.toFixed(1)} s, ` +
    `terminals ${termCpu.toFixed(1)} s, this process (map subscriber + the join) ${benchCpu.toFixed(1)} s; ${loadLine()}`,
);
// CPU per position: independent of the machine's load (the latency is not)
const perPos = (cpuS: number) => `${((cpuS * 1e6) / Math.max(1, sentDuring)).toFixed(0)} µs`;
console.log(
  `CPU per position sent: server ${perPos(cpu)}, gateway ${perPos(gwCpu)}, terminals ${perPos(termCpu)}, ` +
    `subscriber ${perPos(benchCpu)}; total ${perPos(cpu + gwCpu + termCpu + benchCpu)}`,
);
console.log(`figure: gps p99 ms = ${s.p99.toFixed(0)}`);
console.log(`figure: gps lost = ${refused + pending}`);
for (const p of procs) p.child.send({ kind: 'exit' });
gateway.kill('SIGTERM');
await sub.deactivate();
await server.stop();
process.exit(0);
