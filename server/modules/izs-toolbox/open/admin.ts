/**
 * 开放平台 administration handlers (core/contract/open/open-app.contract.ts): apps of the caller's tenant, secrets
 * shown once (create / rotate), call log, webhook deliveries and replay, the paths an app may call.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OPEN_APP, type OpenAppRow } from '../../../../core/contract/open/open-app.contract.ts';
import { OPEN_API, OPEN_SCOPES, openScopeOf } from '../../../../core/contract/open/open-v1.contract.ts';
import type { Db } from '../../../db/client.ts';
import { openApp, openCallLog, openWebhook } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { endpoints, type Handler } from '../../../platform/endpoint.ts';
import { writeOperationLog } from '../../../platform/logs.ts';
import { badRequest } from '../../../platform/r.ts';
import { effectiveDept, tenantOf, tenantOnly } from '../../../platform/scope.ts';
import { formatDateTime } from '../../../platform/time.ts';
import { newAppKey, newSecret, newWebhookSecret, type SecretBox } from './crypto.ts';
import { checkWebhookTarget, WebhookTargetError } from './webhook-target.ts';

type AppRow = typeof openApp.$inferSelect;
const list = (v: string) => v.split(',').filter(Boolean);

/** An app as listed: its settings and its calls of the last 24 hours (the secret never leaves the box). */
async function rowOf(db: Db, tz: string, a: AppRow): Promise<OpenAppRow> {
  const [c] = await db
    .select({ n: count() })
    .from(openCallLog)
    .where(and(eq(openCallLog.appId, a.id), gte(openCallLog.createTime, new Date(Date.now() - 86_400_000))));
  return {
    id: a.id,
    name: a.name,
    appKey: a.appKey,
    enabled: a.enabled,
    ipAllow: a.ipAllow,
    scopes: list(a.scopes),
    rateLimit: a.rateLimit,
    webhookUrl: a.webhookUrl,
    webhookEvents: list(a.webhookEvents),
    remark: a.remark,
    createTime: formatDateTime(a.createTime, tz),
    calls24h: c?.n ?? 0,
  };
}

/** One of the caller's tenant's apps; refused when it is not. */
async function loadApp(db: Db, user: AuthUser, id: string): Promise<AppRow> {
  const [a] = await db
    .select()
    .from(openApp)
    .where(and(eq(openApp.id, id), tenantOf(user, openApp)));
  if (!a) throw badRequest('应用不存在');
  return a;
}

export function registerOpenAdmin(app: FastifyInstance, db: Db, box: SecretBox, tz: string): void {
  const r = endpoints(app, db);
  r.handle(OPEN_APP.list, listApps(db, tz));
  r.handle(OPEN_APP.save, saveApp(db, box, tz));
  r.handle(OPEN_APP.rotate, rotateSecrets(db, box, tz));
  r.handle(OPEN_APP.remove, removeApp(db));
  r.handle(OPEN_APP.calls, appCalls(db, tz));
  r.handle(OPEN_APP.deliveries, appDeliveries(db, tz));
  r.handle(OPEN_APP.replay, replayDelivery(db));
  r.handle(OPEN_APP.paths, appPaths(db, tz));
}

function listApps(db: Db, tz: string): Handler<typeof OPEN_APP.list> {
  return async ({ user }) => {
    const apps = await db.select().from(openApp).where(tenantOf(user, openApp)).orderBy(desc(openApp.createTime));
    return Promise.all(apps.map((a) => rowOf(db, tz, a)));
  };
}

function saveApp(db: Db, box: SecretBox, tz: string): Handler<typeof OPEN_APP.save> {
  return async ({ body, user, req }) => {
    if (body.webhookUrl) {
      try {
        await checkWebhookTarget(body.webhookUrl);
      } catch (e) {
        if (e instanceof WebhookTargetError) throw badRequest(e.message);
        throw e;
      }
    }
    const values = {
      name: body.name,
      enabled: body.enabled,
      ipAllow: body.ipAllow
        .split(/[\s,，]+/)
        .filter(Boolean)
        .join(','),
      scopes: [...new Set(body.scopes)].join(','),
      rateLimit: body.rateLimit,
      webhookUrl: body.webhookUrl,
      webhookEvents: [...new Set(body.webhookEvents)].join(','),
      remark: body.remark,
      updateUser: user.userId,
      updateTime: new Date(),
    };
    if (body.id) {
      const prev = await loadApp(db, user, body.id);
      const [a] = await db.transaction(async (tx) => {
        const out = await tx.update(openApp).set(values).where(eq(openApp.id, prev.id)).returning();
        await writeOperationLog(tx, req, '修改开放应用', { name: [prev.name, body.name] });
        return out;
      });
      return { app: await rowOf(db, tz, a), secret: null, webhookSecret: null };
    }
    const secret = newSecret();
    const webhookSecret = newWebhookSecret();
    const [a] = await db.transaction(async (tx) => {
      const out = await tx
        .insert(openApp)
        .values({
          ...values,
          tenantId: user.tenantId,
          deptId: effectiveDept(user),
          createUser: user.userId,
          createDept: effectiveDept(user),
          appKey: newAppKey(),
          secretEnc: box.seal(secret),
          webhookSecretEnc: box.seal(webhookSecret),
        })
        .returning();
      await writeOperationLog(tx, req, '新增开放应用', { name: [null, body.name] });
      return out;
    });
    return { app: await rowOf(db, tz, a), secret, webhookSecret };
  };
}

function rotateSecrets(db: Db, box: SecretBox, tz: string): Handler<typeof OPEN_APP.rotate> {
  return async ({ body, user, req }) => {
    const prev = await loadApp(db, user, body.id);
    const secret = newSecret();
    const webhookSecret = newWebhookSecret();
    const [a] = await db.transaction(async (tx) => {
      const out = await tx
        .update(openApp)
        .set({
          secretEnc: box.seal(secret),
          webhookSecretEnc: box.seal(webhookSecret),
          updateUser: user.userId,
          updateTime: new Date(),
        })
        .where(eq(openApp.id, prev.id))
        .returning();
      await writeOperationLog(tx, req, '重置开放应用密钥', { appKey: [prev.appKey, prev.appKey] });
      return out;
    });
    return { app: await rowOf(db, tz, a), secret, webhookSecret };
  };
}

function removeApp(db: Db): Handler<typeof OPEN_APP.remove> {
  return async ({ body, user, req }) => {
    const prev = await loadApp(db, user, body.id);
    await db.transaction(async (tx) => {
      await tx
        .update(openApp)
        .set({ isDeleted: 1, enabled: 0, updateUser: user.userId, updateTime: new Date() })
        .where(eq(openApp.id, prev.id));
      await writeOperationLog(tx, req, '删除开放应用', { name: [prev.name, null] });
    });
    return true;
  };
}

function appCalls(db: Db, tz: string): Handler<typeof OPEN_APP.calls> {
  return async ({ query, user }) => {
    const a = await loadApp(db, user, query.appId);
    const where = eq(openCallLog.appId, a.id);
    const [{ n }] = await db.select({ n: count() }).from(openCallLog).where(where);
    const recs = await db
      .select()
      .from(openCallLog)
      .where(where)
      .orderBy(desc(openCallLog.createTime), desc(openCallLog.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      total: n,
      current: query.current,
      size: query.size,
      records: recs.map((c) => ({
        id: c.id,
        method: c.method,
        path: c.path,
        httpStatus: c.httpStatus,
        code: c.code,
        msg: c.msg,
        latencyMs: c.latencyMs,
        ip: c.ip,
        createTime: formatDateTime(c.createTime, tz),
      })),
    };
  };
}

function appDeliveries(db: Db, tz: string): Handler<typeof OPEN_APP.deliveries> {
  return async ({ query, user }) => {
    const a = await loadApp(db, user, query.appId);
    const where = eq(openWebhook.appId, a.id);
    const [{ n }] = await db.select({ n: count() }).from(openWebhook).where(where);
    const recs = await db
      .select()
      .from(openWebhook)
      .where(where)
      .orderBy(desc(openWebhook.createTime), desc(openWebhook.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      total: n,
      current: query.current,
      size: query.size,
      records: recs.map((d) => ({
        id: d.id,
        event: d.event,
        state: d.state,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        lastError: d.lastError,
        lastLatencyMs: d.lastLatencyMs,
        nextAttemptAt: d.state === 'pending' ? formatDateTime(d.nextAttemptAt, tz) : '',
        deliveredAt: formatDateTime(d.deliveredAt, tz),
        createTime: formatDateTime(d.createTime, tz),
        payload: d.payload,
      })),
    };
  };
}

function replayDelivery(db: Db): Handler<typeof OPEN_APP.replay> {
  return async ({ body, user, req }) => {
    const [d] = await db
      .select({ id: openWebhook.id, appId: openWebhook.appId })
      .from(openWebhook)
      .where(and(eq(openWebhook.id, body.id), tenantOnly(user, openWebhook)));
    if (!d) throw badRequest('推送记录不存在');
    await db.transaction(async (tx) => {
      await tx
        .update(openWebhook)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: '' })
        .where(eq(openWebhook.id, d.id));
      await writeOperationLog(tx, req, '重新推送开放平台事件', { id: [d.id, d.id] });
    });
    return true;
  };
}

function appPaths(db: Db, tz: string): Handler<typeof OPEN_APP.paths> {
  return async ({ query, user }) => {
    const a = await rowOf(db, tz, await loadApp(db, user, query.appId));
    const label = Object.fromEntries(OPEN_SCOPES.map((s) => [s.value, s.label]));
    return {
      app: a,
      paths: Object.values(OPEN_API).map((e) => {
        const scope = openScopeOf(e) ?? '';
        return {
          method: e.method,
          path: e.path,
          summary: e.summary,
          scope,
          scopeLabel: label[scope] ?? scope,
          allowed: a.enabled === 1 && a.scopes.includes(scope),
        };
      }),
    };
  };
}
