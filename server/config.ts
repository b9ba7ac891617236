/** Runtime configuration from the environment (DESIGN §2). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { PLUGIN_DEFAULT_PORT } from '../core/contract/izs-weighing/socket.contract.ts';
import type { Db } from './db/client.ts';
import { settings } from './db/schema/index.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword: string;
  captchaMode: boolean;
  seedDemo: boolean;
  /**
   * SEED_HISTORY (months, 12 by default; 0 = the quick fixture demo the tests use): the demo's business and books are
   * made by the product's own commands over the last months (server/seed/history). The install keeps 12 months as a
   * snapshot a new PGlite data directory starts from (seed/history/snapshot.ts); otherwise the first start runs the
   * loader itself (minutes).
   */
  historyMonths: number;
  /**
   * SEED_HISTORY_SCALE (1 by default, 1–1000): the history's business a day, times — ~220 makes the busy yard's
   * performance data set (200 weighings a business day).
   */
  historyScale?: number;
  /** From JWT_SECRET; when absent it is generated once and persisted (see resolveJwtSecret). */
  jwtSecret?: string;
  /** Time zone used to format times and to cut "today" (default Asia/Shanghai). */
  tz: string;
  /** Built front end (vite output). */
  distDir: string;
  /** Uploaded files served under /oss/. */
  ossDir: string;
  /** External STOMP broker (RabbitMQ Web-STOMP, e.g. ws://mq:15674/ws); unset = the embedded broker. */
  brokerUrl?: string;
  /** STOMP login/passcode handed to clients of the external broker. */
  brokerLogin: string;
  brokerPasscode: string;
  /** Default address of the scale bridge's plugin link on the weighbridge PC. */
  scalePluginUrl?: string;
  /**
   * Which peers may set X-Forwarded-For (TRUST_PROXY, Fastify's trustProxy): the client address the sign-in lock
   * and throttle count, the trace page's rate limit and an open-API app's IP allow-list. Default `loopback` (a
   * reverse proxy on this host): a PC elsewhere on the private network cannot claim another address. A proxy on
   * another host is named by its address or subnet (`loopback,10.0.0.5` or `10.0.0.0/24`); `true` trusts any peer
   * (then anyone can claim any address), `false` none.
   */
  trustProxy: boolean | string;
  /** Days the API log keeps its rows (API_LOG_RETENTION_DAYS, default 30; 0 keeps everything). */
  apiLogRetentionDays: number;
  /** how long a SIGTERM / SIGINT waits for requests and jobs in progress before the process exits anyway */
  shutdownGraceMs: number;
  /**
   * Days the refused device-ingest attempts (lg_ingest_reject) are kept (INGEST_REJECT_RETENTION_DAYS, default 30;
   * 0 keeps everything); pruned like the API log.
   */
  ingestRejectRetentionDays: number;
  /**
   * `npm start` also runs the simulated scale bridge (tools/scale-bridge/simulated.ts) so the demo weighing station
   * shows a live weight: on with the demo data unless SCALE_SIMULATOR=0; always off with SEED_DEMO=0.
   */
  scaleSimulator: boolean;
  /** Its plugin-link port on 127.0.0.1: SCALE_SIMULATOR_PORT, else the port of SCALE_PLUGIN_URL, else 9610. */
  scaleSimulatorPort: number;
}

function simulatorPort(env: NodeJS.ProcessEnv): number {
  if (env.SCALE_SIMULATOR_PORT) {
    const n = Number(env.SCALE_SIMULATOR_PORT);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw new Error(`SCALE_SIMULATOR_PORT 不合法 / invalid SCALE_SIMULATOR_PORT: ${env.SCALE_SIMULATOR_PORT}`);
    return n;
  }
  try {
    const u = new URL(env.SCALE_PLUGIN_URL || '');
    if (u.port) return Number(u.port);
  } catch {
    /* unset or not a URL: the default */
  }
  return PLUGIN_DEFAULT_PORT;
}

function historyMonths(env: NodeJS.ProcessEnv): number {
  if (env.SEED_DEMO === '0') return 0;
  const raw = (env.SEED_HISTORY ?? '').trim().toLowerCase();
  // a year by default: the install makes it once (npm's prepare, ~2,800 requests, two minutes on this machine) and a
  // new data directory opens that snapshot
  if (raw === '') return 12;
  if (['off', 'false'].includes(raw)) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 36)
    throw new Error(`SEED_HISTORY 不合法（0–36 个月）/ invalid SEED_HISTORY: ${raw}`);
  return n;
}

function historyScale(env: NodeJS.ProcessEnv): number {
  const raw = (env.SEED_HISTORY_SCALE ?? '').trim();
  if (raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`SEED_HISTORY_SCALE 不合法（1–1000）/ invalid SEED_HISTORY_SCALE: ${raw}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 不合法 / invalid PORT: ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || 'admin',
    captchaMode: (env.CAPTCHA_MODE || 'on').toLowerCase() !== 'off',
    seedDemo: env.SEED_DEMO !== '0',
    historyMonths: historyMonths(env),
    historyScale: historyScale(env),
    jwtSecret: env.JWT_SECRET || undefined,
    tz: env.TZ || 'Asia/Shanghai',
    distDir: resolve(env.DIST_DIR || 'dist'),
    ossDir: resolve(env.OSS_DIR || join(dataDir, 'oss')),
    brokerUrl: env.BROKER_URL || undefined,
    brokerLogin: env.BROKER_LOGIN || '',
    brokerPasscode: env.BROKER_PASSCODE || '',
    scalePluginUrl: env.SCALE_PLUGIN_URL || undefined,
    scaleSimulator: env.SEED_DEMO !== '0' && !['0', 'off', 'false'].includes((env.SCALE_SIMULATOR || '').toLowerCase()),
    scaleSimulatorPort: simulatorPort(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiLogRetentionDays: retentionDays(env.API_LOG_RETENTION_DAYS),
    shutdownGraceMs: shutdownGraceMs(env.SHUTDOWN_GRACE_MS),
    ingestRejectRetentionDays: retentionDays(env.INGEST_REJECT_RETENTION_DAYS, 'INGEST_REJECT_RETENTION_DAYS'),
  };
}

function shutdownGraceMs(v: string | undefined): number {
  if (v === undefined || v.trim() === '') return 20_000;
  const n = Number(v);
  if (!/^\s*\d+\s*$/.test(v) || !Number.isInteger(n) || n < 100 || n > 600_000)
    throw new Error(`SHUTDOWN_GRACE_MS 不合法（100–600000）/ invalid SHUTDOWN_GRACE_MS: ${v}`);
  return n;
}

function retentionDays(v: string | undefined, name = 'API_LOG_RETENTION_DAYS'): number {
  if (v === undefined || v.trim() === '') return 30;
  const n = Number(v);
  if (!/^\s*\d+\s*$/.test(v) || !Number.isInteger(n) || n < 0)
    throw new Error(`${name} 不合法 / invalid ${name}: ${v}`);
  return n;
}

function parseTrustProxy(v: string | undefined): boolean | string {
  const s = (v ?? '').trim();
  if (!s) return 'loopback';
  if (/^(true|1|on)$/i.test(s)) return true;
  if (/^(false|0|off)$/i.test(s)) return false;
  return s;
}

/**
 * The HS256 key. JWT_SECRET wins; otherwise a random key persisted in DATA_DIR/secret.key (PGlite) or in the
 * settings table (PostgreSQL, so every process behind the proxy signs with the same key).
 */
export async function resolveJwtSecret(config: Config, db: Db, kind: 'pglite' | 'pg' | 'memory'): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const fresh = randomBytes(48).toString('base64url');
  if (kind === 'pg') {
    await db.insert(settings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
    const rows = await db.select().from(settings).where(sql`${settings.key} = 'jwt_secret'`);
    return rows[0].value;
  }
  if (kind === 'memory') return fresh;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'secret.key');
  if (existsSync(file)) {
    const v = readFileSync(file, 'utf8').trim();
    if (v.length >= 32) return v;
  }
  writeFileSync(file, fresh, { mode: 0o600 });
  return fresh;
}
