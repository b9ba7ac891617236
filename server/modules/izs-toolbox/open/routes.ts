/**
 * The open platform (issue 14): the signed API under /api/open/v1 in its own Fastify context (raw-body JSON
 * parser, the gate, the per-app rate limit, the call log, its own refusal codes), its OpenAPI document and docs
 * page, the administration endpoints and the webhook worker.
 *
 * Env: WEBHOOK_POLL_MS (outbox poll, default 2000), WEBHOOK_RETRY_BASE_MS (first retry delay, default 10000),
 * WEBHOOK_ALLOW_HOSTS (internal receivers an operator allows by name; read at each save and delivery, see
 * webhook-target.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_VERSION } from '../../../../core/contract/common.ts';
import { OPEN_DOC, openApiDocumentSchema } from '../../../../core/contract/open/open-doc.contract.ts';
import { OPEN_V1, openScopeOf } from '../../../../core/contract/open/open-v1.contract.ts';
import type { Db } from '../../../db/client.ts';
import { openCallLog } from '../../../db/schema/index.ts';
import { isAdmin } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { ApiError, fail, forbidden } from '../../../platform/r.ts';
import { dbRateLimitStore } from '../../../platform/rate-limit-store.ts';
import { internalOpenApiDocument } from '../internal-openapi.ts';
import { registerOpenAdmin } from './admin.ts';
import { registerOpenV1 } from './api-v1.ts';
import { secretBox } from './crypto.ts';
import { OpenRefusal, openGate } from './guard.ts';
import { DOCS_CSS, docsHtml, openApiDocument } from './openapi.ts';
import { webhookDeliveryJob } from './webhooks.ts';

export async function registerOpenPlatform(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const box = secretBox(actx.secret);
  const tz = actx.config.tz;
  registerOpenAdmin(app, db, box, tz);
  registerOpenDocs(app, db);
  await app.register(async (s) => openV1Context(s, db, box, tz));

  // the outbox is polled by the job registry (platform/jobs.ts): whole seconds, 1 s to 30 s
  app.jobs.add(
    'webhook-delivery',
    webhookDeliveryJob(db, box, { baseMs: Number(process.env.WEBHOOK_RETRY_BASE_MS ?? 10_000) }),
    {
      schedule: {
        everySeconds: Math.min(30, Math.max(1, Math.round(Number(process.env.WEBHOOK_POLL_MS ?? 2000) / 1000))),
      },
    },
  );
}

/** The OpenAPI document is a descriptor (OPEN_DOC); the HTML page and its stylesheet stay plain (plain-routes.ts). */
function registerOpenDocs(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(OPEN_DOC.openapi, ({ req }) =>
    openApiDocumentSchema.parse(openApiDocument(`${req.protocol}://${req.headers.host ?? 'localhost'}`)),
  );
  r.handle(OPEN_DOC.internal, ({ user }) => {
    if (!isAdmin(user)) throw forbidden('仅超级管理员可查看系统内部接口文档');
    return openApiDocumentSchema.parse(internalOpenApiDocument(APP_VERSION));
  });
  const publicDoc = { config: { public: true } };
  app.get(`${OPEN_V1}/docs`, publicDoc, async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsHtml()));
  app.get(`${OPEN_V1}/docs.css`, publicDoc, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(DOCS_CSS),
  );
}

type Box = ReturnType<typeof secretBox>;

/** /api/open/v1 in its own context: the raw-body parser, its refusals, the gate, the per-app rate limit, the call log. */
async function openV1Context(s: FastifyInstance, db: Db, box: Box, tz: string): Promise<void> {
  // the raw body is part of the signature: keep it as received
  s.removeAllContentTypeParsers();
  s.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    req.openRawBody = text;
    if (!/json/i.test(req.headers['content-type'] ?? '') || !text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, '请求体不是合法的JSON'), undefined);
    }
  });
  s.setErrorHandler((err, _req, reply) => {
    if (err instanceof OpenRefusal) return reply.code(err.http).send(fail(err.code, err.message));
    throw err; // the app's handler (R with HTTP status = code)
  });
  s.addHook('onRequest', async (req) => {
    req.openStart = performance.now();
  });
  const scopeOf = (req: FastifyRequest) =>
    openScopeOf({ method: req.method as 'GET' | 'POST', path: req.routeOptions.url ?? '' });
  s.addHook('preHandler', openGate(db, box, scopeOf));
  await s.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    store: dbRateLimitStore(db),
    timeWindow: 60_000,
    keyGenerator: (req) => `open:${req.openApp?.appKey ?? req.ip}`,
    max: (req) => req.openApp?.rateLimit ?? 60,
    errorResponseBuilder: () => new OpenRefusal('rateLimited'),
  });
  s.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload === 'string') {
      try {
        const b = JSON.parse(payload) as { code?: number; msg?: string };
        req.openCode = b.code;
        req.openMsg = b.msg;
      } catch {
        /* not JSON */
      }
    }
    return payload;
  });
  s.addHook('onResponse', async (req, reply) => logOpenCall(db, req, reply));
  registerOpenV1(s, db, tz);
}

/** One row of the call log per answered call (a failed insert is logged, never answered). */
async function logOpenCall(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const a = req.openApp;
  const row = {
    tenantId: a?.tenantId ?? '',
    appId: a?.id ?? null,
    appKey: a?.appKey ?? String(req.headers['x-app-key'] ?? '').slice(0, 40),
    method: req.method,
    path: req.url.split('?')[0].slice(0, 255),
    httpStatus: reply.statusCode,
    code: req.openCode ?? reply.statusCode,
    msg: (req.openMsg ?? '').slice(0, 255),
    latencyMs: Math.round(performance.now() - (req.openStart ?? performance.now())),
    ip: req.ip.slice(0, 64),
  };
  await db
    .insert(openCallLog)
    .values(row)
    .catch((e) => req.log.error(e));
}
