/** Button permissions (role_menu) and the data scope of a resource, as SQL conditions. */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { grantCodes } from '../../../core/contract/endpoint.ts';
import type { Db } from '../../db/client.ts';
import { menu, roleMenu } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth.ts';
import { resolveDataScope } from '../data-scope.ts';
import { forbidden } from '../r.ts';

export const isAdministrator = (u: AuthUser) => u.roles.includes('administrator');

/** True when one of the caller's roles holds a menu/button with one of `codes` (administrator: always). */
export async function hasAnyCode(db: Db, u: AuthUser, codes: string[]): Promise<boolean> {
  if (isAdministrator(u)) return true;
  if (!u.roleIds.length || !codes.length) return false;
  const r = await db
    .select({ one: sql<number>`1` })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, u.roleIds), inArray(menu.code, codes), eq(menu.isDeleted, 0)))
    .limit(1);
  return r.length > 0;
}

export type Action = 'view' | 'add' | 'edit' | 'delete' | 'export';

/** 403 没有权限 unless the caller holds `${permission}_${action}` (view: the button or the menu itself). */
export async function requireButton(db: Db, u: AuthUser, permission: string, action: Action): Promise<void> {
  if (!(await hasAnyCode(db, u, grantCodes({ code: permission, action })))) throw forbidden('没有权限');
}

/** Data-scope condition for a `scope: 'dept'` resource (undefined = tenant only). */
export async function scopeCondition(
  db: Db,
  u: AuthUser,
  resourceCode: string,
  cols: { deptId?: AnyPgColumn; createUser?: AnyPgColumn },
): Promise<SQL | undefined> {
  const s = await resolveDataScope(db, u, resourceCode);
  if (s.kind === 'all') return undefined;
  if (s.kind === 'own') return cols.createUser ? eq(cols.createUser, u.userId) : sql`false`;
  if (!cols.deptId || !s.deptIds.length) return sql`false`;
  return inArray(cols.deptId, s.deptIds);
}
