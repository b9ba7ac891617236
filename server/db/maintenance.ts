/**
 * Upkeep PostgreSQL's autovacuum does by itself and PGlite (one backend, no autovacuum worker) does not:
 * VACUUM (ANALYZE) keeps the visibility map that lets counts read an index alone (index-only scans) and the
 * statistics the planner chooses indexes by. Page totals over a category of 26,000 of 100,000 materials took
 * 40 ms instead of 10 ms without it (bench/page-bench.ts).
 *
 * On PGlite: once shortly after start, then each night in the 03:00 hour of the configured zone (the `vacuum` job of
 * platform/jobs.ts). The database has one connection, so requests wait while it runs (well under a second for the
 * demo data; seconds for millions of rows), hence the night hour. On PostgreSQL nothing is scheduled.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { JobRun } from '../platform/jobs.ts';
import type { Database, Db } from './client.ts';

/** VACUUM (ANALYZE) the whole database; answers how long it took (ms). */
export async function vacuumAnalyze(db: Db): Promise<number> {
  const t0 = performance.now();
  await db.execute(sql.raw('vacuum (analyze)'));
  return performance.now() - t0;
}

/** The `vacuum` job of platform/jobs.ts (PGlite only; main.ts registers it). */
export function vacuumJob(database: Database): JobRun {
  return async () => {
    await vacuumAnalyze(database.db);
    return 'vacuum (analyze)'; // the registry logs the duration
  };
}
