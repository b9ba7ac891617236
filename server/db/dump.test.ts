import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

/** The WAL segments in the cluster's pg_wal and the current one (PGlite's own file system, as client.ts reads it). */
async function walOf(d: Database): Promise<{ current: string; segments: string[]; currentSize: number }> {
  const client = (d.db as unknown as { $client: unknown }).$client as {
    mod: { ENV: Record<string, string>; FS: { readdir(path: string): string[]; stat(path: string): { size: number } } };
  };
  const { rows } = (await d.db.execute(sql`select pg_walfile_name(pg_current_wal_lsn()) as w`)) as unknown as {
    rows: { w: string }[];
  };
  const segments = client.mod.FS.readdir(`${client.mod.ENV.PGDATA}/pg_wal`).filter((f) => /^[0-9A-F]{24}$/.test(f));
  const currentSize = client.mod.FS.stat(`${client.mod.ENV.PGDATA}/pg_wal/${rows[0].w}`).size;
  return { current: rows[0].w, segments: segments.sort(), currentSize };
}

describe('a PGlite dump (db/client.ts dumpCheckpointed)', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const d of open) await d.close();
  });

  it('leaves out the WAL segments past the current one and the current one’s unwritten pages; its copy writes on', async () => {
    const d = await openDatabase('memory');
    open.push(d);
    // ~14 MB of WAL and a checkpoint: PostgreSQL keeps a spare segment ready past the current one
    await d.db.execute(sql`create table filler as select g, repeat('x', 300) as pad from generate_series(1, 40000) g`);
    await d.db.execute(sql`checkpoint`);
    const before = await walOf(d);
    expect(before.segments.some((f) => f > before.current)).toBe(true);

    const copy = await openDatabase({ snapshot: await (d.dump as () => Promise<Blob>)() });
    open.push(copy);
    const after = await walOf(copy);
    expect(after.segments.filter((f) => f > after.current)).toEqual([]);
    expect(after.segments).toContain(before.current);
    // the current segment holds its pages up to the last record, not 16 MB
    expect(before.currentSize).toBe(16 * 1024 * 1024);
    expect(after.currentSize).toBeLessThan(16 * 1024 * 1024);

    // over 16 MB more: PostgreSQL makes the segments it needs again
    await copy.db.execute(sql`insert into filler select g, repeat('y', 300) from generate_series(40001, 90000) g`);
    await copy.db.execute(sql`checkpoint`);
    const { rows } = (await copy.db.execute(sql`select count(*)::int as n from filler`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0].n).toBe(90000);
    expect((await walOf(copy)).current > after.current).toBe(true);
  });
});
