/** Database factory: file-backed PGlite (with a pid lock), in-memory PGlite (tests) or node-postgres. */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg' | 'memory';
  close(): Promise<void>;
  /**
   * Runs `fn` while holding a cluster-wide startup lock (PostgreSQL advisory lock), so that several processes
   * starting together migrate and seed one after the other. PGlite has one process per DATA_DIR anyway.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite (memory or a data directory): the whole cluster as a gzipped tarball (the template, the demo's snapshot,
   * the tests' seeded copy), checkpointed first: a copy then opens without replaying the WAL (25 % faster, measured).
   */
  dump?: () => Promise<Blob>;
}

const STARTUP_LOCK_KEY = 7_305_201_001;

/** `{ snapshot }`: an in-memory PGlite started from a `dump()` of another one. */
export type OpenOptions =
  /**
   * `initial`: what a new (empty) data directory starts from, asked only then — the demo's snapshot
   * (seed/history/snapshot.ts); null or absent: the install's migrated template (db/pglite-template.ts), else initdb
   */
  | { dataDir: string; initial?: () => Blob | null }
  /** `connectTimeoutMs`: how long a query waits for a connection (a new one, or a free one of the pool): 10 s */
  | { databaseUrl: string; connectTimeoutMs?: number }
  | { snapshot: Blob }
  | 'memory';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `数据目录已被另一个进程（pid ${pid}）使用，拒绝启动：${dir}\n` +
        `The data directory ${dir} is in use by another process (pid ${pid}); refusing to start. ` +
        'PGlite does not lock its data directory: run one process per DATA_DIR, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Exclusive lock file holding our pid (O_EXCL). A stale lock (dead pid) is taken over. */
export function acquireLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'loopyard.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let pid = Number.NaN;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        /* vanished between open and read: retry */
      }
      if (pidAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`无法获取数据目录锁 / could not lock ${file}`);
}

/** Extensions the migrations create (pg_trgm: trigram indexes for contains-searches on codes). */
const extensions = { pg_trgm };

/**
 * PGlite's WebAssembly, compiled, and its file-system bundle: read once per process and given to every PGlite it
 * opens (PGlite otherwise reads and compiles both for each instance, and the API tests open one per file).
 */
let pgliteAssets: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteOptions() {
  pgliteAssets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      fsBundle: new HeldBlob([readFileSync(join(dist, 'pglite.data'))]),
    };
  })();
  return pgliteAssets;
}

/**
 * A cluster tarball as PGlite reads it fastest: a gzipped one (`dump()`'s, the template's, the demo's snapshot) is
 * inflated here in one zlib call — given the gzip, PGlite first reads it as a plain tar, fails, then inflates it
 * through a web stream. A plain tar is passed on as it is.
 */
export async function plainTar(b: Blob): Promise<Blob> {
  if (b instanceof HeldBlob) return b;
  const head = new Uint8Array(await b.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return b;
  return new HeldBlob([gunzipSync(new Uint8Array(await b.arrayBuffer()))], { type: 'application/x-tar' });
}

/**
 * A Blob read once: every `arrayBuffer()` answers the same bytes. PGlite reads `loadDataDir` and `fsBundle` whole and
 * copies what it needs into its own file system, never writing to them; Node's Blob reads itself back in chunks and
 * joins them on every call. An API test worker opens a copy of the seeded cluster (a 35 MB tar) for each of its
 * files: 0.59–0.66 CPU-s an open with a new read each time, 0.43–0.50 with this; a whole boot (open, prepare, app)
 * 1.0–1.3 → 0.70–0.75 CPU-s in a process that has booted before (issue 23's loop).
 */
class HeldBlob extends Blob {
  #bytes: Promise<ArrayBuffer> | undefined;
  override arrayBuffer(): Promise<ArrayBuffer> {
    this.#bytes ??= super.arrayBuffer();
    return this.#bytes;
  }
}

async function dumpCheckpointed(client: PGlite): Promise<Blob> {
  await client.query('checkpoint');
  await trimWal(client);
  return client.dumpDataDir('gzip');
}

/**
 * Leaves out of a dump the WAL that holds nothing yet: the segments past the current one (recycled or preallocated,
 * 16 MB each, made again when PostgreSQL reaches them) and the current segment's pages past the last one written
 * (zeros, or an old use's records when the segment was recycled). A copy reads the WAL up to its last record and
 * writes on from there, extending the file as it goes (the test db/dump.test.ts opens such a copy and writes over
 * 16 MB more). The API tests' seeded cluster was a 67 MB tar, 33.5 MB of it two segments; 53 MB without the spare
 * segment, 35 MB without the current one's empty pages. Through PGlite's own file system (`mod`, outside its
 * typings): where that is missing, the dump keeps them.
 */
async function trimWal(client: PGlite): Promise<void> {
  type Fs = {
    readdir(path: string): string[];
    unlink(path: string): void;
    stat(path: string): { size: number };
    truncate(path: string, length: number): void;
  };
  const mod = (client as unknown as { mod?: { ENV?: Record<string, string>; FS?: Fs } }).mod;
  const data = mod?.ENV?.PGDATA;
  if (!mod?.FS || !data) return;
  const { rows } = await client.query<{ w: string; offset: string }>(
    `select pg_walfile_name(lsn) as w, (lsn - '0/0'::pg_lsn) % setting::bigint as offset
       from pg_current_wal_insert_lsn() as lsn, pg_settings where name = 'wal_segment_size'`,
  );
  const current = rows[0]?.w;
  if (!current) return;
  for (const f of mod.FS.readdir(`${data}/pg_wal`)) {
    if (/^[0-9A-F]{24}$/.test(f) && f > current) mod.FS.unlink(`${data}/pg_wal/${f}`);
  }
  // the page of the insert position is kept whole (8 kB pages, XLOG_BLCKSZ)
  const page = 8192;
  const keep = Math.ceil((Number(rows[0].offset) + 1) / page) * page;
  const file = `${data}/pg_wal/${current}`;
  if (mod.FS.stat(file).size > keep) mod.FS.truncate(file, keep);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts === 'memory' || 'snapshot' in opts) {
    const assets = await pgliteOptions();
    const client =
      opts === 'memory'
        ? new PGlite({ extensions, ...assets })
        : new PGlite({ loadDataDir: await plainTar(opts.snapshot), extensions, ...assets });
    await client.waitReady;
    const db = drizzleOnPglite(client);
    return {
      db,
      kind: 'memory',
      close: () => client.close(),
      withStartupLock: (fn) => fn(),
      dump: () => dumpCheckpointed(client),
    };
  }
  if ('databaseUrl' in opts) {
    // A server that does not answer (a failover whose old address drops packets, a hung host) fails a query after
    // connectTimeoutMs instead of TCP's own ~2 minutes, and a request answers 500 instead of hanging.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    });
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend, idle_session_timeout) is an
    // 'error' on the pool; without a listener that error ends the process. The pool has already dropped the
    // connection: the next query opens another.
    pool.on('error', (e) => console.warn(`[database] an idle connection was closed by the server: ${e.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      close: () => pool.end(),
      withStartupLock: async (fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          conn.release();
        }
      },
    };
  }
  const release = acquireLock(opts.dataDir);
  try {
    const dir = join(opts.dataDir, 'pgdata');
    // a new data directory starts from the install's migrated cluster when there is one (db/pglite-template.ts)
    const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    const template = fresh ? (opts.initial?.() ?? (await import('./pglite-template.ts')).readTemplate()) : null;
    const assets = await pgliteOptions();
    const client = new PGlite(
      dir,
      template ? { extensions, ...assets, loadDataDir: await plainTar(template) } : { extensions, ...assets },
    );
    await client.waitReady;
    const db = drizzleOnPglite(client);
    let closed = false;
    return {
      db,
      kind: 'pglite',
      withStartupLock: (fn) => fn(),
      dump: () => dumpCheckpointed(client),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

type Parsers = Record<number, (value: string) => unknown>;
type PgliteQueryable = Pick<PGlite, 'query'>;

/**
 * The types Drizzle's PGlite driver reads as the database's text, for its columns to map (drizzle-orm/pglite/session.js
 * passes these parsers with every query): date, timestamp, timestamptz, interval and their arrays, and numeric[].
 */
const DRIZZLE_TEXT_OIDS = [
  pgliteTypes.DATE,
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
];

/** What PGlite itself reads those types as (its default parsers): for `rawQuery`, which answers as node-postgres does. */
const PGLITE_DEFAULT_DATES: Parsers = (() => {
  const same = (v: string) => v;
  const scalar = (oid: number): ((v: string) => unknown) => pgliteTypes.parsers[oid] ?? same;
  const array = (typarray: number, element?: number) => (v: string) =>
    pgliteTypes.arrayParser(v, element === undefined ? same : scalar(element), typarray);
  const out: Parsers = {
    1182: array(1182, pgliteTypes.DATE),
    1115: array(1115, pgliteTypes.TIMESTAMP),
    1185: array(1185, pgliteTypes.TIMESTAMPTZ),
    1187: array(1187),
    1231: array(1231),
    [pgliteTypes.INTERVAL]: same,
  };
  for (const oid of [pgliteTypes.DATE, pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ]) out[oid] = scalar(oid);
  return out;
})();

/** The PGlite instance or transaction behind the client `drizzleOnPglite` gave Drizzle (for `rawResult`). */
const pgliteBehind = new WeakMap<object, PgliteQueryable>();

/**
 * Drizzle on a PGlite instance that reads Drizzle's text types itself. Drizzle passes its parsers with every query,
 * and PGlite then copies its whole parser table (~320 types) into a new object for that query: ~70 µs a query, as
 * much as a simple indexed select costs (measured on 3,000 selects: 147–198 µs a query with the parsers, 77–82
 * without; a sixth of the demo loader's CPU). So the instance holds Drizzle's parsers (set once it is ready: the
 * array types are known then) and the client Drizzle calls, and its transactions, leave them out of each query. Every
 * query through Drizzle reads what it read before; `rawResult` reaches the instance past this client.
 */
function drizzleOnPglite(client: PGlite): Db {
  const parsers = (client as unknown as { parsers: Parsers }).parsers;
  for (const oid of DRIZZLE_TEXT_OIDS) parsers[oid] = (v) => v;
  const lean = (o?: { parsers?: unknown }) => (o?.parsers ? { ...o, parsers: undefined } : o);
  const leanQueries = <T extends PgliteQueryable>(target: T, query: PGlite['query'] = target.query): T => {
    const wrapped = Object.assign(Object.create(target) as T, {
      query: ((text: string, params?: unknown[], o?: { parsers?: unknown }) =>
        query.call(target, text, params, lean(o) as never)) as PGlite['query'],
    });
    pgliteBehind.set(wrapped, target);
    return wrapped;
  };
  const lean0 = leanQueries(client, PGlite.prototype.query);
  const forDrizzle = new Proxy(client, {
    get(target, prop) {
      // what a caller set on the client itself (a test's spy on `$client.query`) comes first
      const own = Object.hasOwn(target, prop);
      if (prop === 'query' && !own) return lean0.query;
      if (prop === 'transaction' && !own) {
        return <R>(f: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<R>) =>
          target.transaction((tx) => f(leanQueries(tx)));
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  pgliteBehind.set(forDrizzle, client);
  return drizzlePglite({ client: forDrizzle, schema }) as unknown as Db;
}

/** Apply the drizzle-kit migrations in server/db/migrations. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pg') {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** Raw SQL returning rows (pglite and node-postgres both answer `{ rows }`). */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const r = (await ex.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** Draw `n` ids from the shared sequence (for batch inserts that need ids up front). */
export async function nextIds(ex: Executor, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const r = await rows<{ id: string | number | bigint }>(
    ex,
    sql`select nextval('loopyard_id_seq') as id from generate_series(1, ${n})`,
  );
  return r.map((x) => String(x.id));
}

/**
 * A constant statement sent straight to the driver with its parameters, past Drizzle's query builder — for hot
 * paths only (the GPS ingest writes ~70 statements a second, and building each through Drizzle cost more than
 * PostgreSQL's own work; a voucher save's statements, issue 25). On PostgreSQL it is a named prepared statement
 * (parsed once per connection); PGlite parses the short text each time. Inside a transaction pass the transaction:
 * the statement runs on its connection. Answers the rows.
 */
export async function rawQuery<T>(ex: Executor, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await rawResult<T>(ex, name, text, values, false)).rows as T[];
}

/**
 * `rawQuery` answering each row as an array of the values in select-list order, with dates and timestamps as the
 * database's text (as Drizzle reads them), for `mapColumns` to turn into a table's row type.
 */
export async function rawArrays(ex: Executor, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  return (await rawResult<unknown[]>(ex, name, text, values, true)).rows;
}

async function rawResult<T>(
  ex: Executor,
  name: string,
  text: string,
  values: unknown[],
  arrays: boolean,
): Promise<{ rows: T[] }> {
  // the database object holds the pool (or PGlite); a transaction's session holds its connection
  const client =
    (ex as unknown as { $client?: unknown }).$client ??
    (ex as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    if (!arrays) return client.query<T & pg.QueryResultRow>({ name, text, values });
    return client.query<T & unknown[]>({ name, text, values, rowMode: 'array', types: PG_TEXT_DATES });
  }
  // the instance reads Drizzle's text types itself (drizzleOnPglite): arrays as Drizzle reads them, rows as PGlite's
  // own defaults do (dates and timestamps as Date objects, like node-postgres)
  const own = pgliteBehind.get(client as object) ?? (client as PgliteQueryable);
  return own.query<T>(text, values, arrays ? { rowMode: 'array' } : { parsers: PGLITE_DEFAULT_DATES });
}

/** Dates, timestamps and intervals as text, as Drizzle's drivers read them (its columns map them from text). */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const PG_TEXT_DATES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Values read by `rawArrays` (from `at` on, in the order of `table`'s columns, as `columnList(table)` selects them)
 * as the table's row type: each column's own mapping from the driver's value, as Drizzle's `returning()` does.
 */
export function mapColumns<T extends Table>(table: T, values: unknown[], at = 0): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  Object.entries(getTableColumns(table)).forEach(([key, col], i) => {
    const v = values[at + i];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  });
  return out as T['$inferSelect'];
}

/** `t.a, t.b, …`: the table's columns in `mapColumns` order, qualified by `alias`. */
export const columnList = (table: Table, alias: string) =>
  Object.values(getTableColumns(table))
    .map((c) => `${alias}.${c.name}`)
    .join(', ');
