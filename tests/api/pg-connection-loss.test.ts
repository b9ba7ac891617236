/**
 * On PostgreSQL, the server outlives the loss of its idle connections (a restart, a failover, an administrator's
 * pg_terminate_backend): the pool drops them and the next requests open new ones. Until 2026-11-30 the pool had no
 * 'error' listener, and such a loss ended the process (found by bench:ledger, whose clean-up ended a connection the
 * pool was still closing).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, call, login, type TestApp } from './helpers.ts';

describe.runIf(!!process.env.DATABASE_URL)('PostgreSQL: idle connections ended by the server', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await boot();
    token = (await login(t)).access_token;
  });
  afterAll(async () => t?.close());

  it('keeps answering after every other connection of the pool is terminated', async () => {
    // several connections open and idle in the pool
    await Promise.all(Array.from({ length: 6 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
    const ended = await t.database.db.execute(sql`
      select count(*)::int as n from (
        select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and usename = current_user) x`);
    expect(Number((ended as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThanOrEqual(2);
    // the terminated backends' messages reach their clients
    await new Promise((r) => setTimeout(r, 300));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, '/api/izs-base/material/page', { token, query: { current: 1, size: 5 } }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.code).toBe(200);
    }
  });
});
