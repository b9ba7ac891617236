/** What the role handlers share: the caller's tenant roles, the menus its roles hold, every live menu. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RoleNode } from '../../../../core/contract/blade-system/role.contract.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { menu, role, roleMenu } from '../../../db/schema/index.ts';
import { type AuthUser, requireRoles } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';

export type RoleRow = typeof role.$inferSelect;
export const ADMIN_ALIASES = ['administrator', 'admin'];
export const isAdministrator = (u: AuthUser) => u.roles.includes('administrator');
export const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');

export const toRole = (r: RoleRow): RoleNode => ({
  id: r.id,
  tenantId: r.tenantId,
  parentId: r.parentId,
  roleName: r.roleName,
  roleAlias: r.roleAlias,
  sort: r.sort,
});

/** Menu ids (menus and buttons) the caller's roles hold; null = everything (administrator). */
export async function callerMenuIds(db: Executor, u: AuthUser): Promise<Set<string> | null> {
  if (isAdministrator(u)) return null;
  const roleIds = u.roleIds.filter((r) => /^\d+$/.test(r));
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(roleMenu.roleId, roleIds), tenantOf(u, role)));
  return new Set(rows.map((r) => r.id));
}

/** Live roles of the caller's tenant by ids; all must exist. */
export async function tenantRoles(ex: Executor, u: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const rows = await ex
    .select()
    .from(role)
    .where(and(tenantOf(u, role), inArray(role.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('角色不存在');
  return rows;
}

/** Every live menu row (menus and buttons), by sort. */
export const allMenus = (db: Db) =>
  db
    .select({ id: menu.id, parentId: menu.parentId, name: menu.name, category: menu.category })
    .from(menu)
    .where(eq(menu.isDeleted, 0))
    .orderBy(asc(menu.sort), asc(menu.id));

/** The tenant's roles a caller may see (the administrator role only by administrator), by name / alias. */
export function visibleRoles(db: Db, u: AuthUser, q: { roleName?: string; roleAlias?: string } = {}) {
  const conds = [tenantOf(u, role)];
  if (!isAdministrator(u)) conds.push(ne(role.roleAlias, 'administrator'));
  if (q.roleName) conds.push(sql`${role.roleName} ilike ${`%${q.roleName}%`}`);
  if (q.roleAlias) conds.push(sql`${role.roleAlias} ilike ${`%${q.roleAlias}%`}`);
  return db
    .select()
    .from(role)
    .where(and(...conds))
    .orderBy(asc(role.sort), asc(role.id));
}
