/**
 * API log (every /api call, with its redacted query/body as `params`) and operation log (every mutation, with
 * modifyParams = {field: [old, new]}). Keys that look like secrets (password, secret, token, captcha, blade-auth)
 * are masked at any depth before anything is stored.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, type Executor, rawQuery, rows as sqlRows } from '../db/client.ts';
import { apiLog, operationLog } from '../db/schema/index.ts';
import type { JobRun } from './jobs.ts';

const serviceOf = (url: string) => decodedPath(url).split('/')[2] ?? '';

function decodedPath(url: string): string {
  const p = url.split('?')[0];
  try {
    return decodeURIComponent(p).replace(/\/{2,}/g, '/');
  } catch {
    return p;
  }
}
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export interface ApiLogWriter {
  /** onResponse hook: queues the call's row (after the answer has gone out). */
  hook: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Writes every queued row; readers of blade_log_api call it first, and the app on close. */
  flush: () => Promise<void>;
}

type ApiLogRow = typeof apiLog.$inferInsert;

/**
 * A batch of API log rows in one statement of constant text, one array per column (as the GPS positions,
 * izs-logistical/ingest.ts): Drizzle built a VALUES list of 11 parameters a row on every batch (~100 µs of CPU a
 * request, the batch's build and its planning included).
 */
const INSERT_API_LOG = `insert into blade_log_api (tenant_id, service_id, method, request_uri, user_id, status, time,
    remote_ip, user_agent, params, create_time)
  select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::bigint[], $6::int[],
    $7::int[], $8::varchar[], $9::varchar[], $10::text[], $11::timestamptz[])`;

async function insertApiLogRows(db: Db, rows: ApiLogRow[]): Promise<void> {
  const cols: unknown[][] = Array.from({ length: 11 }, () => new Array(rows.length));
  rows.forEach((r, i) => {
    cols[0][i] = r.tenantId ?? '';
    cols[1][i] = r.serviceId ?? '';
    cols[2][i] = r.method;
    cols[3][i] = r.requestUri;
    cols[4][i] = r.userId ?? null;
    cols[5][i] = r.status;
    cols[6][i] = r.time;
    cols[7][i] = r.remoteIp ?? '';
    cols[8][i] = r.userAgent ?? '';
    cols[9][i] = r.params ?? '';
    cols[10][i] = (r.createTime ?? new Date()).toISOString();
  });
  await rawQuery(db, 'blade_log_api_insert', INSERT_API_LOG, cols);
}

/**
 * The API log is written after the answer has been sent, in batches: one multi-row insert per `delayMs` (or at
 * `maxRows` queued), as BladeX logs asynchronously. Writing each row in the request cost a third of an unfiltered
 * page request's own SQL and, on single-connection PGlite, queued in front of the next request. Rows keep the time
 * of their call; the log pages and the dashboard flush before they read, so nothing reads a stale log. A crash
 * loses at most the last `delayMs` of API log (never business data, which does not go through here).
 */
export function makeApiLogWriter(
  db: Db,
  log: (e: unknown) => void,
  { maxRows = 200, delayMs = 250 }: { maxRows?: number; delayMs?: number } = {},
): ApiLogWriter {
  let queued: ApiLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = queued;
    queued = [];
    // one batch at a time, in order; a failed batch is reported and does not stop the next one
    writing = writing.then(async () => {
      if (!rows.length) return;
      try {
        await insertApiLogRows(db, rows);
      } catch (e) {
        log(e);
      }
    });
    return writing;
  };

  const hook = async (req: FastifyRequest, reply: FastifyReply) => {
    // the matched route decides (a call spelled /%61pi/… is an API call too), else the decoded path
    if (!(req.routeOptions.url ?? '').startsWith('/api/') && !decodedPath(req.url).startsWith('/api/')) return;
    const tenantHeader = req.headers['tenant-id'];
    queued.push({
      tenantId: req.user?.tenantId ?? (typeof tenantHeader === 'string' ? clip(tenantHeader, 12) : ''),
      serviceId: clip(serviceOf(req.url), 50),
      method: req.method,
      requestUri: clip(req.url.split('?')[0], 500),
      userId: req.user?.userId ?? null,
      status: reply.statusCode,
      time: Math.round(reply.elapsedTime),
      remoteIp: clip(req.ip ?? '', 64),
      userAgent: clip(String(req.headers['user-agent'] ?? ''), 500),
      params: requestParams(req, 4000),
      createTime: new Date(),
    });
    if (queued.length >= maxRows) void flush();
    else if (!timer) {
      timer = setTimeout(flush, delayMs);
      timer.unref();
    }
  };

  return { hook, flush };
}

const SECRET_KEY = /password|secret|token|captcha|blade-auth/i;

function redact(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redact);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_KEY.test(k) ? '******' : redact(x)]));
  }
  return v;
}

/** The request's query and body as JSON with secrets masked (API log `params`, operation log `params`). */
export function requestParams(req: FastifyRequest, max: number): string {
  const body = Buffer.isBuffer(req.body) || typeof req.body === 'string' ? '[raw]' : (req.body ?? null);
  try {
    return clip(JSON.stringify(redact({ query: req.query ?? {}, body })), max);
  } catch {
    return '';
  }
}

/** Field-by-field difference of the fields present in `next`. */
export function diff(prev: Record<string, unknown>, next: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined || SECRET_KEY.test(k)) continue;
    const old = prev[k] instanceof Date ? (prev[k] as Date).toISOString() : prev[k];
    if (JSON.stringify(old) !== JSON.stringify(v)) out[k] = [old ?? null, v];
  }
  return out;
}

export async function writeOperationLog(
  ex: Executor,
  req: FastifyRequest,
  title: string,
  modifyParams?: Record<string, [unknown, unknown]>,
): Promise<void> {
  await operationLogInsert(ex, req, title, modifyParams);
}

/**
 * The operation log's insert, not yet run: `writeOperationLog` awaits it; a writer that saves round trips sends it
 * as a CTE of its own statement (voucher save, issue 25) — the same row in the same transaction.
 */
export function operationLogInsert(
  ex: Executor,
  req: FastifyRequest,
  title: string,
  modifyParams?: Record<string, [unknown, unknown]>,
) {
  return ex.insert(operationLog).values(operationLogValues(req, title, modifyParams));
}

/** The operation log row of a request (`operationLogInsert` inserts it; voucher save writes it in its own statement). */
export function operationLogValues(
  req: FastifyRequest,
  title: string,
  modifyParams?: Record<string, [unknown, unknown]>,
) {
  return {
    tenantId: req.user?.tenantId ?? '',
    title: clip(title, 255),
    serviceId: clip(serviceOf(req.url), 50),
    requestUri: clip(req.url.split('?')[0], 500),
    method: req.method,
    params: requestParams(req, 20000),
    modifyParams: modifyParams && Object.keys(modifyParams).length ? modifyParams : null,
    createBy: req.user?.userId ?? null,
    remoteIp: clip(req.ip ?? '', 64),
  };
}

/**
 * Most rows one API-log export writes (documented in the server README): the log grows by every call, and an
 * export of everything would hold the embedded database for minutes. Past the cap the sheet ends with a row
 * saying so; narrow the time range to export the rest.
 */
export const API_LOG_EXPORT_MAX_ROWS = 20_000;
export const API_LOG_EXPORT_NOTE = `已达导出上限${API_LOG_EXPORT_MAX_ROWS}行，请缩小时间范围后分批导出`;

/** Rows deleted per statement by the retention (short statements: requests queue behind each on PGlite). */
const PRUNE_BATCH = 5000;

/**
 * API-log retention: deletes the rows older than `days` days (API_LOG_RETENTION_DAYS, default 30; 0 keeps
 * everything), oldest first, PRUNE_BATCH rows per statement so other requests get the database in between.
 * Answers how many rows went.
 */
export async function pruneApiLog(db: Db, days: number): Promise<number> {
  if (!(days > 0)) return 0;
  let total = 0;
  for (;;) {
    const gone = await sqlRows<{ id: string }>(
      db,
      sql`delete from blade_log_api where id in (
            select id from blade_log_api
             where create_time < now() - make_interval(days => ${Math.floor(days)})
             limit ${PRUNE_BATCH})
          returning id`,
    );
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A retention job (platform/jobs.ts): `prune(db, days)` at start and nightly, as SCHEDULES says. The API log and the
 * device-ingest refusals (izs-logistical) keep their rows so; registered only when `days` > 0.
 */
export function retentionJob(db: Db, days: number, prune: (db: Db, days: number) => Promise<number>): JobRun {
  return async () => `${await prune(db, days)} 行已删除，保留${days}天 (rows deleted, ${days} days kept)`;
}
