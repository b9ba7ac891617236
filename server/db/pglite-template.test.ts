import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, rows } from './client.ts';
import { ensureTemplate, templateFile } from './pglite-template.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the install’s migrated PGlite template (first start)', () => {
  it('a new data directory starts migrated from it; an existing one is opened as it is', async () => {
    await ensureTemplate(); // `npm ci` made it already (prepare); made here otherwise
    expect(templateFile()).toMatch(/migrated-[0-9a-f]{16}\.tar\.gz$/);
    const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-template-'));
    dirs.push(dataDir);
    const count = async () => {
      const d = await openDatabase({ dataDir });
      try {
        // no runMigrations: the journal is there because the cluster came from the template
        const [r] = await rows<{ n: number }>(d.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        await d.db.execute(sql`create table if not exists template_probe (id int)`);
        return r.n;
      } finally {
        await d.close();
      }
    };
    expect(await count()).toBe(migrations);
    // opened again: the same cluster (the probe table is still there), not a new copy of the template
    const d = await openDatabase({ dataDir });
    try {
      const [r] = await rows<{ t: string | null }>(d.db, sql`select to_regclass('template_probe')::text as t`);
      expect(r.t).toBe('template_probe');
    } finally {
      await d.close();
    }
  }, 120_000);
});
