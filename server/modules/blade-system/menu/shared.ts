/** What the menu handlers share: the node mapping, the caller's granted menu ids, the lazy lists, one live menu. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { menuFilters } from '../../../../core/contract/blade-system/menu.contract.ts';
import type { MenuNode } from '../../../../core/contract/blade-system.contract.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { menu, role, roleMenu } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { parse } from '../../../platform/validate.ts';

export type MenuRow = typeof menu.$inferSelect;

export function toMenuNode(r: MenuRow): MenuNode {
  return {
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    name: r.name,
    alias: r.alias,
    path: r.path,
    source: r.source,
    sort: r.sort,
    category: r.category === 2 ? 2 : 1,
    action: r.action,
    isOpen: r.isOpen === 2 ? 2 : 1,
    isHidden: r.isHidden === 1 ? 1 : 0,
    remark: r.remark,
  };
}

export const live = eq(menu.isDeleted, 0);
export const order = [asc(menu.sort), asc(menu.id)];

/** Menu ids granted to the user's roles (of the user's tenant); null = everything (administrator). */
export async function grantedIds(db: Db, u: AuthUser): Promise<Set<string> | null> {
  if (u.roles.includes('administrator')) return null;
  const roleIds = u.roleIds.filter((r) => /^\d+$/.test(r));
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(roleMenu.roleId, roleIds), tenantOf(u, role)));
  return new Set(rows.map((r) => r.id));
}

export async function lazy(db: Db, q: z.output<typeof menuFilters>, onlyMenus: boolean): Promise<MenuNode[]> {
  const conds = [live];
  if (onlyMenus) conds.push(eq(menu.category, 1));
  const searching = !!(q.name || q.code || q.alias);
  if (q.parentId || !searching) {
    const pid = q.parentId || '0';
    if (pid !== '0') parse(idSchema, pid);
    conds.push(eq(menu.parentId, pid));
  }
  if (q.name) conds.push(sql`${menu.name} like ${`%${q.name}%`}`);
  if (q.code) conds.push(sql`${menu.code} like ${`%${q.code}%`}`);
  if (q.alias) conds.push(sql`${menu.alias} like ${`%${q.alias}%`}`);
  const childCond = onlyMenus ? sql`and c.category = 1` : sql``;
  const rows = await db
    .select({
      m: menu,
      hasChildren: sql<boolean>`exists(select 1 from blade_menu c where c.parent_id = blade_menu.id and c.is_deleted = 0 ${childCond})`,
    })
    .from(menu)
    .where(and(...conds))
    .orderBy(...order);
  return rows.map((r) => ({ ...toMenuNode(r.m), hasChildren: !!r.hasChildren }));
}

export async function loadMenu(db: Db, id: string): Promise<MenuRow> {
  const rows = await db
    .select()
    .from(menu)
    .where(and(eq(menu.id, id), live))
    .limit(1);
  if (!rows[0]) throw notFound('菜单不存在');
  return rows[0];
}

export const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
export const ACTION_NAMES: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具栏和操作栏' };
