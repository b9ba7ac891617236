/**
 * GPS ingest benchmark (issue 13): 1,000 simulated JT/T 808 terminals at 1 Hz → the TCP gateway
 * (tools/gps-gateway) → the server's ingest (stored, alarms evaluated) → the STOMP broker → one map subscriber on
 * /topic/vehicle, for 60 s.
 *
 *   Targets: positions lost = 0 (every report sent is acknowledged, stored and pushed);
 *            report → map-subscriber latency p99 ≤ 200 ms (terminal's send time to the subscriber's MESSAGE).
 *
 * The server runs in its own process (fresh PGlite, GPS_SIMULATOR off); the terminals, the gateway and the
 * subscriber share this process. Cars with the terminals' device ids are created through the API first.
 *
 *   npm run bench:gps                         # 1,000 terminals, 60 s
 *   npm run bench:gps -- --terminals 200 --seconds 10
 */
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { LG } from '../core/contract/izs-logistical/fields.ts';
import { simPhone } from '../core/logistics/simulate.ts';
import { Gateway } from '../tools/gps-gateway/gateway.ts';
import { simulateTerminals } from '../tools/gps-gateway/simulate.ts';
import { Upstream } from '../tools/gps-gateway/upstream.ts';
import { arg, cpuSeconds, loadLine, ms, signIn, startServer, stats } from './lib.ts';

const N = Number(arg('terminals', 'BENCH_TERMINALS', '1000'));
const SECONDS = Number(arg('seconds', 'BENCH_SECONDS', '60'));
const TOKEN = 'bench-gateway-token';

console.log(`GPS bench: ${N} terminals × 1 Hz for ${SECONDS} s; ${loadLine()}`);
const server = await startServer({ env: { GPS_GATEWAY_TOKEN: TOKEN, GPS_SIMULATOR: 'off' } });
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

// the map subscriber
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let pushes = 0;
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
      const p = JSON.parse(m.body) as { carId: string; time: number };
      const key = `${phoneOf.get(p.carId)}:${p.time}`;
      const at = sentAt.get(key);
      if (at !== undefined) {
        latencies.push(Date.now() - at);
        sentAt.delete(key);
        pushes++;
      }
    });
    resolve();
  };
  sub.activate();
});

const gw = new Gateway(new Upstream(server.base, TOKEN), () => undefined);
const port = await gw.listen(0, '127.0.0.1');
// each report's send time by (terminal, second): the push carries the report's time (1 s resolution)
const sim = simulateTerminals(N, '127.0.0.1', port, 1, (phone, now) =>
  sentAt.set(`${phone}:${Math.floor(now / 1000) * 1000}`, now),
);
const cpu0 = cpuSeconds(server.pid);
await new Promise((r) => setTimeout(r, 2000)); // connect + register + auth ramp
latencies.length = 0;
pushes = 0;
const sent0 = sim.stats.sent;
const acked0 = sim.stats.acked;
const started = Date.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
sim.stop();
const sentDuring = sim.stats.sent - sent0;
await new Promise((r) => setTimeout(r, 5000)); // drain
const cpu = cpuSeconds(server.pid) - cpu0;
const ackedDuring = sim.stats.acked - acked0;
const s = stats(latencies);
const lostToMap = sentDuring - pushes;
console.log(`\n${N} terminals, ${((Date.now() - started) / 1000 - 5).toFixed(0)} s measured`);
console.log(
  `reports sent ${sentDuring}, acknowledged ${ackedDuring}, refused ${sim.stats.refused}, still unacknowledged ${sim.pending()}`,
);
console.log(`pushed to the map subscriber ${pushes} → positions lost ${Math.max(0, lostToMap)} (target 0)`);
console.log(`report → map subscriber latency: p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (target ≤ 200 ms), max ${ms(s.max)}`);
console.log(
  `gateway: frames ${gw.stats.frames}, bad ${gw.stats.bad}; server CPU ${cpu.toFixed(1)} s over the run; ${loadLine()}`,
);
await sub.deactivate();
await gw.close();
await server.stop();
process.exit(0);
