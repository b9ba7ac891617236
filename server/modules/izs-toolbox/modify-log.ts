/**
 * 修改日志 (spec §7.8 modify-log): page / list / detail / export through the engine (read-only, menu
 * monitor_update, the department data scope of that menu), and `report` — the client's operation-log helper —
 * open to every signed-in user: the body names the document and its changed fields; who, where, which tenant and
 * department and when come from the request. `recordModification` is the same write for server modules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changesOf, type FieldChange } from '../../../core/contract/blade-log/log-fields.ts';
import { MODIFY_LOG, modifyLogResource } from '../../../core/contract/izs-toolbox/modify-log.contract.ts';
import type { Db, Executor } from '../../db/client.ts';
import { modifyLog } from '../../db/schema/index.ts';
import { currentUser } from '../../platform/auth.ts';
import {
  accountFilter,
  type CrudContext,
  detailWith,
  READ_ONLY_ROUTES,
  type Resource,
  type Row,
  registerResource,
  userJoins,
} from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { requestParams } from '../../platform/logs.ts';
import { effectiveDept } from '../../platform/scope.ts';

export interface Modification {
  orderType: string;
  orderNo: string;
  title: string;
  reason?: string;
  changes: FieldChange[];
  serviceId?: string;
  requestUri?: string;
  method?: string;
  params?: string;
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Writes one modification row for the caller of `req` (server modules call it inside their transaction). */
export async function recordModification(ex: Executor, req: FastifyRequest, m: Modification): Promise<string> {
  const u = currentUser(req);
  const dept = effectiveDept(u);
  const [row] = await ex
    .insert(modifyLog)
    .values({
      tenantId: u.tenantId,
      deptId: dept,
      createUser: u.userId,
      createDept: dept,
      updateUser: u.userId,
      orderType: m.orderType,
      orderNo: m.orderNo,
      title: clip(m.title, 255),
      reason: clip(m.reason ?? '', 255),
      serviceId: clip(m.serviceId || req.url.split('?')[0].split('/')[2] || '', 50),
      requestUri: clip(m.requestUri || req.url.split('?')[0], 500),
      method: m.method || req.method,
      params: m.params ?? requestParams(req, 20000),
      modifyParams: JSON.stringify(m.changes),
      remoteIp: clip(req.ip ?? '', 64),
    })
    .returning({ id: modifyLog.id });
  return row.id;
}

export function registerModifyLog(s: FastifyInstance, db: Db, ctx: CrudContext): void {
  const res: Resource = registerResource(s, ctx, modifyLogResource, modifyLog, {
    joins: userJoins(modifyLog.createUser),
    hidden: ['tenantId', 'createDept', 'updateUser', 'updateTime', 'status', 'params'],
    filters: { account: accountFilter(modifyLog.createUser) },
    toEntity: ({ modifyParams, ...e }: Row) => ({ ...e, changeCount: changesOf(parseJson(modifyParams)).length }),
    routes: {
      ...READ_ONLY_ROUTES,
      detail: detailWith(
        db,
        () => res,
        (r) => {
          const changes = changesOf(parseJson(r.modifyParams));
          return { params: r.params, changes, changeCount: changes.length };
        },
      ),
    },
  });

  endpoints(s, db).handle(MODIFY_LOG.report, async ({ body, req }) => {
    const id = await recordModification(db, req, {
      orderType: body.orderType,
      orderNo: body.orderNo,
      title: body.title,
      reason: body.reason,
      changes: body.changes,
      serviceId: body.serviceId,
      requestUri: body.requestUri,
      method: body.method,
      params: body.params,
    });
    return { id };
  });
}

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string' || !v) return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}
