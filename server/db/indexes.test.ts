// @vitest-environment node
/**
 * The page benchmark's indexes are usable by the queries the engine writes (a name or collation that does not
 * match leaves an index unused without any error): checked on the plans, with sequential scans priced out.
 */
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows, runMigrations } from './client.ts';
import { material } from './schema/index.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase('memory');
  await runMigrations(database);
  // no department (an unseeded database has none; dept_id references blade_dept since issue 22's keys)
  await database.db.execute(sql`insert into izs_material (tenant_id, dept_id, code, name, unit, price_unit, create_time)
    select '000000', null, 'BM' || lpad(g::text, 6, '0'), '废钢-' || g, 't', 'yuan_per_tonne', now()
      from generate_series(1, 50000) g`);
  await database.db.execute(sql`analyze izs_material`);
  await database.db.execute(sql`set enable_seqscan = off`);
});
afterAll(async () => {
  await database?.close();
});

async function plan(q: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = q.toSQL();
  const client = (database.db as unknown as { $client: { query<T>(s: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  const r = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

describe('material page indexes', () => {
  const live = and(eq(material.tenantId, '000000'), eq(material.isDeleted, 0));

  it('物料编码 contains-search (code collate "C" ILIKE) uses the trigram index', async () => {
    const q = database.db
      .select({ id: material.id })
      .from(material)
      .where(and(live, ilike(sql`${material.code} collate "C"`, '%bm0123%')));
    expect(await plan(q)).toContain('izs_material_code_trgm_idx');
  });

  it('参考单价 ordering reads the price index', async () => {
    const q = database.db
      .select({ id: material.id })
      .from(material)
      .where(live)
      .orderBy(desc(material.defaultPrice), desc(material.id))
      .limit(10);
    expect(await plan(q)).toContain('izs_material_price_idx');
  });

  it('pg_trgm is installed by the migrations', async () => {
    const r = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    );
    expect(r[0].n).toBe(1);
  });
});
