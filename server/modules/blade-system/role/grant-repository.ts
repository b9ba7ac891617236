/**
 * The rows of role grants (grant.ts): live menus among ids, the tenant's scope rows among ids, the roles' menu and
 * scope links (read, replaced in the caller's transaction), the scope rows of a tree.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { menu, roleMenu, roleScope, type scopeApi, type scopeData } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { tenantOf } from '../../../platform/scope.ts';

type ScopeTable = typeof scopeData | typeof scopeApi;

/** The live menus among these ids. */
export const liveMenus = (ex: Executor, ids: string[]) =>
  ex
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), inArray(menu.id, ids)));

/** The tenant's scope rows among these ids. */
export const scopeRows = (ex: Executor, u: AuthUser, table: ScopeTable, ids: string[]) =>
  ex
    .select({ id: table.id })
    .from(table)
    .where(and(tenantOf(u, table), inArray(table.id, ids)));

/** The roles' menu links. */
export const roleMenus = (ex: Executor, roleIds: string[]) =>
  ex.select().from(roleMenu).where(inArray(roleMenu.roleId, roleIds));

/** Replaces the roles' menu and scope links: both deleted, then the new ones inserted 1,000 at a time. */
export async function replaceGrants(
  tx: Tx,
  roleIds: string[],
  menuLinks: (typeof roleMenu.$inferInsert)[],
  scopeLinks: (typeof roleScope.$inferInsert)[],
) {
  await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
  await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
  for (let i = 0; i < menuLinks.length; i += 1000) await tx.insert(roleMenu).values(menuLinks.slice(i, i + 1000));
  for (let i = 0; i < scopeLinks.length; i += 1000) await tx.insert(roleScope).values(scopeLinks.slice(i, i + 1000));
}

/** The tenant's scope rows with their menu, by id. */
export const scopeTreeRows = (ex: Executor, u: AuthUser, table: ScopeTable) =>
  ex
    .select({ id: table.id, menuId: table.menuId, name: table.scopeName })
    .from(table)
    .where(tenantOf(u, table))
    .orderBy(asc(table.id));

/** The live menus the roles hold. */
export const grantedMenus = (ex: Executor, roleIds: string[]) =>
  ex
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(menu, and(eq(menu.id, roleMenu.menuId), eq(menu.isDeleted, 0)))
    .where(inArray(roleMenu.roleId, roleIds));

/** The scopes the roles hold, with their category. */
export const grantedScopes = (ex: Executor, roleIds: string[]) =>
  ex
    .selectDistinct({ id: roleScope.scopeId, category: roleScope.scopeCategory })
    .from(roleScope)
    .where(inArray(roleScope.roleId, roleIds));
