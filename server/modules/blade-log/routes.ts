/**
 * blade-log (bladex-contract §7; spec §2.7 Monitor): 接口日志 (/api/blade-log/api/*) and 操作日志
 * (/api/blade-log/operation/*) as read-only engine resources — page, list, detail, export — for the caller's
 * tenant only, behind the menu's buttons (monitor_log_api_view / monitor_operation_view, _export).
 * Lists leave out `params` (BladeX's VO hides it); `detail` answers it, and the operation log's detail answers its
 * modifyParams as change rows labelled with the resource's Chinese field names.
 */
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiLogResource } from '../../../core/contract/blade-log/api-log.contract.ts';
import { changesOf } from '../../../core/contract/blade-log/log-fields.ts';
import { operationLogResource } from '../../../core/contract/blade-log/operation-log.contract.ts';
import type { AppContext } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { apiLog, operationLog, user } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  type CrudHooks,
  fieldLabelsFor,
  type Resource,
  type Row,
  registerModule,
  registerResource,
} from '../../platform/crud/index.ts';
import { ok } from '../../platform/r.ts';

/** Read-only: every writing endpoint of the engine is left out. */
export const READ_ONLY_ROUTES: CrudHooks['routes'] = {
  submit: false,
  save: false,
  update: false,
  remove: false,
  import: false,
  importTemplate: false,
  selectList: false,
};

/** `"table"."column"`: a bare column name inside the sub-select would bind to blade_user's own (create_user). */
const qualified = (col: AnyPgColumn) => sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;

/** account / realName of the user in `col` (joined label fields). */
export function userJoins(col: AnyPgColumn): Record<string, SQL> {
  return {
    account: sql<string>`(select u.account from ${user} u where u.id = ${qualified(col)})`,
    realName: sql<string>`(select u.real_name from ${user} u where u.id = ${qualified(col)})`,
  };
}

/** `account` filter: the caller typed part of an account or a real name (same tenant). */
export function accountFilter(col: AnyPgColumn) {
  return (v: unknown, u: AuthUser): SQL => {
    const like = `%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    return sql`${col} in (select u.id from ${user} u where u.tenant_id = ${u.tenantId}
      and (u.account ilike ${like} or u.real_name ilike ${like}))`;
  };
}

/** `detail?id=` answering the full row: the entity plus the fields the lists leave out. */
export function detailWith(db: Db, get: () => Resource | undefined, extra: (row: Row) => Row) {
  return async (req: FastifyRequest) => {
    const res = get();
    if (!res) throw new Error('resource not registered');
    const user = await res.permit(req, 'view');
    const row = await res.load(db, req, user, String((req.query as Row | undefined)?.id ?? ''));
    return ok({ ...res.entity(row, user), ...extra(row) });
  };
}

export async function registerBladeLog(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
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
