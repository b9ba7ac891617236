/**
 * API log (every /api call, with its redacted query/body as `params`) and operation log (every mutation, with
 * modifyParams = {field: [old, new]}). Keys that look like secrets (password, secret, token, captcha, blade-auth)
 * are masked at any depth before anything is stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client.ts';
import { apiLog, operationLog } from '../db/schema/index.ts';

const serviceOf = (url: string) => url.split('?')[0].split('/')[2] ?? '';
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export function makeApiLogHook(db: Db, log: (e: unknown) => void) {
  return async function apiLogHook(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (!req.url.startsWith('/api/')) return payload;
    const tenantHeader = req.headers['tenant-id'];
    try {
      await db.insert(apiLog).values({
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
      });
    } catch (e) {
      log(e);
    }
    return payload;
  };
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
  await ex.insert(operationLog).values({
    tenantId: req.user?.tenantId ?? '',
    title: clip(title, 255),
    serviceId: clip(serviceOf(req.url), 50),
    requestUri: clip(req.url.split('?')[0], 500),
    method: req.method,
    params: requestParams(req, 20000),
    modifyParams: modifyParams && Object.keys(modifyParams).length ? modifyParams : null,
    createBy: req.user?.userId ?? null,
    remoteIp: clip(req.ip ?? '', 64),
  });
}
