/**
 * Preloaded into the server process by the STOMP bench (`node --import tsx --import ./bench/loop-probe.ts …` with
 * LOOP_PROBE_FILE set): measures the server's event-loop delay and GC pauses. SIGUSR2 → reset; SIGUSR1 → write
 * `{ p50, p99, max, gcMax, gcTotal, gcCount, kinds, heapMb: [at reset, now, after a full GC], oldSpaceMb }` (ms) to LOOP_PROBE_FILE.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

const oldSpaceMb = () =>
  (getHeapSpaceStatistics().find((x) => x.space_name === 'old_space')?.space_used_size ?? 0) / 2 ** 20;

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
  let heapAtReset = process.memoryUsage().heapUsed / 2 ** 20;
  let oldAtReset = oldSpaceMb();
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
    heapAtReset = process.memoryUsage().heapUsed / 2 ** 20;
    oldAtReset = oldSpaceMb();
  });
  process.on('SIGUSR1', () => {
    // what is still referenced: a full GC first (the server runs with --expose-gc under the probe)
    const before = process.memoryUsage().heapUsed / 2 ** 20;
    (globalThis as { gc?: () => void }).gc?.();
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
        heapMb: [heapAtReset, before, process.memoryUsage().heapUsed / 2 ** 20],
        oldSpaceMb: [oldAtReset, oldSpaceMb()],
      }),
    );
  });
}
