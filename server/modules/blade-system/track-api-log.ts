/**
 * 接口跟踪日志 (/system/track-api-log): the API log narrowed to failed (status ≥ 400) and slow (≥ 1 s) calls, read-only,
 * reusing the API log's joins and filters (platform/crud/read-only.ts). Filters `kind` (error | slow) and `minTime` (ms).
 */
import { and, eq, gte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TRACK_SLOW_MS, trackApiLogResource } from '../../../core/contract/blade-system/track-api-log.contract.ts';
import { apiLog } from '../../db/schema/index.ts';
import { type CrudContext, type Resource, registerResource } from '../../platform/crud/index.ts';
import { accountFilter, detailWith, READ_ONLY_ROUTES, userJoins } from '../../platform/crud/read-only.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';

const failed = gte(apiLog.status, 400);
const slow = gte(apiLog.time, TRACK_SLOW_MS);
const tracked = or(failed, slow) as SQL;

export function registerTrackApiLogRoutes(s: FastifyInstance, ctx: CrudContext): void {
  const detail = detailWith(
    ctx.db,
    () => res,
    (r) => ({ params: r.params }),
  );
  const res: Resource = registerResource(s, ctx, trackApiLogResource, apiLog, {
    joins: userJoins(apiLog.userId),
    hidden: ['params', 'tenantId'],
    where: () => tracked,
    filters: {
      account: accountFilter(apiLog.userId),
      serviceId: (v) => eq(apiLog.serviceId, String(v)),
      kind: (v) => (v === 'error' ? failed : slow),
      minTime: (v) => gte(apiLog.time, Number(v)),
    },
    routes: {
      ...READ_ONLY_ROUTES,
      // the engine's detail reads by id without `where`: ordinary calls are not part of this view
      detail: async (req) => {
        const user = await res.permit(req, 'view');
        const id = String((req.query as Record<string, unknown> | undefined)?.id ?? '');
        const [hit] = await ctx.db
          .select({ id: apiLog.id })
          .from(apiLog)
          .where(and(eq(apiLog.id, /^[1-9]\d{0,18}$/.test(id) ? id : '0'), tenantOnly(user, apiLog), tracked))
          .limit(1);
        if (!hit) throw badRequest(`${trackApiLogResource.title}不存在`);
        return detail(req);
      },
    },
  });
}
