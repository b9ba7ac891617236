/**
 * Boots the real app for one test file: in-memory PGlite, or (DATABASE_URL set) a fresh PostgreSQL database
 * created for the file (a clone of a migrated and seeded template) and dropped afterwards. Requests go through real
 * fetch on 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { AUTH_PATHS } from '../../core/contract/auth-paths.ts';
import type { TokenResponse } from '../../core/contract/blade-auth.contract.ts';
import { basicAuthorization } from '../../core/contract/wire.ts';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { type Database, openDatabase, plainTar } from '../../server/db/client.ts';
import { readTemplate } from '../../server/db/pglite-template.ts';
import { captcha, lgCar } from '../../server/db/schema/index.ts';
import { prepareDatabase } from '../../server/main.ts';
import { md5hex } from '../../server/platform/password.ts';
import { today } from '../../server/platform/time.ts';
import { CLONE_PREFIX, dropDatabase } from '../scale-out/postgres.ts';

export const BASIC = basicAuthorization();
export const TOKEN_PATH = AUTH_PATHS.token;
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface TestApp {
  app: FastifyInstance;
  base: string;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(over: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-test-'));
  return {
    ...loadConfig({}),
    dataDir,
    databaseUrl: undefined,
    captchaMode: true,
    seedDemo: true,
    // the history loader (server/seed/history) runs in tests that ask for it (demo-history.test.ts)
    historyMonths: 0,
    adminPassword: 'admin',
    distDir: join(dataDir, 'no-dist'),
    ossDir: join(dataDir, 'oss'),
    ...over,
  };
}

/** `url` with another database. */
function onDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const TEMPLATE_LOCK = 7_305_201_002;
const TEMPLATE_MAX_AGE_S = 6 * 3600;

/**
 * The clones of this run: `loopyard_t_<run>_<unix seconds>_<random>`. `npm run test:api:pg` names the run
 * (TEST_PG_RUN) and drops what is left of it when the files are done (tests/scale-out/api-on-postgres.ts); a file run
 * by hand leaves at most its spare clone, dropped by a later run once six hours old.
 */
const RUN = (process.env.TEST_PG_RUN ?? 'adhoc').replace(/[^a-z0-9]/g, '');

interface Clone {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A clone of the migrated and seeded template for `config`, made ahead: a boot takes the clone the boot before it
 * started in this process (the files of a worker share it) and starts the next, which PostgreSQL copies while this
 * file's tests run. Made when asked, each boot of the PostgreSQL pass waited 0.7 s on it (72 of the pass's 226
 * worker-seconds); the one clone a process makes too many is dropped with the run's leftovers.
 */
const spares = new Map<string, Promise<Clone>>();
function seededPgDatabase(url: string, config: Config): Promise<Clone> {
  const key = seedKey(config);
  const now = spares.get(key) ?? cloneOf(url, config);
  const next = cloneOf(url, config);
  next.catch(() => {}); // a failed spare fails the boot that takes it, not the process
  spares.set(key, next);
  return now;
}

/**
 * Builds the template for `config` when there is none — `loopyard_tpl_<key>_<unix seconds>`, once per key under an
 * advisory lock (test files run in parallel), never connected to after it is built; templates of other keys and
 * clones older than six hours are dropped then — and answers a new clone of it (`create database … template`, side by
 * side with other clones: each takes a share lock on the template). The PostgreSQL twin of `seededSnapshot`.
 */
async function cloneOf(url: string, config: Config): Promise<Clone> {
  const key = seedKey(config);
  const name = `${CLONE_PREFIX}${RUN}_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    let template: string | undefined;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const names = (
        await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, 'loopyard_tpl_') order by datname`,
        )
      ).rows.map((r) => r.datname);
      template = names.find((n) => n.startsWith(`loopyard_tpl_${key}_`));
      if (!template) {
        const now = Math.floor(Date.now() / 1000);
        const stale = (
          await admin.query<{ datname: string }>(
            `select datname from pg_database where starts_with(datname, '${CLONE_PREFIX}')`,
          )
        ).rows
          .map((r) => r.datname)
          .filter((n) => now - Number(n.split('_').at(-2)) > TEMPLATE_MAX_AGE_S);
        for (const old of [...names.filter((n) => now - Number(n.split('_').pop()) > TEMPLATE_MAX_AGE_S), ...stale]) {
          await dropDatabase(admin, old).catch(() => {}); // best effort: another run may be cloning it
        }
        const building = `loopyard_tpb_${key}_${now}`;
        await admin.query(`create database ${building}`);
        const fresh = await openDatabase({ databaseUrl: onDatabase(url, building) });
        try {
          await prepareDatabase(fresh, config);
        } finally {
          await fresh.close();
        }
        template = `loopyard_tpl_${key}_${now}`;
        // the pool's backends may still be on their way out: 55006 "being accessed by other users" is retried
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.query(`alter database ${building} rename to ${template}`);
            break;
          } catch (e) {
            if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    }
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: onDatabase(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    },
  };
}

/** Every file of `dir` (recursively), sorted, for hashing. */
function filesOf(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesOf(p) : [p];
    });
}

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Hash of everything that shapes a seeded database (migrations, seed, contracts, seed config) and the day it is
 * seeded on, memoised. The day matters: the demo is dated from today (documents today, the book closed through
 * last month), so a snapshot seeded on 30 November is the wrong demo on 1 December (issue 21: a run across
 * midnight, or yesterday's tarball in the temp dir, refused this month's dates as a closed period).
 */
const seedKeys = new Map<string, string>();
function seedKey(config: Config): string {
  const which = JSON.stringify({
    a: config.adminPassword,
    s: config.seedDemo,
    h: config.historyMonths,
    day: today(config.tz),
    // how seededSnapshot shapes the cluster (a change there is a new key)
    shape: 'without-templates',
  });
  let key = seedKeys.get(which);
  if (!key) {
    const hash = createHash('sha256');
    // the whole server and the shared core the seed may import (modules build demo data through their own code)
    for (const dir of ['server', 'core/contract', 'core/accounting', 'core/stock']) {
      for (const f of filesOf(join(ROOT, dir))) hash.update(f).update(readFileSync(f));
    }
    hash.update(which);
    key = hash.digest('hex').slice(0, 16);
    seedKeys.set(which, key);
  }
  return key;
}

/**
 * A migrated and seeded in-memory database, built once and kept as a tarball in the temp dir under a key made
 * of everything that shapes it (migrations, seed, contracts, seed config); each test file starts from a copy,
 * which takes a fraction of migrating and seeding again. The boot still runs `prepareDatabase` (a no-op then).
 */
const inflated = new Map<string, Blob>();
async function seededSnapshot(config: Config): Promise<Blob> {
  const file = join(tmpdir(), `loopyard-seeded-${seedKey(config)}.tar.gz`);
  // inflated once per worker process (a plain tar opens in about half the time: db/client.ts plainTar)
  const kept = inflated.get(file);
  if (kept) return kept;
  if (existsSync(file)) {
    const tar = await plainTar(new Blob([readFileSync(file)]));
    inflated.set(file, tar);
    return tar;
  }
  // from the install's migrated template when there is one (server/db/pglite-template.ts), as a new DATA_DIR starts
  const template = readTemplate();
  const fresh = await openDatabase(template ? { snapshot: template } : 'memory');
  await prepareDatabase(fresh, config);
  // no API test creates a database: the templates go (template0 and template1, 7 MB and ~530 files each, two thirds
  // of the cluster's files). With the current WAL segment's empty pages left out too (db/client.ts), a copy's boot in
  // a test worker took 1.23 CPU-s instead of 1.39 (medians of a pass's 100 boots): 16 CPU-s less a pass
  for (const db of ['template0', 'template1']) {
    await fresh.db.execute(sql.raw(`alter database ${db} is_template false`));
    await fresh.db.execute(sql.raw(`drop database ${db}`));
  }
  // checkpointed by dump(): a copy then starts without replaying the seed's WAL
  const blob = await (fresh.dump as () => Promise<Blob>)();
  await fresh.close();
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  return blob;
}

export async function boot(over: Partial<Config> = {}, database?: Database): Promise<TestApp> {
  const config = testConfig(over);
  let drop: (() => Promise<void>) | undefined;
  if (!database) {
    if (process.env.DATABASE_URL) {
      const fresh = await seededPgDatabase(process.env.DATABASE_URL, config);
      drop = fresh.drop;
      database = await openDatabase({ databaseUrl: fresh.url });
    } else {
      const snapshot = await seededSnapshot(config);
      database = await openDatabase({ snapshot });
    }
  }
  await prepareDatabase(database, config);
  const app = await buildApp({ database, config, jwtSecret: TEST_JWT_SECRET });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const db = database;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    database: db,
    config,
    close: async () => {
      await app.close();
      await db.close();
      // the file's own data directory (uploads, exports): a run left ~200 empty ones in the temp dir
      if (!over.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
      // in the background: a DROP waits up to five seconds for a backend still on its way out (dropDatabase), and
      // what a process leaves is dropped with the run's leftovers
      drop?.().catch(() => {});
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in tests
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Req {
  method?: string;
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: see Res
export async function call<T = any>(t: TestApp, path: string, r: Req = {}): Promise<Res<T>> {
  const url = new URL(path, t.base);
  for (const [k, v] of Object.entries(r.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Authorization: BASIC, ...(r.headers ?? {}) };
  if (r.token) headers['Blade-Auth'] = `bearer ${r.token}`;
  let body: string | undefined;
  if (r.rawBody !== undefined) {
    body = r.rawBody;
    headers['content-type'] = 'application/json';
  } else if (r.body !== undefined) {
    body = JSON.stringify(r.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url, { method: r.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A fresh captcha, solved by reading its answer from the database. */
export async function solvedCaptcha(t: TestApp): Promise<{ key: string; code: string }> {
  const c = await call<{ key: string; image: string }>(t, '/api/blade-auth/oauth/captcha');
  const rows = await t.database.db.select().from(captcha).where(eq(captcha.key, c.body.key));
  return { key: c.body.key, code: rows[0].answer };
}

export async function tokenRequest(
  t: TestApp,
  username: string,
  password: string,
  opts: { captcha?: { key: string; code: string } | false; tenantId?: string; grantType?: string } = {},
): Promise<Res<TokenResponse & { error_code?: number; error_description?: string }>> {
  const cap = opts.captcha === undefined ? (t.config.captchaMode ? await solvedCaptcha(t) : false) : opts.captcha;
  const headers: Record<string, string> = { 'Tenant-Id': opts.tenantId ?? '000000' };
  if (cap) {
    headers['Captcha-Key'] = cap.key;
    headers['Captcha-Code'] = cap.code;
  }
  return call(t, TOKEN_PATH, {
    method: 'POST',
    headers,
    query: {
      tenantId: opts.tenantId ?? '000000',
      username,
      password: md5hex(password),
      grant_type: opts.grantType ?? (cap ? 'captcha' : 'password'),
      scope: 'all',
      type: 'account',
    },
  });
}

export async function login(t: TestApp, account: 'admin' | 'manager' | 'clerk' = 'admin'): Promise<TokenResponse> {
  const r = await tokenRequest(t, account, account === 'admin' ? t.config.adminPassword : '123456');
  if (r.status !== 200) throw new Error(`login ${account} failed: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The 设备鉴权码 of the car with this GPS device id (random per installation since issue 22). */
export async function deviceTokenOf(t: TestApp, gpsDeviceId: string): Promise<string> {
  const [car] = await t.database.db
    .select({ token: lgCar.deviceToken })
    .from(lgCar)
    .where(eq(lgCar.gpsDeviceId, gpsDeviceId));
  return car?.token ?? '';
}
