/**
 * npm run demo:dump — the demo's tables as canonical text, to prove a refactoring changed no data (issue 23: "the demo
 * tables dumped before and after each refactoring commit are identical").
 *
 *   npm run demo:dump -- make OUT [--months 12] [--day yyyy-MM-dd]   make the demo in memory and write its dump
 *   npm run demo:dump -- compare A B [--ignore FILE | --no-ignore]   the tables and columns that differ
 *
 * The demo is made as the install makes it (make-snapshot.ts: the migrated template, the first-start seed, the
 * history loader through the app) with its "today" fixed at noon of `--day` (today by default), so two makes of the
 * same code on the same day tell the same story — made within the same hour: the first-start seed dates a few of its
 * rows hours back on the real clock (a transport delivered, its 应付单 and voucher), and those days move with the hour
 * the seed ran (two makes of the same code at 03:10 and 04:55 Shanghai differed in those dates only). The dump is one line per row, `table<TAB>json`, the rows of a table
 * sorted, with three things made comparable:
 * - **ids**: every id comes from one sequence (`loopyard_id_seq`) that the API log's timed batch inserts share, so an
 *   id's value depends on when the log flushed; its rank among the ids of the demo's tables does not. Every 19-digit
 *   id in any column or text becomes `#rank`.
 * - **times**: the loader's clock is the day's hour plus the real time elapsed (clock.ts), so a timestamp is kept
 *   to its day in the demo's zone, and so is a time written into a text.
 * - **the logs** (`blade_log_*`: what requests the loader sent, when) are left out, and their row counters; the rows
 *   timers and sign-ins write (the trace chain's blocks, sessions, rate-limit windows) keep their raw ids, outside
 *   the ranking.
 * What still differs between two makes of the same code is volatile (password salts, tokens): `compare` of two such
 * dumps lists those columns; `dump-volatile.txt` beside this file keeps that list (`table.column` lines, `table.*`
 * for a table whose rows come and go with a timer), and `compare` leaves them out unless told `--no-ignore`. The file is self-contained, so it can be copied into an older checkout to dump that commit's demo.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
// biome-ignore lint/style/noRestrictedImports: the demo is made by running the app, as demo:rebuild does
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Db, openDatabase, rows, runMigrations } from '../../db/client.ts';
import { readTemplate } from '../../db/pglite-template.ts';
import { formatDate } from '../../platform/time.ts';
import { seedIfEmpty } from '../index.ts';
import { loadHistory } from './index.ts';

/** The columns (and timed tables) two makes of the same code differ in: found by `compare` of two such dumps. */
const VOLATILE = join(import.meta.dirname, 'dump-volatile.txt');
const ID = /\b1[0-9]{18}\b/g;
const LOGS = /^blade_log_/;
/**
 * Rows written by timers or sign-ins rather than by the demo's commands (the trace chain seals its blocks on a timer,
 * the GPS watch raises 离线 alarms on one, a session and a rate-limit window per sign-in): dumped, but their ids are
 * left out of the ranking, which would otherwise shift with when they were written.
 */
const TIMED = /^(izs_chain_|blade_auth_session$|izs_rate_limit$|lg_alarm$)/;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

async function make(out: string) {
  const config = loadConfig({});
  const tz = config.tz;
  const months = Number(arg('months', '12'));
  const day = arg('day', formatDate(new Date(), tz));
  // noon of that day in the zone: the offset of the zone at that noon, read back from Intl
  const utcNoon = new Date(`${day}T12:00:00Z`);
  const local = new Date(utcNoon.toLocaleString('en-US', { timeZone: tz }));
  const now = new Date(utcNoon.getTime() - (local.getTime() - utcNoon.getTime()));
  const template = readTemplate();
  const database = await openDatabase(template ? { snapshot: template } : 'memory');
  const t0 = Date.now();
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: 'admin', seedDemo: true, historyMonths: months });
    process.env.GPS_SIMULATOR = 'off';
    const app = await buildApp({
      database,
      config: { ...config, seedDemo: true, historyMonths: months, historyScale: 1, captchaMode: false },
      jwtSecret: randomBytes(32).toString('base64url'),
      logger: false,
    });
    try {
      await loadHistory(app, database.db, { months, scale: 1, adminPassword: 'admin', captchaMode: false, tz, now });
    } finally {
      await app.close();
    }
    const text = await dumpTables(database.db, tz);
    writeFileSync(out, text);
    console.log(
      `demo of ${months} months on ${day} (${tz}) dumped to ${out}: ${text.split('\n').length - 1} rows, ${Date.now() - t0} ms`,
    );
  } finally {
    await database.close();
  }
}

/** The database's tables as the dump's text (see the header). */
export async function dumpTables(db: Db, tz: string): Promise<string> {
  const tables = (
    await rows<{ t: string }>(
      db,
      sql`select table_name as t from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '__drizzle%'
           order by 1`,
    )
  )
    .map((r) => r.t)
    .filter((t) => !LOGS.test(t));
  const data = new Map<string, Record<string, unknown>[]>();
  const ids: bigint[] = [];
  for (const t of tables) {
    let rs = await rows<Record<string, unknown>>(db, sql`select * from ${sql.identifier(t)}`);
    // the logs' row counters (migration 0045) count what is left out
    if (t === 'loopyard_row_count') rs = rs.filter((r) => !LOGS.test(String(r.table_name)));
    data.set(t, rs);
    if (!TIMED.test(t))
      for (const r of rs) if (r.id != null && /^\d{19}$/.test(String(r.id))) ids.push(BigInt(String(r.id)));
  }
  ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = new Map(ids.map((v, i) => [v.toString(), `#${i + 1}`]));
  const day = (d: Date) => formatDate(d, tz);
  const value = (v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (v instanceof Date) return day(v);
    if (typeof v === 'bigint') return rank.get(v.toString()) ?? v.toString();
    if (typeof v === 'object') return value(JSON.stringify(v));
    if (typeof v === 'string') {
      // a timestamp as PGlite's text gives it: its day
      if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)$/.test(v)) return day(new Date(v));
      // ids by rank; a time written into a text (a trace record's 事件时间) by its day
      return v
        .replace(ID, (m) => rank.get(m) ?? m)
        .replace(/\b(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\b/g, '$1');
    }
    return v;
  };
  const lines: string[] = [];
  for (const t of tables) {
    const out = (data.get(t) ?? []).map((r) =>
      JSON.stringify(
        Object.fromEntries(
          Object.keys(r)
            .sort()
            .map((k) => [k, value(r[k])]),
        ),
      ),
    );
    out.sort();
    for (const o of out) lines.push(`${t}\t${o}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The dump's rows by table (row text multiset). */
function read(text: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const t = line.slice(0, tab);
    m.set(t, [...(m.get(t) ?? []), line.slice(tab + 1)]);
  }
  return m;
}

/** `table.column` lines of a volatile list (# comments). */
export const ignoreList = (text: string) =>
  new Set(
    text
      .split('\n')
      .map((x) => x.trim())
      .filter((x) => x && !x.startsWith('#')),
  );

/**
 * Two dumps' texts compared, leaving out the `ignore`d columns and tables: the tables alike, those that differ (rows
 * on each side), and the columns whose values differ.
 */
export function compareDumps(a: string, b: string, ignore: Set<string>) {
  const [A, B] = [read(a), read(b)];
  const strip = (t: string, rowsOf: string[]) =>
    (ignore.has(`${t}.*`) ? [] : rowsOf)
      .map((r) => {
        const o = JSON.parse(r) as Record<string, unknown>;
        for (const k of Object.keys(o)) if (ignore.has(`${t}.${k}`) || ignore.has(`${t}.*`)) delete o[k];
        return JSON.stringify(o);
      })
      .sort();
  const volatile = new Set<string>();
  let same = 0;
  const differ: string[] = [];
  for (const t of [...new Set([...A.keys(), ...B.keys()])].sort()) {
    const [x, y] = [strip(t, A.get(t) ?? []), strip(t, B.get(t) ?? [])];
    if (x.length === y.length && x.every((r, i) => r === y[i])) {
      same++;
      continue;
    }
    differ.push(`${t}: ${x.length} rows | ${y.length} rows`);
    // which columns: rows paired by their id (`#rank`), else by their place in the sorted lists
    const [p, q] = [x, y].map((l) => l.map((r) => JSON.parse(r) as Record<string, unknown>));
    const keyed = p.every((r) => r.id != null) && q.every((r) => r.id != null);
    const other = keyed ? new Map(q.map((r) => [String(r.id), r])) : null;
    p.forEach((r, i) => {
      const s = other ? other.get(String(r.id)) : q[i];
      if (!s) return;
      for (const k of new Set([...Object.keys(r), ...Object.keys(s)]))
        if (JSON.stringify(r[k]) !== JSON.stringify(s[k])) volatile.add(`${t}.${k}`);
    });
  }
  return { same, differ, columns: [...volatile].sort() };
}

function compare(a: string, b: string) {
  const ignore = process.argv.includes('--no-ignore')
    ? new Set<string>()
    : ignoreList(readFileSync(arg('ignore', VOLATILE), 'utf8'));
  const { same, differ, columns } = compareDumps(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'), ignore);
  console.log(`${same} tables identical, ${differ.length} differ${differ.length ? ':' : ''}`);
  for (const d of differ) console.log(`  ${d}`);
  if (columns.length) {
    console.log('columns that differ (a --ignore list when both dumps are of the same code):');
    for (const v of columns) console.log(v);
  }
  process.exitCode = differ.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, x, y] = process.argv.slice(2);
  if (cmd === 'make' && x) await make(x);
  else if (cmd === 'compare' && x && y) compare(x, y);
  else {
    console.log(
      'npm run demo:dump -- make OUT [--months 12] [--day yyyy-MM-dd] | compare A B [--ignore FILE | --no-ignore]',
    );
    process.exitCode = 2;
  }
}
