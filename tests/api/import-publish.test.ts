// @vitest-environment node
/**
 * An import's rows are written without holding the database, and still all or nothing (issue 22,
 * server/platform/crud/import-stage.ts). Before, one transaction inserted every row: on PGlite (one connection,
 * statements on the event loop) every other request waited for it — 11.7 s for 10,000 rows in `npm run bench:files`.
 * Each test fails on that code (no staging table ever exists there, so nothing is seen while the rows are written):
 * - while a 1,000-row import is written, other queries are answered, they see its staged rows grow and not one
 *   row of it in the table; then all 1,000 at once, and no staging table left;
 * - a code taken by another request while the rows are staged refuses the whole import at publication (物料编码已存在),
 *   nothing written, the staging table dropped;
 * - a staging table left by a dead import (older than an hour) is dropped by the next import, a young one is not.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BaseCtx, bootBase, sqlRows, upload } from './base-suite.ts';
import { bigXlsx } from './xlsx-fixture.ts';

let c: BaseCtx;
const HEADER = ['物料编码', '物料名称', '计量单位', '计价单位'];
const ROWS = 1000;

beforeAll(async () => {
  c = await bootBase();
}, 300_000);
afterAll(async () => {
  await c?.t.close();
});

const sheet = (prefix: string) =>
  bigXlsx(HEADER, ROWS, (r, col) =>
    col === 0 ? `${prefix}${r}` : col === 1 ? `北仑区新碶街道回收点${r}号` : col === 2 ? '吨' : '元/吨',
  );
const stagingTables = async () =>
  (await sqlRows(c, sql`select tablename from pg_tables where tablename like 'loopyard_import_%'`)).map(
    (r) => r.tablename as string,
  );
const liveCount = async (prefix: string) =>
  Number(
    (
      await sqlRows(c, sql`select count(*) as n from izs_material where code like ${`${prefix}%`} and is_deleted = 0`)
    )[0].n,
  );

/**
 * The rows of staging table `t`, or undefined when it is gone between the look-up and the count (on PostgreSQL the
 * import runs on its own connections and may publish and drop it in between: 42P01).
 */
async function stagedRows(t: string): Promise<number | undefined> {
  try {
    return Number((await sqlRows(c, sql`select count(*) as n from ${sql.identifier(t)}`))[0]?.n ?? 0);
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '42P01') return undefined;
    throw e;
  }
}

/** Polls the database while `upload` runs; `onStaged` is called once the staging table holds some rows. */
async function watch(prefix: string, onStaged?: () => Promise<void>) {
  const importing = upload(c, '/api/izs-base/material/import', sheet(prefix));
  let done = false;
  void importing.finally(() => {
    done = true;
  });
  let stagedSeen = 0;
  let visibleWhileStaged = 0;
  let answered = 0;
  while (!done) {
    const [t] = await stagingTables();
    answered++;
    // the table first, then the staged rows: publication starts only once all rows are staged, so a live count
    // read before a staged count below ROWS was read before publication, whatever runs on other connections
    const live = t ? await liveCount(prefix) : 0;
    const staged = t ? await stagedRows(t) : undefined;
    if (t && staged !== undefined) {
      if (staged > 0 && !stagedSeen && onStaged) await onStaged();
      stagedSeen = Math.max(stagedSeen, staged);
      if (staged < ROWS) visibleWhileStaged = Math.max(visibleWhileStaged, live);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { res: await importing, stagedSeen, visibleWhileStaged, answered };
}

describe('import publication', () => {
  it('other queries are answered while the rows are written; none of them shows before all of them', async () => {
    const w = await watch('PUB');
    expect(w.res.body).toMatchObject({ code: 200, data: { total: ROWS, imported: ROWS } });
    expect(w.stagedSeen).toBeGreaterThan(0); // queries ran in the middle of the write
    expect(w.visibleWhileStaged).toBe(0); // and saw nothing of the import in the table
    expect(await liveCount('PUB')).toBe(ROWS);
    expect(await stagingTables()).toEqual([]);
  }, 120_000);

  it('a code taken while the rows are staged refuses the whole import', async () => {
    const w = await watch('RACE', async () => {
      // another request saves 物料编码 RACE999 after the import's own check of the keys passed
      const [d] = await sqlRows(c, sql`select id from blade_dept where tenant_id = '000000' order by id limit 1`);
      await c.t.database.db.execute(
        sql`insert into izs_material (tenant_id, dept_id, code, name, unit, price_unit)
            values ('000000', ${d.id}, 'RACE999', '抢先保存的物料', '吨', '元/吨')`,
      );
    });
    expect(w.stagedSeen).toBeGreaterThan(0);
    expect(w.res.status).toBe(400);
    expect(w.res.body.msg).toBe('物料编码已存在');
    expect(await liveCount('RACE')).toBe(1); // only the other request's row
    expect(await stagingTables()).toEqual([]);
  }, 120_000);

  it("a dead import's staging table is dropped by the next import after an hour, a young one is kept", async () => {
    const young = `loopyard_import_${Date.now()}_aaaaaaaa`;
    const dead = `loopyard_import_${Date.now() - 2 * 3600_000}_bbbbbbbb`;
    for (const t of [young, dead]) await c.t.database.db.execute(sql`create table ${sql.identifier(t)} (x int)`);
    const small = bigXlsx(HEADER, 2, (r, col) =>
      col === 0 ? `ORPH${r}` : col === 1 ? `物料${r}` : col === 2 ? '吨' : '元/吨',
    );
    const res = await upload(c, '/api/izs-base/material/import', small);
    expect(res.body).toMatchObject({ code: 200, data: { imported: 2 } });
    expect(await stagingTables()).toEqual([young]);
    await c.t.database.db.execute(sql`drop table ${sql.identifier(young)}`);
  }, 60_000);
});
