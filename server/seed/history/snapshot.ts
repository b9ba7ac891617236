/**
 * The demo's year, kept as a PGlite snapshot (issue 21: "`npm start` on a fresh clone stays quick"). The history
 * loader (./index.ts) drives the product's own commands for about two minutes on this machine — too long for a first
 * start — so the install makes it once (npm's `prepare`, server/prepare.ts, or `npm run demo:rebuild`) and a new
 * DATA_DIR starts from the tarball, as from the migrated template (db/pglite-template.ts), in about 3 s.
 *
 * A snapshot is the history as of the day it was made (fixed PRNG seed, dates relative to that day: the same day and
 * code make the same business). It is not shifted: the trace chain hashes its events' times and the order numbers
 * carry their day, so moving the dates would break both. A start on a later day opens the newest snapshot there is
 * and says so; `npm run demo:rebuild` makes today's. One JSON file beside the tarball says what it was made from:
 * the PGlite version, the migrations (a snapshot whose migrations are the first of today's is opened and migrated
 * the rest of the way, as a yard's database is on an upgrade), a digest of the code that made it, the months and the
 * zone. The install makes it again when one of these is not today's.
 * It lives in node_modules/.cache: an install's, never committed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrationDigests, pgliteVersion } from '../../db/pglite-template.ts';
import { formatDate } from '../../platform/time.ts';
import type { HistoryResult } from './index.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const CACHE = join(ROOT, 'node_modules/.cache/loopyard-demo');

export interface SnapshotMeta {
  /** the day the history ends (its "today"), YYYY-MM-DD in `tz` */
  day: string;
  tz: string;
  months: number;
  pglite: string;
  /** the migrations applied (migrationDigests) */
  migrations: string[];
  /** SHA-256 (16 hex) of server/ and core/: the code that made it (codeDigest) */
  code: string;
  /** what the loader reported */
  summary: string;
  /** the loader's own count of what it made (tests/api/demo-history.test.ts checks the snapshot against it) */
  result?: HistoryResult;
}

export interface FoundSnapshot {
  file: string;
  meta: SnapshotMeta;
  /** made today, by today's loader, with today's migrations */
  current: boolean;
}

/**
 * SHA-256 (16 hex) of the code that makes the history: server/ and core/ (tests excluded) — the loader drives the
 * modules' commands, so a change to any of them may change the year it makes.
 */
export function codeDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if ((name.endsWith('.ts') || name.endsWith('.tsx')) && !/\.test\.tsx?$/.test(name)) {
        hash.update(path.slice(ROOT.length)).update('\0').update(readFileSync(path)).update('\0');
      }
    }
  };
  for (const dir of ['server', 'core']) walk(join(ROOT, dir));
  return hash.digest('hex').slice(0, 16);
}

const isPrefix = (a: string[], b: string[]) => a.length <= b.length && a.every((x, i) => x === b[i]);

/**
 * The snapshot a new data directory of `months` months of history in zone `tz` can start from: today's when there
 * is one, else the newest whose migrations are the first of today's (opened, then migrated the rest of the way).
 */
export function findDemoSnapshot(months: number, tz: string, now = new Date(), dir = CACHE): FoundSnapshot | null {
  if (!existsSync(dir)) return null;
  const pglite = pgliteVersion();
  const migrations = migrationDigests();
  const code = codeDigest();
  const today = formatDate(now, tz);
  let best: FoundSnapshot | null = null;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    let meta: SnapshotMeta;
    try {
      meta = JSON.parse(readFileSync(join(dir, name), 'utf8')) as SnapshotMeta;
    } catch {
      continue;
    }
    const file = join(dir, name.replace(/\.json$/, '.tar.gz'));
    if (!existsSync(file) || meta.pglite !== pglite || meta.months !== months || meta.tz !== tz) continue;
    if (meta.day > today || !isPrefix(meta.migrations, migrations)) continue;
    const current = meta.day === today && meta.code === code && meta.migrations.length === migrations.length;
    if (!best || (current && !best.current) || (current === best.current && meta.day > best.meta.day)) {
      best = { file, meta, current };
    }
  }
  return best;
}

/** One line of what the loader made (the snapshot's `summary`, the start's log). */
export function historySummary(h: HistoryResult): string {
  return (
    `${h.periods[0]}…${h.periods.at(-1)}: ${h.weighings} 过磅, ${h.documents} 单据, ${h.moneyRecords} 收付款, ` +
    `${h.vouchers} 凭证, ${h.transports} 运输单, ${h.quotes} 报价 (${h.requests} requests, ${h.ms} ms)`
  );
}

/** The tarball of a snapshot (found, or just made), for openDatabase's `initial`. */
export function readSnapshot(found: Pick<FoundSnapshot, 'file'>): Blob {
  return new Blob([readFileSync(found.file)]);
}

/** Keeps `blob` as the snapshot of `meta` (atomically) and removes every other one. */
export function saveDemoSnapshot(
  blob: ArrayBuffer,
  meta: Omit<SnapshotMeta, 'pglite' | 'migrations' | 'code'> & Partial<Pick<SnapshotMeta, 'migrations'>>,
  dir = CACHE,
): string {
  mkdirSync(dir, { recursive: true });
  const full: SnapshotMeta = { migrations: migrationDigests(), ...meta, pglite: pgliteVersion(), code: codeDigest() };
  const base = `demo-${full.months}m-${full.day}-${createHash('sha256').update(JSON.stringify(full)).digest('hex').slice(0, 8)}`;
  const tmp = `.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(join(dir, `${base}.tar.gz${tmp}`), Buffer.from(blob));
  renameSync(join(dir, `${base}.tar.gz${tmp}`), join(dir, `${base}.tar.gz`));
  writeFileSync(join(dir, `${base}.json${tmp}`), `${JSON.stringify(full, null, 2)}\n`);
  renameSync(join(dir, `${base}.json${tmp}`), join(dir, `${base}.json`));
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${base}.`)) rmSync(join(dir, name), { force: true });
  }
  return join(dir, `${base}.tar.gz`);
}
