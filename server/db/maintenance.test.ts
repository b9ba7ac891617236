// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRegistry } from '../platform/jobs.ts';
import { type Database, openDatabase, rows, runMigrations } from './client.ts';
import { vacuumAnalyze, vacuumJob } from './maintenance.ts';

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
    expect(await vacuumAnalyze(database.db)).toBeGreaterThan(0);
    const after = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stats where tablename = 'blade_region'`,
    );
    expect(after[0].n).toBeGreaterThan(0);
  });

  it('the vacuum job runs once after start, then on its schedule, each run logged with its duration', async () => {
    const lines: string[] = [];
    const at = (_f: object, m?: string) => void lines.push(m ?? '');
    const jobs = new JobRegistry({ tz: 'Asia/Shanghai', log: { info: at, debug: at, error: at } as never });
    // every second instead of 03:10 for this test
    jobs.add('vacuum', vacuumJob(database), { schedule: { cron: '* * * * * *' }, afterStartMs: 10 });
    jobs.start();
    await new Promise((r) => setTimeout(r, 1600));
    await jobs.stop();
    expect(lines.filter((m) => m.includes('after start'))).toHaveLength(1);
    expect(lines.filter((m) => m.includes('scheduled')).length).toBeGreaterThanOrEqual(1);
    expect(
      lines.every((m) => /^数据库维护 \/ vacuum, (after start|scheduled): vacuum \(analyze\) \(\d+ ms\)$/.test(m)),
    ).toBe(true);
  });
});
