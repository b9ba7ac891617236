/** 系统参数 (/system/page/config, bladex-contract §5.9) through the resource engine, plus `value?paramKey=`. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PARAM_PATHS, paramResource } from '../../../core/contract/blade-system/param.contract.ts';
import { param } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { ok } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';

export function registerParamRoutes(s: FastifyInstance, ctx: CrudContext): void {
  const res = registerResource(s, ctx, paramResource, param);

  s.get(PARAM_PATHS.value, async (req) => {
    const u = await res.permitAny(req);
    const { paramKey } = parse(
      z.object({ paramKey: z.string({ error: '缺少必要的请求参数: paramKey' }).trim().min(1, '请输入参数键名') }),
      req.query ?? {},
    );
    const r = await ctx.db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(eq(param.tenantId, u.tenantId), eq(param.paramKey, paramKey), eq(param.isDeleted, 0)))
      .limit(1);
    return ok(r[0]?.v ?? '');
  });
}
