/** 系统参数 (/system/page/config, bladex-contract §5.9) through the resource engine, plus `value?paramKey=`. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paramResource } from '../../../core/contract/blade-system/param.contract.ts';
import { SYSTEM_EXTRAS } from '../../../core/contract/blade-system/system-extras.contract.ts';
import { param } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';

export function registerParamRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, paramResource, param);

  // SYSTEM_EXTRAS.paramValue: any signed-in user reads one key of the tenant ('' when unset)
  endpoints(s, ctx.db).handle(SYSTEM_EXTRAS.paramValue, async ({ user: u, query: { paramKey } }) => {
    const r = await ctx.db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantOf(u, param), eq(param.paramKey, paramKey)))
      .limit(1);
    return r[0]?.v ?? '';
  });
}
