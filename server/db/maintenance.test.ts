// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows, runMigrations } from './client.ts';
import { startMaintenance, vacuumAnalyze } from './maintenance.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase('memory');
  await runMigrations(database);
});
afterAll(async () => {
  await database?.close();
});

describe('PGlite upkeep', () => {
  it('vacuum (analyze) runs on PGlite and leaves statistics behind', async () => {
    await database.db.execute(sql`insert into blade_region (code, parent_code, ancestors, name, region_level)
      select 'T' || g, '00', '00', '测试' || g, 1 from generate_series(1, 500) g`);
    const before = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stats where tablename = 'blade_region'`,
    );
    expect(before[0].n).toBe(0);
    expect(await vacuumAnalyze(database)).toBeGreaterThan(0);
    const after = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stats where tablename = 'blade_region'`,
    );
    expect(after[0].n).toBeGreaterThan(0);
  });

  it('runs once after start, then in the night hour once a day; stop waits for a run', async () => {
    const logs: string[] = [];
    const now = new Date();
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(now),
    );
    const stop = startMaintenance(database, {
      tz: 'Asia/Shanghai',
      log: (m) => logs.push(m),
      hour, // "now" is the night hour for this test
      firstAfterMs: 10,
      checkEveryMs: 20,
    });
    await new Promise((r) => setTimeout(r, 400));
    await stop();
    expect(logs.filter((m) => m.includes('after start'))).toHaveLength(1);
    // the clock was looked at ~20 times within the hour: one nightly run only
    expect(logs.filter((m) => m.includes('nightly'))).toHaveLength(1);
    expect(logs.every((m) => /vacuum \(analyze\), (after start|nightly): \d+ ms/.test(m))).toBe(true);
  });
});
