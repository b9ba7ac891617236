/**
 * Upkeep PostgreSQL's autovacuum does by itself and PGlite (one backend, no autovacuum worker) does not:
 * VACUUM (ANALYZE) keeps the visibility map that lets counts read an index alone (index-only scans) and the
 * statistics the planner chooses indexes by. Page totals over a category of 26,000 of 100,000 materials took
 * 40 ms instead of 10 ms without it (bench/page-bench.ts).
 *
 * On PGlite: once shortly after start, then each night in the 03:00 hour of the configured zone. The database has
 * one connection, so requests wait while it runs (well under a second for the demo data; seconds for millions of
 * rows), hence the night hour. On PostgreSQL nothing is scheduled.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { formatDateTime } from '../platform/time.ts';
import type { Database } from './client.ts';

/** VACUUM (ANALYZE) the whole database; answers how long it took (ms). */
export async function vacuumAnalyze(database: Database): Promise<number> {
  const t0 = performance.now();
  await database.db.execute(sql.raw('vacuum (analyze)'));
  return performance.now() - t0;
}

export interface MaintenanceOptions {
  tz: string;
  log: (msg: string) => void;
  /** Hour of the nightly run, local to `tz` (default 3). */
  hour?: number;
  /** Delay of the run after start (default 60 s: after the first sign-ins, not in their way). */
  firstAfterMs?: number;
  /** How often the clock is looked at (default 10 min). */
  checkEveryMs?: number;
}

/** Starts the PGlite upkeep; answers a function that stops it (and waits for a run in progress). */
export function startMaintenance(database: Database, opts: MaintenanceOptions): () => Promise<void> {
  if (database.kind === 'pg') return async () => {};
  const hour = String(opts.hour ?? 3).padStart(2, '0');
  let lastDay = '';
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = (why: string) => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const ms = await vacuumAnalyze(database);
        opts.log(`数据库维护 / vacuum (analyze), ${why}: ${Math.round(ms)} ms`);
      } catch (e) {
        opts.log(`数据库维护失败 / vacuum failed: ${(e as Error).message}`);
      }
    });
  };
  const first = setTimeout(() => run('after start'), opts.firstAfterMs ?? 60_000);
  const clock = setInterval(() => {
    const now = formatDateTime(new Date(), opts.tz); // yyyy-MM-dd HH:mm:ss
    const day = now.slice(0, 10);
    if (now.slice(11, 13) === hour && day !== lastDay) {
      lastDay = day;
      run('nightly');
    }
  }, opts.checkEveryMs ?? 600_000);
  first.unref();
  clock.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(clock);
    await running;
  };
}
