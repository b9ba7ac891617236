/**
 * An import's rows written without holding the database (issue 22: a 10,000-row import stalled every other request
 * for seconds). PGlite has one connection and runs each statement on this event loop: one transaction inserting
 * 10,000 rows held both for the whole insert (11.7 s measured on a loaded machine, every other request waiting).
 *
 * Here the rows go first, in short statements with the event loop free between them, into a staging table shaped
 * like the target (`create unlogged table … (like target including defaults)`, ids drawn there); then one short
 * transaction re-checks the unique keys against the staged rows, copies them over with a single
 * `insert … select` (every foreign key, CHECK and unique index of the target applies) and writes the log. All or
 * nothing is kept: until that transaction commits no staged row is visible, and any failure drops the staging
 * table. A staging table left by a process that died mid-import is dropped by the next import after an hour.
 *
 * The staging table is an ordinary (unlogged) table, not a temporary one: on PostgreSQL the batches may run on
 * different pool connections, and a temporary table is only visible on its own.
 */
import { randomBytes } from 'node:crypto';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rows as queryRows } from '../../db/client.ts';
import type { Row } from './values.ts';

/** Rows per staging statement: ~17 ms of CPU on this event loop each (build + insert, measured). */
export const STAGE_BATCH = 50;
const PREFIX = 'loopyard_import_';
/** Staging tables older than this are a dead import's and are dropped. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** Gives the event loop a turn (other requests' I/O and queries) when `ms` have passed since the last turn. */
export function slicer(ms = 15): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < ms) return;
    await new Promise((r) => setImmediate(r));
    last = performance.now();
  };
}

type RawClient = { query(text: string, params: unknown[]): Promise<unknown> };

async function dropOrphans(db: Db): Promise<void> {
  const old = await queryRows<{ t: string }>(
    db,
    sql`select tablename as t from pg_tables where schemaname = current_schema() and tablename like ${`${PREFIX}%`}`,
  );
  const cutoff = Date.now() - ORPHAN_AGE_MS;
  for (const { t } of old) {
    const born = Number(t.slice(PREFIX.length).split('_')[0]);
    if (Number.isFinite(born) && born < cutoff) await db.execute(sql`drop table if exists ${sql.identifier(t)}`);
  }
}

export interface Publish {
  /** the staging table (an identifier for raw SQL) */
  stage: SQL;
  tx: Tx;
}

/**
 * Stages `rows` (as they would be inserted into `table`) and publishes them in one short transaction:
 * `check(tx, stage)` first (throw to refuse; nothing is written), then the copy, then `after(tx)` (the log).
 */
export async function stageAndPublish(
  db: Db,
  table: AnyPgTable,
  rows: Row[],
  check: (p: Publish) => Promise<void>,
  after: (tx: Tx) => Promise<void>,
): Promise<{ stageMs: number; publishMs: number }> {
  const t0 = performance.now();
  await dropOrphans(db);
  const target = getTableName(table);
  const name = `${PREFIX}${Date.now()}_${randomBytes(4).toString('hex')}`;
  const stage = sql`${sql.identifier(name)}`;
  await db.execute(sql`create unlogged table ${stage} (like ${sql.identifier(target)} including defaults)`);
  try {
    const client = (db as unknown as { $client: RawClient }).$client;
    const turn = slicer();
    const prefix = `insert into "${target}" `;
    for (let i = 0; i < rows.length; i += STAGE_BATCH) {
      await turn();
      // Drizzle builds the statement (column mapping, `default` for absent values) for the target; it is sent to
      // the staging table, which has the target's columns in the same order
      const q = db
        .insert(table)
        .values(rows.slice(i, i + STAGE_BATCH) as never)
        .toSQL();
      if (!q.sql.startsWith(prefix)) throw new Error(`unexpected insert statement for ${target}`);
      await client.query(`insert into "${name}" ${q.sql.slice(prefix.length)}`, q.params);
    }
    await turn();
    const t1 = performance.now();
    await db.transaction(async (tx) => {
      await check({ stage, tx });
      await tx.execute(sql`insert into ${sql.identifier(target)} select * from ${stage}`);
      await after(tx);
    });
    return { stageMs: t1 - t0, publishMs: performance.now() - t1 };
  } finally {
    await db.execute(sql`drop table if exists ${stage}`);
  }
}

/** `true` when a staged row takes a key a live row of the tenant already has (`fields`: the key's columns). */
export async function stagedClash(
  ex: Executor,
  table: AnyPgTable,
  stage: SQL,
  columns: string[],
  scope: { tenantId?: string; live: boolean },
): Promise<boolean> {
  const target = sql.identifier(getTableName(table));
  const conds: SQL[] = columns.map(
    (c) => sql`t.${sql.identifier(c)} = s.${sql.identifier(c)} and s.${sql.identifier(c)}::text <> ''`,
  );
  if (scope.tenantId !== undefined) conds.push(sql`t.tenant_id = ${scope.tenantId}`);
  if (scope.live) conds.push(sql`t.is_deleted = 0`);
  const hit = await queryRows(
    ex,
    sql`select 1 from ${stage} s where exists (select 1 from ${target} t where ${sql.join(conds, sql` and `)}) limit 1`,
  );
  return hit.length > 0;
}
