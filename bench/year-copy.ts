/**
 * A PGlite database copied into an empty PostgreSQL one, table by table, as pg_dump | pg_restore would: the schema
 * by the migrations (both sides at today's), the rows by COPY (PGlite's `to '/dev/blob'`, PostgreSQL's `from stdin`
 * through pg-copy-streams), the foreign keys dropped while the rows go in and added back after (validated then, as
 * pg_restore adds them), the tables' own triggers off meanwhile (the maintained row counts of migration 0008 — the
 * counts are copied too — and the trace chain's append-only guard), and every sequence set to where it stood.
 *
 * bench:year uses it for its PostgreSQL figures: the busy year takes an hour or more to make by commands; copied
 * from the cached PGlite year it is the same rows in minutes.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../server/db/client.ts';

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** the PGlite client under a Database (db/client.ts keeps it as drizzle's session client) */
const pgliteOf = (database: Database) => (database.db as unknown as { session: { client: PGlite } }).session.client;

export interface CopyResult {
  tables: number;
  rows: number;
  bytes: number;
  foreignKeys: number;
  sequences: number;
}

/**
 * Copies every table of schema `public` from `source` (PGlite, migrated) into `targetUrl` (PostgreSQL, migrated to
 * the same schema, its tables emptied here first). The target's role must own the tables (it ran the migrations).
 */
export async function copyPgliteToPostgres(
  source: Database,
  targetUrl: string,
  log: (m: string) => void,
): Promise<CopyResult> {
  if (source.kind === 'pg') throw new Error('copyPgliteToPostgres: the source must be PGlite');
  const lite = pgliteOf(source);
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const q = async <T>(text: string, values: unknown[] = []) => (await target.query(text, values)).rows as T[];
    const tables = (
      await lite.query<{ t: string }>(
        `select table_name as t from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.t);
    const targetTables = new Set(
      (
        await q<{ t: string }>(
          `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        )
      ).map((r) => r.t),
    );
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new Error(`the target lacks ${missing.join(', ')} — migrate both to the same schema`);

    // the foreign keys go while the rows go in, and come back after
    const fks = await q<{ t: string; name: string; def: string }>(
      `select c.conrelid::regclass::text as t, c.conname as name, pg_get_constraintdef(c.oid) as def
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    );
    for (const f of fks) await target.query(`alter table ${f.t} drop constraint ${ident(f.name)}`);
    // the tables' own triggers (row counts; the chain's append-only guard refuses the truncate) are off meanwhile
    for (const t of tables) await target.query(`alter table ${ident(t)} disable trigger user`);
    await target.query(`truncate ${tables.map(ident).join(', ')}`);

    let rowsCopied = 0;
    let bytes = 0;
    for (const t of tables) {
      const cols = (
        await lite.query<{ c: string }>(
          `select column_name as c from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [t],
        )
      ).rows.map((r) => ident(r.c));
      const list = `${ident(t)} (${cols.join(', ')})`;
      const out = await lite.query(`copy ${list} to '/dev/blob'`);
      // an empty table gives no blob
      const data = out.blob ? Buffer.from(await out.blob.arrayBuffer()) : Buffer.alloc(0);
      await pipeline(Readable.from([data]), target.query(copyFrom(`copy ${list} from stdin`)));
      const [{ n }] = await q<{ n: number }>(`select count(*)::int as n from ${ident(t)}`);
      const [{ m }] = (await lite.query<{ m: number }>(`select count(*)::int as m from ${ident(t)}`)).rows;
      if (n !== m) throw new Error(`copy ${t}: ${m} rows in PGlite, ${n} in PostgreSQL`);
      rowsCopied += n;
      bytes += data.length;
      if (n >= 50_000) log(`  ${t}: ${n} rows, ${(data.length / 1e6).toFixed(1)} MB`);
    }

    for (const t of tables) await target.query(`alter table ${ident(t)} enable trigger user`);
    log(`adding back ${fks.length} foreign keys (each validated)`);
    for (const f of fks) await target.query(`alter table ${f.t} add constraint ${ident(f.name)} ${f.def}`);

    const seqs = (
      await lite.query<{ s: string; v: string }>(
        `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as s, last_value::text as v
           from pg_sequences where last_value is not null`,
      )
    ).rows;
    for (const s of seqs) await target.query('select setval($1::regclass, $2::bigint, true)', [s.s, s.v]);
    return { tables: tables.length, rows: rowsCopied, bytes, foreignKeys: fks.length, sequences: seqs.length };
  } finally {
    await target.end();
  }
}
