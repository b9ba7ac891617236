/**
 * 系统参数 (/system/page/config, bladex-contract §5.9) through the resource engine, plus `value?paramKey=` (public
 * keys for everyone signed in, the rest with the 页面配置 grant).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paramResource } from '../../../core/contract/blade-system/param.contract.ts';
import { isPublicParamKey, SYSTEM_EXTRAS } from '../../../core/contract/blade-system/system-extras.contract.ts';
import { param } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { requireButton } from '../../platform/crud/permissions.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';

export function registerParamRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, paramResource, param);

  // SYSTEM_EXTRAS.paramValue: one key of the tenant ('' when unset); a key outside the public allow-list needs the
  // 页面配置 menu's grant (the same view grant as the parameter list)
  endpoints(s, ctx.db).handle(SYSTEM_EXTRAS.paramValue, async ({ user: u, query: { paramKey } }) => {
    if (!isPublicParamKey(paramKey)) await requireButton(ctx.db, u, paramResource.permission, 'view');
    const r = await ctx.db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantOf(u, param), eq(param.paramKey, paramKey)))
      .limit(1);
    return r[0]?.v ?? '';
  });
}
