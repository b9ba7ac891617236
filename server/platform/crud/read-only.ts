/**
 * Pieces for read-only engine resources such as the logs (blade-log, modify-log): no writing endpoints, the
 * caller's account / name joined from a user-id column, an `account` filter over account or real name, and a
 * `detail` that answers the fields the lists leave out.
 */
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth.ts';
import { ok } from '../r.ts';
import type { CrudHooks, Resource } from './engine.ts';
import type { Row } from './values.ts';

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

/**
 * An outer column inside a sub-select, named with its table. Drizzle leaves the table out of a single-table select's
 * fields (`"create_user"`), and inside `(select … from blade_user u where u.id = "create_user")` that name is the
 * inner table's own column when it has one — the sub-select then reads the wrong row (tests/lint/outer-columns.test.ts
 * holds every sub-select of server/ to this).
 */
export const qualified = (col: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;

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
