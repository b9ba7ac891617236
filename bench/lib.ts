/**
 * Shared pieces of the server benchmarks (stomp, review, ledger): a real server process on 127.0.0.1 (its own
 * event loop, so the load generator does not share it), sign-in, a JSON caller, percentiles, CPU time of a pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, type Db, openDatabase, rows } from '../server/db/client.ts';
import { vacuumAnalyze } from '../server/db/maintenance.ts';
import { dept, material, rowCount } from '../server/db/schema/index.ts';
import { prepareDatabase } from '../server/main.ts';
import { md5hex } from '../server/platform/password.ts';
import { dropDatabase } from '../tests/scale-out/postgres.ts';

export const ROOT = join(import.meta.dirname, '..');
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** `--name value` or `--name=value` from argv, else the env variable, else the default. */
export function arg(name: string, env: string, def: string): string {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1] ?? def;
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return process.env[env] ?? def;
}
export const flag = (name: string) => process.argv.slice(2).includes(`--${name}`);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ProbeFigures {
  p50: number;
  p99: number;
  max: number;
  gcMax: number;
  gcTotal: number;
  gcCount: number;
  kinds: Record<string, { n: number; max: number }>;
  /** V8 heap used (MB) at reset, at read, and at read after a full GC; old space used at reset and after that GC */
  heapMb: [number, number, number];
  oldSpaceMb: [number, number];
}

export interface Server {
  base: string;
  port: number;
  pid: number;
  dataDir: string;
  /** `PGlite <dir>` or `PostgreSQL <db>` */
  where: string;
  /** with `probe`: reset the server's event-loop / GC figures, then read them (ms) */
  probe: { reset(): void; read(): Promise<ProbeFigures | undefined> };
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` in its own Node process (tsx loader) on 127.0.0.1 with a fresh DATA_DIR, captcha off;
 * `databaseUrl` switches it to PostgreSQL. Resolves once it answers HTTP.
 */
export async function startServer(
  opts: {
    databaseUrl?: string;
    seedDemo?: boolean;
    dataDir?: string;
    env?: Record<string, string>;
    /** preload bench/loop-probe.ts (event-loop delay + GC of the server, see Server.probe) */
    probe?: boolean;
    /** node options before the entry (e.g. `--cpu-prof`) */
    nodeArgs?: string[];
  } = {},
): Promise<Server> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'loopyard-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_MODE: 'off',
    SEED_DEMO: opts.seedDemo === false ? '0' : '1',
    SEED_HISTORY: '0', // the fixture demo each bench builds on
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DIST_DIR: join(dataDir, 'no-dist'),
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const probeFile = join(dataDir, 'loop-probe.json');
  if (opts.probe) env.LOOP_PROBE_FILE = probeFile;
  const preload = opts.probe ? ['--expose-gc', '--import', './bench/loop-probe.ts'] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', ...preload, 'server/main.ts'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (exited) throw new Error('server exited during start');
    if (Date.now() - t0 > 300_000) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 300 s');
    }
    try {
      await fetch(`${base}/api/blade-auth/oauth/login-config`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    base,
    port,
    pid: child.pid!,
    dataDir,
    where: opts.databaseUrl ? `PostgreSQL ${new URL(opts.databaseUrl).pathname.slice(1)}` : `PGlite ${dataDir}`,
    probe: {
      reset: () => {
        if (opts.probe) child.kill('SIGUSR2');
      },
      read: async () => {
        if (!opts.probe) return undefined;
        rmSync(probeFile, { force: true });
        child.kill('SIGUSR1');
        for (let i = 0; i < 50; i++) {
          await new Promise((r) => setTimeout(r, 20));
          try {
            return JSON.parse(readFileSync(probeFile, 'utf8')) as ProbeFigures;
          } catch {
            /* not written yet */
          }
        }
        return undefined;
      },
    },
    stop: async () => {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await done;
        clearTimeout(timer);
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Token {
  access_token: string;
  refresh_token: string;
  dept_id: string;
  user_id: string;
}

export async function signIn(base: string, username = 'admin', password = 'admin'): Promise<Token> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username,
    password: md5hex(password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const r = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
  });
  const body = (await r.json()) as Token & { error_description?: string };
  if (!body.access_token) throw new Error(`sign-in ${username} failed: ${JSON.stringify(body)}`);
  return body;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
export type R<T = any> = { code: number; success: boolean; data: T; msg: string };

/** A caller bound to a token and headers: `api(path, body?)` → R (POST with a body, else GET). */
export function caller(base: string, token: string, headers: Record<string, string> = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: see R
  return async <T = any>(path: string, body?: unknown, query?: Record<string, string | number>): Promise<R<T>> => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const r = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: BASIC,
        'Blade-Auth': `bearer ${token}`,
        'Tenant-Id': '000000',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as R<T>;
  };
}

/**
 * A JSON caller whose HTTP client runs in a worker thread (as a browser runs in its own process): keep-alive
 * `node:http` connections, each call timed there from the request's write to the answer's last byte. With the
 * client in the server's event loop (bench/README.md, the material page), its CPU is queued with the server's
 * and counted as the endpoint's; undici `fetch` alone was ~0.4 ms a call. `close()` ends the worker.
 */
export function workerCaller(base: string, token: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const { performance } = require('node:perf_hooks');
     const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
     parentPort.on('message', ({ id, path, body }) => {
       if (id === undefined) { agent.destroy(); parentPort.close(); return; }
       const t0 = performance.now();
       const rq = http.request({ host: workerData.host, port: workerData.port, path, agent,
           method: body === undefined ? 'GET' : 'POST',
           headers: body === undefined ? workerData.headers
             : { ...workerData.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
         (rs) => {
           let b = '';
           rs.setEncoding('utf8');
           rs.on('data', (c) => { b += c; });
           rs.on('end', () => parentPort.postMessage({ id, ms: performance.now() - t0, body: b }));
         });
       rq.on('error', (e) => parentPort.postMessage({ id, error: String(e) }));
       rq.end(body);
     });`,
    {
      eval: true,
      workerData: {
        host: url.hostname,
        port: url.port,
        headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000', ...headers },
      },
    },
  );
  let next = 0;
  const waiting = new Map<number, (m: { ms: number; body: string; error?: string }) => void>();
  worker.on('message', (m: { id: number; ms: number; body: string; error?: string }) => {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return {
    /** POST `body` as JSON (GET without one); answers the parsed answer and the client-side time in ms. */
    // biome-ignore lint/suspicious/noExplicitAny: see R
    call<T = any>(path: string, body?: unknown): Promise<{ r: R<T>; ms: number }> {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => (m.error ? reject(new Error(m.error)) : resolve({ r: JSON.parse(m.body), ms: m.ms })));
        worker.postMessage({ id, path, body: body === undefined ? undefined : JSON.stringify(body) });
      });
    },
    async close() {
      worker.postMessage({});
      await new Promise((r) => worker.once('exit', r));
    },
  };
}

export function stats(ms: number[]) {
  const s = Float64Array.from(ms).sort();
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN);
  return {
    n: s.length,
    p50: at(0.5),
    p99: at(0.99),
    max: s.length ? s[s.length - 1] : NaN,
    mean: s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN,
  };
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(parts[11]) + Number(parts[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds (user + system) of a process and all its living descendants (Linux /proc; NaN elsewhere). */
export function treeCpuSeconds(root: number): number {
  try {
    const kids = new Map<number, number[]>();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const f = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]);
        kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
      } catch {
        // gone meanwhile
      }
    }
    let sum = 0;
    const walk = (pid: number) => {
      const own = cpuSeconds(pid);
      if (!Number.isNaN(own)) sum += own;
      for (const k of kids.get(pid) ?? []) walk(k);
    };
    walk(root);
    return sum;
  } catch {
    return Number.NaN;
  }
}

/** The 1-minute load average and the core count, for the printed header. */
export function loadLine(): string {
  const [l1, l5, l15] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load ${l1} ${l5} ${l15} on ${cpuCount()} cores`;
}
function cpuCount(): number {
  return readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('processor')).length;
}

export interface InProcess {
  base: string;
  database: Database;
  /** PGlite file-backed / in memory / PostgreSQL x.y (database …) */
  where: string;
  close(): Promise<void>;
}

/**
 * The real app inside this process, like tests/api (migrations + demo seed, `buildApp`, listening on 127.0.0.1):
 * `pglite` = file-backed PGlite in a temp DATA_DIR, `memory` = in-memory PGlite, `pg` = a fresh database created
 * next to DATABASE_URL (a role with CREATEDB) and dropped on close.
 */
export async function bootInProcess(kind: string): Promise<InProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-bench-'));
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let where: string;
  if (kind === 'pg') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('--db pg needs DATABASE_URL (a role with CREATEDB)');
    const name = `loopyard_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    };
    database = await openDatabase({ databaseUrl: u.toString() });
    const [v] = await rows<{ v: string }>(database.db, sql`select split_part(version(), ' ', 2) as v`);
    where = `PostgreSQL ${v.v} (database ${name})`;
  } else if (kind === 'memory') {
    database = await openDatabase('memory');
    where = 'PGlite in memory';
  } else if (kind === 'pglite') {
    database = await openDatabase({ dataDir });
    where = `PGlite file-backed (${dataDir})`;
  } else throw new Error(`--db ${kind}: pglite | memory | pg`);
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: undefined,
    captchaMode: false,
    seedDemo: true,
    adminPassword: 'admin',
    distDir: join(dataDir, 'no-dist'),
  };
  await prepareDatabase(database, config);
  const app = await buildApp({ database, config, jwtSecret: 'bench-secret-bench-secret-bench-secret-00' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return {
    base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    database,
    where,
    close: async () => {
      await app.close();
      await database.close();
      if (drop) await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The material list's columns as the engine selects them for a page: the row plus its two label sub-selects
 * (category, department). The list benches (page-bench, request-cost, request-path) ask the database the same.
 */
export const MATERIAL_LIST_SELECTION = {
  ...material,
  categoryName: sql<string>`(select c.name from izs_material_category c where c.id = ${material.categoryId})`,
  deptName: sql<string>`(select ${dept.deptName} from ${dept} where ${dept.id} = ${material.deptId})`,
} as unknown as Record<string, never>;

/**
 * The two statements of the unfiltered material page (its total from the row counter, its first ten rows), prepared
 * once as the engine runs them (engine-routes.ts plainPage, row-count.ts wholeTenantTotal) and asked together: the
 * database's part of a list request. `name` keeps each bench's prepared statements apart.
 */
export function materialListPair(db: Db, name: string): () => Promise<unknown[]> {
  const total = db
    .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)` })
    .from(rowCount)
    .where(and(eq(rowCount.tableName, sql.placeholder('table')), eq(rowCount.tenantId, sql.placeholder('tenant'))))
    .prepare(`${name}_row_count_total`);
  const page = db
    .select(MATERIAL_LIST_SELECTION)
    .from(material)
    .where(and(eq(material.tenantId, sql.placeholder('tenant')), eq(material.isDeleted, 0)))
    .orderBy(desc(material.createTime), desc(material.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`${name}_plain_page`);
  return () =>
    Promise.all([
      total.execute({ table: 'izs_material', tenant: '000000' }),
      page.execute({ tenant: '000000', limit: 10, offset: 0 }),
    ]);
}

/**
 * The app on in-memory PGlite with the demo seed and `extra` materials of the demo's company, analysed as the
 * server's upkeep leaves it (request-cost, request-path); not listening yet, so a bench may add its hooks.
 */
export async function materialApp(
  extra: number,
): Promise<{ database: Database; app: FastifyInstance; config: ReturnType<typeof loadConfig> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopyard-list-'));
  const config = { ...loadConfig({}), dataDir, captchaMode: false, seedDemo: true, distDir: join(dataDir, 'none') };
  const database = await openDatabase('memory');
  await prepareDatabase(database, config);
  const db = database.db;
  if (extra > 0) {
    const [company] = await db.select({ id: dept.id }).from(dept).where(eq(dept.parentId, '0')).limit(1);
    await db.execute(sql`
      insert into izs_material (tenant_id, dept_id, code, name, unit, price_unit, default_price, deduct_rate)
      select '000000', ${company.id}, 'BM' || lpad(g::text, 6, '0'), '废钢-' || g, 't', 'yuan_per_tonne',
             (1000 + g % 60000)::numeric(14,2), 0
        from generate_series(1, ${extra}) g`);
  }
  await vacuumAnalyze(db);
  const app = await buildApp({ database, config, jwtSecret: 'bench-secret-bench-secret-bench-secret-00' });
  return { database, app, config };
}
