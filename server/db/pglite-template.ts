/**
 * The migrated empty PGlite cluster a new data directory starts from (issue 25, "first start"). PGlite's initdb
 * and the migrations cost about 12 s of CPU on this machine (initdb 7.5 s, the migrations 4.2 s, measured at load
 * 8); loading the same cluster from a tarball costs about 4 s. `npm ci` makes the tarball once (npm's `prepare`,
 * server/prepare.ts) and a first start of an empty DATA_DIR unpacks it, then migrates (nothing to do) and seeds as
 * before. The tarball is keyed by the PGlite version and every migration file: after a new migration or a PGlite
 * upgrade there is none until the next install (or `npm run prepare`), and a new data directory runs initdb and the
 * migrations itself, as without it. It lives in node_modules/.cache: an install's, never committed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { MIGRATIONS_DIR, openDatabase, runMigrations } from './client.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = join(ROOT, 'node_modules/.cache/loopyard-pglite');

/** The installed PGlite's version (the package exports no package.json: read it beside its main file). */
export function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = join(
    main.slice(0, main.lastIndexOf('node_modules/@electric-sql/pglite/')),
    'node_modules/@electric-sql/pglite/package.json',
  );
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * The SQL files the migrator runs, in order, each with the first 16 hex digits of its SHA-256 (meta/'s schema
 * snapshots, 16 MB, change nothing in the database and are not read on the start-up path).
 */
export function migrationDigests(): string[] {
  const sqlFiles = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return sqlFiles.map(
    (f) =>
      `${f}:${createHash('sha256')
        .update(readFileSync(join(MIGRATIONS_DIR, f)))
        .digest('hex')
        .slice(0, 16)}`,
  );
}

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()} pg_trgm\0`);
  for (const d of migrationDigests()) hash.update(d).update('\0');
  hash.update(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The tarball for today's migrations, whether or not it exists yet. */
export function templateFile(): string {
  return join(CACHE, `migrated-${templateKey()}.tar.gz`);
}

/** Today's template as a Blob for PGlite's `loadDataDir`, or null when there is none yet. */
export function readTemplate(): Blob | null {
  const file = templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : null;
}

/** Makes today's template unless it exists: initdb and the migrations in memory, checkpointed, dumped. */
export async function ensureTemplate(): Promise<'fresh' | 'made'> {
  const file = templateFile();
  if (existsSync(file)) return 'fresh';
  const fresh = await openDatabase('memory');
  try {
    await runMigrations(fresh);
    const blob = await (fresh.dump as () => Promise<Blob>)();
    mkdirSync(CACHE, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    renameSync(tmp, file); // atomic: a start reading it never sees half a file
  } finally {
    await fresh.close();
  }
  return 'made';
}
