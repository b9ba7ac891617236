/**
 * npm run bench:year — a busy yard's year (issue 25): the demo history loader (server/seed/history) at scale — 200
 * weighings a business day for twelve months, with everything that follows from them (documents reviewed, money
 * and 核销, invoices, vouchers posted, month closes, transports, quotes), made by the product's own HTTP commands —
 * then measured:
 * - every list's default page (current 1, size 10): the engine's resource pages and the hand-written paged lists of
 *   the endpoint registry; p99 over BENCH_YEAR_N calls each → `figure: year list p99 ms` (the worst list's p99);
 * - every report over the whole year (statements, books, stock / receivables / analysis reports) → `figure: year
 *   report max ms` (the slowest report's median);
 * - the home dashboard's three calls, sent together as the page does → `figure: year dashboard ms` (p99 of the
 *   whole set).
 * Every call is `app.inject` in this process (no socket: the figures are the server's own time, HTTP parsing
 * included, the network not).
 *
 * Options (argv or env): `--db pglite|pg` (BENCH_DB; pg needs DATABASE_URL, a role with CREATEDB),
 * `BENCH_YEAR_PER_DAY` (200 weighings a business day), `BENCH_YEAR_MONTHS` (12), `BENCH_YEAR_N` (30 calls per list),
 * `BENCH_YEAR_FRESH=1` (make the year again even when a cached one fits), `BENCH_YEAR_DIR` (measure that PGlite data
 * directory instead: a making stopped part way, or a yard's copy), `BENCH_YEAR_FROM=pglite|make` (--db pg: copy the
 * cached PGlite year into PostgreSQL — the default when there is one — or make it again by commands there).
 *
 * The year is made once and kept: on PGlite as a tarball in node_modules/.cache/loopyard-year/ (as the demo's
 * install snapshot, server/seed/history/snapshot.ts), keyed by the code digest, the migrations, the PGlite version,
 * the months, the scale and the zone; on PostgreSQL as a database `loopyard_year_<key>` each run copies
 * (`create database … template …`) and drops. A later run with the same code only measures; a run with other code
 * measures the newest cached year whose migrations are the first of today's (migrated the rest of the way) and says
 * which code made it — making one takes hours (see the README). The cached year keeps the day it was made (its
 * dates are relative to that day; the print says which).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { addMonths, type Period } from '../core/accounting/index.ts';
import type { EndpointSpec } from '../core/contract/endpoint.ts';
import { ENDPOINT_GROUPS } from '../core/contract/registry.ts';
import { resourcePaths } from '../core/contract/resource.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase, rows, runMigrations } from '../server/db/client.ts';
import { vacuumAnalyze } from '../server/db/maintenance.ts';
import { migrationDigests, pgliteVersion, readTemplate } from '../server/db/pglite-template.ts';
import { REGISTERED_RESOURCES } from '../server/platform/crud/engine.ts';
import { md5hex } from '../server/platform/password.ts';
import { formatDate } from '../server/platform/time.ts';
import { type HistoryResult, loadHistory } from '../server/seed/history/index.ts';
import { codeDigest, historySummary } from '../server/seed/history/snapshot.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { arg, BASIC, cpuSeconds, loadLine, ROOT, stats } from './lib.ts';
import { copyPgliteToPostgres } from './year-copy.ts';

const DB = arg('db', 'BENCH_DB', 'pglite');
const PER_DAY = Number(arg('per-day', 'BENCH_YEAR_PER_DAY', '200'));
const MONTHS = Number(arg('months', 'BENCH_YEAR_MONTHS', '12'));
const N = Number(arg('n', 'BENCH_YEAR_N', '30'));
const FRESH = process.env.BENCH_YEAR_FRESH === '1';
/**
 * BENCH_YEAR_FROM (--db pg, no PostgreSQL year cached): `pglite` (the default when a PGlite year is cached) copies
 * it into PostgreSQL (bench/year-copy.ts); `make` makes the year again by commands on PostgreSQL.
 */
const FROM = arg('from', 'BENCH_YEAR_FROM', 'pglite');
/**
 * BENCH_YEAR_DIR: measure a PGlite data directory made elsewhere instead of a cached year — a making stopped part way
 * (its `pgdata` is the history so far) or a copy of a yard's — on a copy, migrated to today's schema; its months are
 * those its weighings span.
 */
const DIR = process.env.BENCH_YEAR_DIR;
const TZ = process.env.TZ || 'Asia/Shanghai';
/**
 * The loader's `scale`: each unit is a purchase on six days in ten and a sale on three in ten (history/index.ts),
 * 0.9 weighings a business day; a sale with nothing on hand is skipped.
 */
const SCALE = Math.max(1, Math.round(PER_DAY / 0.9));
const CACHE = join(ROOT, 'node_modules/.cache/loopyard-year');
/**
 * Where PGlite makes the year (BENCH_YEAR_MAKE=memory|file): in memory (then a tarball, as the demo's snapshot) up
 * to ~20,000 weighings; beyond, in a data directory kept as it is (the loader on in-memory PGlite held 730 MB after
 * two months at 20 a day; the busy year has ~35 times the weighings).
 */
const ON_FILE = (process.env.BENCH_YEAR_MAKE ?? (PER_DAY * MONTHS * 21 > 20_000 ? 'file' : 'memory')) === 'file';
const T = '000000';

interface YearMeta {
  key: string;
  day: string;
  months: number;
  scale: number;
  perDay: number;
  summary: string;
  result: HistoryResult;
  /** CPU seconds of this process while loading, and wall seconds */
  cpuS: number;
  wallS: number;
  db: string;
  /** what made it: the code digest (server/ and core/), the migrations, the PGlite version, the zone */
  code?: string;
  migrations?: string[];
  pglite?: string;
  tz?: string;
}

const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

/** today's code, taken once at the start (a load of hours keeps the key of the code it began with) */
const MADE_BY = { code: codeDigest(), migrations: migrationDigests(), pglite: pgliteVersion(), tz: TZ };
const KEY = createHash('sha256')
  .update(
    JSON.stringify({ code: MADE_BY.code, migrations: MADE_BY.migrations, pglite: MADE_BY.pglite, MONTHS, SCALE, TZ }),
  )
  .digest('hex')
  .slice(0, 12);

/**
 * The cached year to measure: the one today's code made (same key), else — a year takes hours to make, and any
 * change to server/ or core/ changes the key — the newest one of the same months, scale, zone and PGlite version
 * whose migrations are the first of today's (opened, then migrated the rest of the way, as the demo's install
 * snapshot is). The print says which code made it; BENCH_YEAR_FRESH=1 makes it again.
 */
function findYear(kind: 'pglite' | 'pg'): { meta: YearMeta; exact: boolean } | null {
  if (FRESH || !existsSync(CACHE)) return null;
  const suffix = kind === 'pg' ? '-pg.json' : '.json';
  const read = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(CACHE, name), 'utf8')) as YearMeta;
    } catch {
      return null;
    }
  };
  const hasData = (m: YearMeta) =>
    kind === 'pg' || existsSync(join(CACHE, `year-${m.key}.tar.gz`)) || existsSync(join(CACHE, `year-${m.key}.d`));
  const exact = read(`year-${KEY}${suffix}`);
  if (exact && hasData(exact)) return { meta: exact, exact: true };
  const today = MADE_BY.migrations;
  let best: YearMeta | null = null;
  for (const name of readdirSync(CACHE)) {
    if (!name.startsWith('year-') || !name.endsWith(suffix) || (kind === 'pglite' && name.endsWith('-pg.json')))
      continue;
    const m = read(name);
    if (!m?.migrations || m.months !== MONTHS || m.scale !== SCALE || m.tz !== TZ || !hasData(m)) continue;
    if (kind === 'pglite' && m.pglite !== MADE_BY.pglite) continue;
    if (m.migrations.length > today.length || !m.migrations.every((x, i) => x === today[i])) continue;
    if (!best || m.day > best.day) best = m;
  }
  return best ? { meta: best, exact: false } : null;
}

/** The first-start seed with the book starting MONTHS back, then the loader through the app (in-process). */
async function makeYear(database: Database, where: string): Promise<YearMeta> {
  const now = new Date();
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  process.env.GPS_SIMULATOR = 'off'; // the loader sets the clock to past hours (history/clock.ts)
  await runMigrations(database);
  await seedIfEmpty(database.db, { adminPassword: 'admin', seedDemo: true, historyMonths: MONTHS });
  const app = await buildApp({
    database,
    config: { ...baseConfig(), historyMonths: MONTHS, historyScale: SCALE },
    jwtSecret: randomBytes(32).toString('base64url'),
    logger: false,
  });
  let h: HistoryResult;
  try {
    h = await loadHistory(app, database.db, {
      months: MONTHS,
      scale: SCALE,
      adminPassword: 'admin',
      captchaMode: false,
      tz: TZ,
      now,
      log: (m) => {
        const c = process.cpuUsage(cpu0);
        log(`${m} — ${((Date.now() - t0) / 1000).toFixed(0)} s, CPU ${((c.user + c.system) / 1e6).toFixed(0)} s`);
      },
    });
  } finally {
    await app.close();
  }
  const c = process.cpuUsage(cpu0);
  return {
    key: KEY,
    day: formatDate(now, TZ),
    months: MONTHS,
    scale: SCALE,
    perDay: PER_DAY,
    summary: historySummary(h),
    result: h,
    cpuS: (c.user + c.system) / 1e6,
    wallS: (Date.now() - t0) / 1000,
    db: where,
    ...MADE_BY,
  };
}

function baseConfig() {
  return {
    ...loadConfig({}),
    databaseUrl: undefined,
    captchaMode: false,
    seedDemo: true,
    adminPassword: 'admin',
    distDir: join(tmpdir(), 'loopyard-no-dist'),
  };
}

function printMade(meta: YearMeta) {
  const r = meta.result;
  log(
    `year made on ${meta.db}: ${meta.summary}; ${meta.wallS.toFixed(0)} s wall, ${meta.cpuS.toFixed(0)} s CPU of this ` +
      `process — ${((meta.wallS * 1000) / r.requests).toFixed(2)} ms wall and ` +
      `${((meta.cpuS * 1000) / r.requests).toFixed(2)} ms CPU a request; ${loadLine()}`,
  );
}

const kept = (key: string) =>
  existsSync(join(CACHE, `year-${key}.d`)) ? join(CACHE, `year-${key}.d`) : join(CACHE, `year-${key}.tar.gz`);
const made = (f: { meta: YearMeta; exact: boolean }) =>
  f.exact ? '' : `, by code ${f.meta.code} — not today's ${MADE_BY.code}; migrated to today's schema`;

/** PGlite: the cached tarball (or made now, in memory, then kept), opened file-backed as a data directory. */
async function pgliteYear(): Promise<{ database: Database; meta: YearMeta; dataDir: string }> {
  const found = findYear('pglite');
  let meta: YearMeta;
  if (found) {
    meta = found.meta;
    log(`cached year ${kept(meta.key)} (made ${meta.day}${made(found)}): ${meta.summary}`);
  } else if (ON_FILE) {
    // a data directory, kept as it is: the busy year's database is too large to hold in memory or to tar at once
    const dir = join(CACHE, `year-${KEY}.d`);
    rmSync(dir, { recursive: true, force: true });
    log(`making the year: ${MONTHS} months, scale ${SCALE} (~${PER_DAY} weighings a business day) in ${dir}`);
    const database = await openDatabase({ dataDir: dir });
    try {
      meta = await makeYear(database, 'PGlite file-backed');
      printMade(meta);
    } finally {
      await database.close();
    }
    writeFileSync(join(CACHE, `year-${KEY}.json`), `${JSON.stringify(meta, null, 2)}\n`);
    log(`kept ${dir}`);
  } else {
    const file = join(CACHE, `year-${KEY}.tar.gz`);
    log(`making the year: ${MONTHS} months, scale ${SCALE} (~${PER_DAY} weighings a business day) on in-memory PGlite`);
    const template = readTemplate();
    const database = await openDatabase(template ? { snapshot: template } : 'memory');
    try {
      meta = await makeYear(database, 'PGlite in memory');
      printMade(meta);
      const blob = await (database.dump as () => Promise<Blob>)();
      mkdirSync(CACHE, { recursive: true });
      const tmp = `.${process.pid}`;
      writeFileSync(`${file}${tmp}`, Buffer.from(await blob.arrayBuffer()));
      renameSync(`${file}${tmp}`, file);
      writeFileSync(join(CACHE, `year-${KEY}.json`), `${JSON.stringify(meta, null, 2)}\n`);
      log(`kept ${file}`);
    } finally {
      await database.close();
    }
  }
  // measured on a copy: a file-backed data directory, as a yard's server opens it
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-year-'));
  const dir = join(CACHE, `year-${meta.key}.d`);
  let database: Database;
  if (existsSync(dir)) {
    cpSync(dir, dataDir, { recursive: true, filter: (src) => !src.endsWith('loopyard.lock') });
    database = await openDatabase({ dataDir });
  } else {
    const file = join(CACHE, `year-${meta.key}.tar.gz`);
    database = await openDatabase({ dataDir, initial: () => new Blob([readFileSync(file)]) });
  }
  if (found && !found.exact) await runMigrations(database);
  // the server's upkeep leaves a PGlite database analysed (server/db/maintenance.ts)
  await vacuumAnalyze(database.db);
  return { database, meta, dataDir };
}

/** BENCH_YEAR_DIR: a copy of that data directory, migrated and analysed; its periods from its weighings. */
async function dirYear(dir: string): Promise<{ database: Database; meta: YearMeta; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-year-'));
  const from = existsSync(join(dir, 'pgdata')) ? dir : join(dir, '..');
  cpSync(from, dataDir, { recursive: true, filter: (src) => !src.endsWith('loopyard.lock') });
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  await vacuumAnalyze(database.db);
  const [span] = await rows<{ first: string; last: string; weighings: number; documents: number; vouchers: number }>(
    database.db,
    sql`select to_char(min(first_time) at time zone ${TZ}, 'YYYY-MM') as first,
          to_char(max(first_time) at time zone ${TZ}, 'YYYY-MM') as last,
          count(*)::int as weighings,
          (select count(*)::int from izs_stock_order where is_deleted = 0) as documents,
          (select count(*)::int from izs_fin_voucher where is_deleted = 0) as vouchers
        from izs_weighing_order where is_deleted = 0`,
  );
  const periods: Period[] = [];
  for (let p = span.first as Period; p <= span.last; p = addMonths(p, 1)) periods.push(p);
  const summary = `${periods[0]}…${periods.at(-1)}: ${span.weighings} 过磅, ${span.documents} 单据, ${span.vouchers} 凭证`;
  const meta = {
    key: 'dir',
    day: formatDate(new Date(), TZ),
    months: periods.length,
    scale: SCALE,
    perDay: PER_DAY,
    summary,
    result: { periods } as unknown as HistoryResult,
    cpuS: 0,
    wallS: 0,
    db: dir,
  };
  return { database, meta, dataDir };
}

/** PostgreSQL: `loopyard_year_<key>` (made now when missing), copied for the run. */
async function pgYear(): Promise<{ database: Database; meta: YearMeta; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('--db pg needs DATABASE_URL (a role with CREATEDB)');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const at = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  try {
    const exists = async (m: YearMeta) =>
      Boolean((await admin.query('select 1 from pg_database where datname = $1', [`loopyard_year_${m.key}`])).rowCount);
    let found = findYear('pg');
    if (found && !(await exists(found.meta))) found = null;
    let meta: YearMeta;
    const lite = found || FROM === 'make' ? null : findYear('pglite');
    if (found) {
      meta = found.meta;
      log(`cached year loopyard_year_${meta.key} (made ${meta.day}${made(found)}): ${meta.summary}`);
    } else if (lite) {
      meta = await copiedYear(admin, at, lite);
    } else {
      const year = `loopyard_year_${KEY}`;
      await admin.query(`drop database if exists ${year} with (force)`);
      await admin.query(`create database ${year}`);
      log(`making the year: ${MONTHS} months, scale ${SCALE} (~${PER_DAY} weighings a business day) on ${year}`);
      const database = await openDatabase({ databaseUrl: at(year) });
      try {
        meta = await makeYear(database, `PostgreSQL ${year}`);
        printMade(meta);
        await database.db.execute(sql`analyze`);
        mkdirSync(CACHE, { recursive: true });
        writeFileSync(join(CACHE, `year-${KEY}-pg.json`), `${JSON.stringify(meta, null, 2)}\n`);
      } catch (e) {
        await database.close();
        await admin.query(`drop database if exists ${year} with (force)`);
        throw e;
      }
      await database.close();
    }
    const year = `loopyard_year_${meta.key}`;
    const copy = `loopyard_bench_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${copy} template ${year}`);
    const database = await openDatabase({ databaseUrl: at(copy) });
    if (found && !found.exact) await runMigrations(database);
    await database.db.execute(sql`analyze`);
    return {
      database,
      meta,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${copy} with (force)`);
        await c.end();
      },
    };
  } finally {
    await admin.end();
  }
}

/**
 * The cached PGlite year copied into `loopyard_year_<its key>` (bench/year-copy.ts): the same rows as the PGlite
 * figures measure, in minutes instead of the hour or more a making by commands takes (BENCH_YEAR_FROM=make for that).
 */
async function copiedYear(
  admin: pg.Client,
  at: (name: string) => string,
  lite: { meta: YearMeta; exact: boolean },
): Promise<YearMeta> {
  const year = `loopyard_year_${lite.meta.key}`;
  log(`copying the PGlite year ${kept(lite.meta.key)} (made ${lite.meta.day}${made(lite)}) into ${year}`);
  const t0 = Date.now();
  const { database: source, dataDir } = await pgliteYear();
  await admin.query(`drop database if exists ${year} with (force)`);
  await admin.query(`create database ${year}`);
  try {
    const target = await openDatabase({ databaseUrl: at(year) });
    let c: Awaited<ReturnType<typeof copyPgliteToPostgres>>;
    try {
      await runMigrations(target);
      c = await copyPgliteToPostgres(source, at(year), log);
      await target.db.execute(sql`vacuum (analyze)`);
    } finally {
      await target.close();
    }
    const wallS = (Date.now() - t0) / 1000;
    log(
      `copied: ${c.tables} tables, ${c.rows} rows (${(c.bytes / 1e6).toFixed(0)} MB as COPY text), ${c.foreignKeys} ` +
        `foreign keys validated, ${c.sequences} sequences; ${wallS.toFixed(0)} s`,
    );
    const meta: YearMeta = {
      ...lite.meta,
      db: `PostgreSQL ${year}, copied from the PGlite year ${kept(lite.meta.key)} (${wallS.toFixed(0)} s)`,
      migrations: MADE_BY.migrations,
    };
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(join(CACHE, `year-${lite.meta.key}-pg.json`), `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  } catch (e) {
    await admin.query(`drop database if exists ${year} with (force)`);
    throw e;
  } finally {
    await source.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── what is measured ──

type Q = Record<string, string | number>;
interface Call {
  name: string;
  path: string;
  query: Q;
}

/** The engine's resource pages, then the registry's hand-written paged lists (their required filter filled). */
function listCalls(app: FastifyInstance): Call[] {
  const page: Q = { current: 1, size: 10 };
  const served = (url: string) => app.routeTable.some((r) => r.method === 'GET' && r.url === url);
  const out: Call[] = [];
  const seen = new Set<string>();
  for (const def of REGISTERED_RESOURCES.values()) {
    const p = resourcePaths(def);
    const path = served(p.page) ? p.page : p.list;
    if (!served(path) || seen.has(path)) continue;
    seen.add(path);
    out.push({ name: path, path, query: page });
  }
  // a hand list's required filter as its screen opens with it: both sides / directions
  const fills: Record<string, (string | number)[]> = { side: ['ar', 'ap'], direction: ['out', 'in'] };
  for (const list of Object.values(ENDPOINT_GROUPS)) {
    for (const e of Object.values(list as Record<string, EndpointSpec>)) {
      if (e.method !== 'GET' || seen.has(e.path) || e.path.startsWith('/api/open/')) continue;
      const shape = (e.query as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })?.shape;
      if (!shape || !('current' in shape) || !('size' in shape)) continue;
      const required = Object.entries(shape)
        .filter(([, v]) => !v.safeParse(undefined).success)
        .map(([k]) => k);
      if (required.some((k) => !fills[k])) continue;
      seen.add(e.path);
      const key = required[0];
      for (const v of key ? fills[key] : [undefined]) {
        out.push({
          name: key ? `${e.path}?${key}=${v}` : e.path,
          path: e.path,
          query: key ? { ...page, [key]: v as string } : page,
        });
      }
    }
  }
  return out;
}

/** The reports over the whole year (first period … last; dates likewise). */
function reportCalls(first: Period, last: Period, today: string): Call[] {
  const begin = `${first}-01`;
  const year = Number(last.slice(0, 4));
  const P = { periodFrom: first, periodTo: last };
  const D = { beginDate: begin, endDate: today };
  const r = (name: string, path: string, query: Q): Call => ({ name, path, query });
  return [
    r('科目余额表', '/api/izs-financing/ledger/balance', P),
    r('总账', '/api/izs-financing/ledger/general', P),
    r('明细账 1122', '/api/izs-financing/ledger/subsidiary', { ...P, accountCode: '1122' }),
    r('辅助核算余额表 1122', '/api/izs-financing/ledger/balance-aux', { ...P, accountCode: '1122' }),
    r('银行日记账', '/api/izs-financing/daybook/list', { ...P, kind: 'bank' }),
    r('科目汇总表', '/api/izs-financing/voucher/collect', P),
    r('资产负债表', '/api/izs-financing/report/balance-sheet', { period: last }),
    r('利润表', '/api/izs-financing/report/income-statement', { period: last }),
    r('财务首页', '/api/izs-financing/home/summary', { period: last }),
    r('收支合计', '/api/izs-financing/income-expend/summary', P),
    r('固定资产明细账', '/api/izs-financing/fixed-assets/subsidiary', P),
    r('资产汇总', '/api/izs-financing/fixed-assets/summary', { period: last }),
    r('销售成本', '/api/izs-financing/sell-cost/list', { period: last }),
    r('存货成本', '/api/izs-financing/stock-cost/list', { period: last }),
    r('流动资产报表', '/api/izs-financing/current-assets/report', { period: last }),
    r('采购报表', '/api/izs-report/purchase', D),
    r('销售报表', '/api/izs-report/sale', D),
    r('库存报表（收发存）', '/api/izs-report/stock', D),
    r('财务报表（按月）', '/api/izs-report/finance', { year }),
    r('固废总览', '/api/izs-report/gb', { year }),
    r('物流报表', '/api/izs-report/logistics', D),
    r('企业质押', '/api/izs-report/company-pledge', {}),
    r('应收余额与账龄', '/api/izs-finance-ar/balance/list', { side: 'ar' }),
    r('应付余额与账龄', '/api/izs-finance-ar/balance/list', { side: 'ap' }),
    r('票货款匹配（销项）', '/api/izs-finance-ar/invoice/match', { direction: 'out' }),
    r('票货款匹配（进项）', '/api/izs-finance-ar/invoice/match', { direction: 'in' }),
    r('收发存统计', '/api/izs-stock/inventory/send-receive', D),
    r('历史库存', '/api/izs-stock/inventory/history', { date: today }),
    r('物料成本', '/api/izs-stock/inventory/material-cost', {}),
    r('供应链分析', '/api/izs-stock/analysis/summary', D),
    r('综合报表', '/api/izs-stock/analysis/statement', D),
    r('采购台账', '/api/izs-sell/ledger/summary', { side: 'purchase', ...D }),
    r('销售台账', '/api/izs-sell/ledger/summary', { side: 'sale', ...D }),
    r('过磅时效', '/api/izs-weighing/timing/report', { from: begin, to: today }),
  ];
}

const DASHBOARD = ['/api/izs-toolbox/dashboard/summary', '/api/izs-visual/dashboard', '/api/izs-visual/dashboard/work'];

async function measure(database: Database, meta: YearMeta, where: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-year-app-'));
  const app = await buildApp({
    database,
    config: { ...baseConfig(), dataDir, historyMonths: MONTHS },
    jwtSecret: randomBytes(32).toString('base64url'),
    logger: false,
  });
  await app.ready();
  try {
    const tok = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { Authorization: BASIC, 'Tenant-Id': T },
      query: {
        tenantId: T,
        username: 'admin',
        password: md5hex('admin'),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
    });
    const token = (tok.json() as { access_token: string }).access_token;
    const [b] = await rows<{ id: string; dept: string }>(
      database.db,
      sql`select s.id::text as id, s.dept_id::text as dept from izs_fin_account_set s
            join blade_dept d on d.id = s.dept_id where d.dept_name = '绿循再生资源有限公司' and s.is_deleted = 0`,
    );
    const headers = {
      Authorization: BASIC,
      'Blade-Auth': `bearer ${token}`,
      'Tenant-Id': T,
      'Current-Dept-Id': b.dept,
      'Current-Account-Set-Id': b.id,
    };
    /**
     * One call: its wall time and this process's CPU time meanwhile — on PGlite the database runs in this thread,
     * so the CPU figure is the call's whole cost without the wait for a core (a loaded machine inflates the wall
     * figure by the run queue); on PostgreSQL it leaves out the server's own CPU.
     */
    const get = async (c: Pick<Call, 'path' | 'query'>) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await app.inject({ method: 'GET', url: c.path, headers, query: c.query as Record<string, string> });
      const ms = performance.now() - t0;
      const cu = process.cpuUsage(c0);
      const body = r.statusCode === 200 ? (r.json() as { code?: number; msg?: string }) : null;
      return {
        ms,
        cpu: (cu.user + cu.system) / 1000,
        ok: r.statusCode === 200 && body?.code === 200,
        status: r.statusCode,
        msg: body?.msg ?? r.body.slice(0, 120),
      };
    };
    const counts = await rows<{ k: string; n: string }>(
      database.db,
      sql`select 'weighings' as k, count(*)::text as n from izs_weighing_order
          union all select 'voucher lines', count(*)::text from izs_fin_voucher_line
          union all select 'api log rows', count(*)::text from blade_log_api`,
    ).catch(() => []);
    log(
      `measuring on ${where}: ${meta.summary} (made ${meta.day} by code ${meta.code ?? '?'}); ${counts.map((c) => `${c.n} ${c.k}`).join(', ')}`,
    );
    log(loadLine());
    const cpu0 = cpuSeconds(process.pid);

    // lists
    const lists = listCalls(app);
    const listRows: { name: string; p50: number; p99: number; cpu99: number }[] = [];
    const refused: string[] = [];
    for (const c of lists) {
      const first = await get(c); // warm (statement preparation, caches) — not counted
      if (!first.ok) {
        refused.push(`${c.name} (${first.status} ${first.msg})`);
        continue;
      }
      const ms: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < N; i++) {
        const x = await get(c);
        ms.push(x.ms);
        cpu.push(x.cpu);
      }
      const s = stats(ms);
      listRows.push({ name: c.name, p50: s.p50, p99: s.p99, cpu99: stats(cpu).p99 });
    }
    listRows.sort((a, b) => b.p99 - a.p99);
    console.log(`\nlists: ${listRows.length} default pages × ${N} calls (slowest 15 by p99):`);
    for (const x of listRows.slice(0, 15))
      console.log(
        `  ${x.p99.toFixed(1).padStart(8)} ms p99  ${x.p50.toFixed(1).padStart(7)} ms p50  ${x.cpu99.toFixed(1).padStart(7)} ms CPU p99  ${x.name}`,
      );
    const worstCpu = [...listRows].sort((a, b) => b.cpu99 - a.cpu99)[0];
    if (refused.length) console.log(`  not measured (answered an error): ${refused.join('; ')}`);
    log(loadLine());

    // reports
    const periods = meta.result.periods;
    const reports = reportCalls(periods[0], periods.at(-1) as Period, meta.day);
    const reportRows: { name: string; p50: number; max: number; cpu50: number }[] = [];
    const R = Math.max(3, Math.min(5, Math.round(N / 6)));
    for (const c of reports) {
      const first = await get(c);
      if (!first.ok) {
        refused.push(`${c.name} (${first.status} ${first.msg})`);
        console.log(`  report ${c.name} answered ${first.status} ${first.msg} — not measured`);
        continue;
      }
      const ms: number[] = [first.ms];
      const cpu: number[] = [first.cpu];
      for (let i = 1; i < R; i++) {
        const x = await get(c);
        ms.push(x.ms);
        cpu.push(x.cpu);
      }
      const s = stats(ms);
      reportRows.push({ name: c.name, p50: s.p50, max: s.max, cpu50: stats(cpu).p50 });
    }
    reportRows.sort((a, b) => b.p50 - a.p50);
    console.log(
      `\nreports over ${periods[0]}…${periods.at(-1)}: ${reportRows.length} × ${R} calls (first one cold, included):`,
    );
    for (const x of reportRows)
      console.log(
        `  ${x.p50.toFixed(1).padStart(8)} ms p50  ${x.max.toFixed(1).padStart(8)} ms max  ${x.cpu50.toFixed(1).padStart(7)} ms CPU p50  ${x.name}`,
      );
    const worstReportCpu = [...reportRows].sort((a, b) => b.cpu50 - a.cpu50)[0];
    log(loadLine());

    // the dashboard: its three calls together, as the home page sends them
    const dash: number[] = [];
    const dashCpu: number[] = [];
    for (let i = 0; i <= N; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const rs = await Promise.all(DASHBOARD.map((path) => get({ path, query: {} })));
      const bad = rs.find((x) => !x.ok);
      if (bad) throw new Error(`dashboard: ${bad.status} ${bad.msg}`);
      if (i > 0) {
        dash.push(performance.now() - t0);
        const cu = process.cpuUsage(c0);
        dashCpu.push((cu.user + cu.system) / 1000);
      }
    }
    // and each call alone (which of the three costs what)
    const alone: string[] = [];
    for (const path of DASHBOARD) {
      const ms: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < Math.min(N, 10); i++) {
        const x = await get({ path, query: {} });
        ms.push(x.ms);
        cpu.push(x.cpu);
      }
      alone.push(`${path} ${stats(ms).p50.toFixed(1)} ms (CPU ${stats(cpu).p50.toFixed(1)} ms)`);
    }
    const d = stats(dash);
    const dc = stats(dashCpu);
    console.log(
      `\ndashboard (${DASHBOARD.join(' + ')}): p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms over ${N}; ` +
        `CPU p50 ${dc.p50.toFixed(1)} ms, p99 ${dc.p99.toFixed(1)} ms`,
    );
    console.log(`  each alone, p50: ${alone.join('; ')}`);
    const cpu = cpuSeconds(process.pid) - cpu0;
    log(`${loadLine()}; measuring took ${cpu.toFixed(1)} s CPU`);
    console.log(`\n${where}`);
    console.log(`figure: year list p99 ms = ${listRows[0].p99.toFixed(1)}   (${listRows[0].name})`);
    console.log(`figure: year report max ms = ${reportRows[0].p50.toFixed(1)}   (${reportRows[0].name}, median)`);
    console.log(`figure: year dashboard ms = ${d.p99.toFixed(1)}   (p99)`);
    console.log(
      `the same as this process's CPU (the wait for a core left out${DB === 'pg' ? "; PostgreSQL's own CPU not in it" : ''}): ` +
        `list p99 ${worstCpu.cpu99.toFixed(1)} ms (${worstCpu.name}), report ${worstReportCpu.cpu50.toFixed(1)} ms ` +
        `(${worstReportCpu.name}), dashboard p99 ${dc.p99.toFixed(1)} ms`,
    );
    if (refused.length) console.log(`not measured: ${refused.length} (listed above)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  log(
    `bench:year — ${MONTHS} months at ${PER_DAY} weighings a business day (loader scale ${SCALE}), --db ${DB}; ${loadLine()}`,
  );
  if (!Number.isFinite(PER_DAY) || PER_DAY < 1 || !Number.isInteger(MONTHS) || MONTHS < 1 || MONTHS > 36)
    throw new Error('BENCH_YEAR_PER_DAY ≥ 1, BENCH_YEAR_MONTHS 1–36');
  if (DB === 'pg') {
    const { database, meta, drop } = await pgYear();
    try {
      await measure(database, meta, `PostgreSQL (a copy of loopyard_year_${meta.key})`);
    } finally {
      await database.close();
      await drop();
    }
  } else if (DB === 'pglite' && DIR) {
    const { database, meta, dataDir } = await dirYear(DIR);
    try {
      await measure(database, meta, `PGlite file-backed (a copy of ${DIR})`);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else if (DB === 'pglite') {
    const { database, meta, dataDir } = await pgliteYear();
    try {
      await measure(database, meta, 'PGlite file-backed');
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else throw new Error(`--db ${DB}: pglite | pg`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
