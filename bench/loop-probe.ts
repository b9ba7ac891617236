/**
 * Preloaded into the server process by the STOMP bench (`node --import tsx --import ./bench/loop-probe.ts …` with
 * LOOP_PROBE_FILE set): measures the server's event-loop delay and GC pauses. SIGUSR2 → reset; SIGUSR1 → write
 * `{ p50, p99, max, gcMax, gcTotal, gcCount, kinds }` (ms) to LOOP_PROBE_FILE.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let gcMax = 0;
  let gcTotal = 0;
  let gcCount = 0;
  /** per kind (minor / major / incremental / weakcb): count and max */
  let kinds: Record<string, { n: number; max: number }> = {};
  const KIND: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMax = Math.max(gcMax, e.duration);
      gcTotal += e.duration;
      gcCount++;
      const k = KIND[(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
      const x = kinds[k] ?? { n: 0, max: 0 };
      x.n++;
      x.max = Math.max(x.max, e.duration);
      kinds[k] = x;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    h.reset();
    gcMax = 0;
    gcTotal = 0;
    gcCount = 0;
    kinds = {};
  });
  process.on('SIGUSR1', () => {
    writeFileSync(
      file,
      JSON.stringify({
        p50: h.percentile(50) / 1e6,
        p99: h.percentile(99) / 1e6,
        max: h.max / 1e6,
        gcMax,
        gcTotal,
        gcCount,
        kinds,
      }),
    );
  });
}
