/**
 * One process of simulated JT/T 808 terminals for the GPS bench (bench/gps-bench.ts forks several): terminals
 * `--first`…`--first + --count - 1` connect to the gateway at `--port`. Every 200 ms it sends its parent the
 * reports it wrote since the last message ([phone, report second, send time ms]); on 'pause' they stop reporting (the
 * connections stay open for the last acknowledgements); 'figures' answers its figures (sent, acknowledged = stored by the server, refused, unacknowledged, ack latencies).
 */
import { simulateTerminals } from '../tools/gps-gateway/simulate.ts';
import { arg } from './lib.ts';

const first = Number(arg('first', 'BENCH_FIRST', '0'));
const count = Number(arg('count', 'BENCH_COUNT', '100'));
const port = Number(arg('port', 'BENCH_GW_PORT', '8808'));

let sends: [string, number, number][] = [];
const sim = simulateTerminals(
  count,
  '127.0.0.1',
  port,
  1,
  (phone, now) => sends.push([phone, Math.floor(now / 1000) * 1000, now]),
  first,
);
const tick = setInterval(() => {
  if (sends.length === 0) return;
  process.send?.({ kind: 'sends', sends });
  sends = [];
}, 200);

process.on('message', (m: { kind: string }) => {
  if (m.kind === 'ready') process.send?.({ kind: 'ready', ready: sim.ready() });
  if (m.kind === 'mark') {
    // the measured window starts: forget the ramp's sends and ack latencies
    sends = [];
    sim.stats.ackLatency.length = 0;
    process.send?.({ kind: 'marked', sent: sim.stats.sent, acked: sim.stats.acked });
  }
  if (m.kind === 'pause') {
    sim.pause();
    clearInterval(tick);
    if (sends.length) process.send?.({ kind: 'sends', sends });
    sends = [];
  }
  if (m.kind === 'figures') {
    process.send?.({
      kind: 'figures',
      sent: sim.stats.sent,
      acked: sim.stats.acked,
      refused: sim.stats.refused,
      pending: sim.pending(),
      ackLatency: sim.stats.ackLatency,
    });
  }
  if (m.kind === 'exit') {
    sim.stop();
    process.exit(0);
  }
});
