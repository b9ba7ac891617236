/**
 * blade-log (bladex-contract §7; spec §2.7 Monitor): 接口日志 (/api/blade-log/api/*) and 操作日志
 * (/api/blade-log/operation/*) as read-only engine resources — page, list, detail, export — for the caller's
 * tenant only, behind the menu's buttons (monitor_log_api_view / monitor_operation_view, _export).
 * Lists leave out `params` (BladeX's VO hides it); `detail` answers it, and the operation log's detail answers its
 * modifyParams as change rows labelled with the resource's Chinese field names.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiLogResource } from '../../../core/contract/blade-log/api-log.contract.ts';
import { changesOf } from '../../../core/contract/blade-log/log-fields.ts';
import { operationLogResource } from '../../../core/contract/blade-log/operation-log.contract.ts';
import type { AppContext } from '../../app.ts';
import { apiLog, operationLog } from '../../db/schema/index.ts';
import {
  accountFilter,
  detailWith,
  fieldLabelsFor,
  READ_ONLY_ROUTES,
  type Resource,
  registerModule,
  registerResource,
  userJoins,
} from '../../platform/crud/index.ts';

export async function registerBladeLog(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    s.addHook('preHandler', actx.flushApiLog);
    const apiRes: Resource = registerResource(s, ctx, apiLogResource, apiLog, {
      joins: userJoins(apiLog.userId),
      hidden: ['params', 'tenantId'],
      filters: {
        account: accountFilter(apiLog.userId),
        serviceId: (v) => eq(apiLog.serviceId, String(v)),
      },
      routes: {
        ...READ_ONLY_ROUTES,
        detail: detailWith(
          db,
          () => apiRes,
          (r) => ({ params: r.params }),
        ),
      },
    });

    const opRes: Resource = registerResource(s, ctx, operationLogResource, operationLog, {
      joins: userJoins(operationLog.createBy),
      hidden: ['params', 'tenantId'],
      filters: {
        account: accountFilter(operationLog.createBy),
        serviceId: (v) => eq(operationLog.serviceId, String(v)),
      },
      toEntity: (e) => {
        const { modifyParams, ...rest } = e;
        return { ...rest, changeCount: changesOf(modifyParams).length };
      },
      routes: {
        ...READ_ONLY_ROUTES,
        detail: detailWith(
          db,
          () => opRes,
          (r) => ({
            params: r.params,
            changes: changesOf(r.modifyParams, fieldLabelsFor(String(r.requestUri ?? ''))),
          }),
        ),
      },
    });
  });
}
