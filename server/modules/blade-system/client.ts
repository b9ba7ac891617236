/**
 * 应用管理 (/system/app, bladex-contract §5.8): OAuth clients of blade_client through the resource engine. The
 * token endpoint (blade-auth) reads these rows: secret, allowed grant types and token lifetimes.
 * Secrets are hashed (platform/client-secret.ts) and shown once: in the answer of submit/save (add) and of
 * reset-secret. Platform-wide rows: only the platform tenant manages them (platform-tenant.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT, clientResource } from '../../../core/contract/blade-system/client.contract.ts';
import { DEFAULT_CLIENT_ID } from '../../../core/contract/common.ts';
import { client } from '../../db/schema/index.ts';
import { currentUser } from '../../platform/auth.ts';
import { generateClientSecret, hashClientSecret } from '../../platform/client-secret.ts';
import { type CrudContext, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { isPlatformTenant, requirePlatformTenant } from './platform-tenant.ts';

export function registerClientRoutes(s: FastifyInstance, ctx: CrudContext): void {
  /** The plain secret of a client created by this request (answered once). */
  const created = new WeakMap<FastifyRequest, string>();

  const res = registerResource(s, ctx, clientResource, client, {
    hidden: ['clientSecret'],
    where: (_req, u) => (isPlatformTenant(u) ? undefined : eq(client.id, '0')),
    beforeSave: (_tx, row, c) => {
      requirePlatformTenant(c.user);
      const access = Number(row.accessTokenValidity);
      const refresh = Number(row.refreshTokenValidity);
      if (refresh < access) throw badRequest('刷新令牌有效期不能小于令牌有效期');
      if (c.isNew) {
        const plain = String(row.clientSecret ?? '') || generateClientSecret();
        row.clientSecret = hashClientSecret(plain);
        created.set(c.req, plain);
      } else {
        // the secret changes only through reset-secret
        row.clientSecret = c.prev?.clientSecret;
        if (c.prev?.clientId === DEFAULT_CLIENT_ID && row.status === 0) throw badRequest('默认客户端不能停用');
      }
    },
    beforeRemove: (_tx, rows, { user: u }) => {
      requirePlatformTenant(u);
      if (rows.some((r) => r.clientId === DEFAULT_CLIENT_ID)) throw badRequest('默认客户端不能删除');
    },
    routes: {
      submit: async (req) => {
        const b = (req.body ?? {}) as Row;
        const hasId = b.id !== undefined && b.id !== null && b.id !== '' && b.id !== -1 && b.id !== '-1';
        return ok(answer(req, hasId ? await res.update(req, b) : await res.insert(req, b)));
      },
      save: async (req) => ok(answer(req, await res.insert(req, req.body))),
      // the engine's detail reads by id without the `where` hook: keep other tenants out here too
      detail: async (req) => {
        const u = await res.permit(req, 'view');
        requirePlatformTenant(u);
        return ok(res.entity(await res.load(ctx.db, req, u, String((req.query as Row)?.id ?? '')), u));
      },
    },
  });

  const answer = (req: FastifyRequest, row: Row): Row => {
    const e = res.entity(row, currentUser(req));
    const plain = created.get(req);
    return plain ? { ...e, clientSecret: plain } : e;
  };

  endpoints(s, ctx.db).handle(CLIENT.resetSecret, async ({ query, req }) => {
    const u = await res.permit(req, 'edit');
    requirePlatformTenant(u);
    const id = query.id;
    const plain = generateClientSecret();
    const clientId = await ctx.db.transaction(async (tx) => {
      const [r] = await tx
        .update(client)
        .set({ clientSecret: hashClientSecret(plain), updateUser: u.userId, updateTime: new Date() })
        .where(and(eq(client.id, id), eq(client.isDeleted, 0)))
        .returning({ clientId: client.clientId });
      if (!r) throw badRequest('应用不存在');
      await writeOperationLog(tx, req, `重置应用密钥: ${r.clientId}`, { clientSecret: ['******', '******'] });
      return r.clientId;
    });
    return { clientId, clientSecret: plain };
  });
}
