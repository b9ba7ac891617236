/**
 * POST role/grant, GET menu/grant-tree, menu/role-tree-keys (bladex-contract §4.2): a non-administrator grants only
 * menus its own roles hold; grants replace the links of the given roles in one transaction (menu/routes and
 * menu/buttons read role_menu, so they change at once).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type GrantKeys, type GrantTree, ROLE } from '../../../../core/contract/blade-system/role.contract.ts';
import type { TreeNode } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { menu, roleMenu, roleScope, scopeApi, scopeData } from '../../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../../platform/api-scope.ts';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../../../platform/data-scope.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, forbidden } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../../platform/tree.ts';
import { admin, allMenus, callerMenuIds, isAdministrator, tenantRoles } from './shared.ts';

export function handleRoleGrants(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(ROLE.grant, async ({ req, body }) => {
    const u = admin(req);
    await db.transaction(async (tx) => {
      const roles = await tenantRoles(tx, u, body.roleIds);
      if (roles.some((r) => r.roleAlias === 'administrator') && !isAdministrator(u)) {
        throw forbidden('只有超级管理员可以给该角色授权');
      }
      if (body.menuIds.length) {
        const found = await tx
          .select({ id: menu.id })
          .from(menu)
          .where(and(eq(menu.isDeleted, 0), inArray(menu.id, body.menuIds)));
        if (found.length !== body.menuIds.length) throw badRequest('菜单不存在');
        const mine = await callerMenuIds(tx, u);
        if (mine && body.menuIds.some((m) => !mine.has(m))) throw forbidden('不能授予自己没有的菜单权限');
      }
      // scope trees carry menu nodes as parents: those ids are not scope rows and are ignored
      const scopeIds = async (ids: string[], table: typeof scopeData | typeof scopeApi, label: string) => {
        if (!ids.length) return [];
        const found = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(tenantOf(u, table), inArray(table.id, ids)));
        const ok = new Set(found.map((f) => f.id));
        const rest = ids.filter((i) => !ok.has(i));
        if (rest.length) {
          const menus = await tx
            .select({ id: menu.id })
            .from(menu)
            .where(and(eq(menu.isDeleted, 0), inArray(menu.id, rest)));
          if (menus.length !== rest.length) throw badRequest(`${label}不存在`);
        }
        return ids.filter((i) => ok.has(i));
      };
      const dataIds = await scopeIds(body.dataScopeIds, scopeData, '数据权限');
      const apiIds = await scopeIds(body.apiScopeIds, scopeApi, '接口权限');
      const roleIds = roles.map((r) => r.id);
      const prev = await tx.select().from(roleMenu).where(inArray(roleMenu.roleId, roleIds));
      await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
      await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
      const menuLinks = roleIds.flatMap((roleId) => body.menuIds.map((menuId) => ({ roleId, menuId })));
      for (let i = 0; i < menuLinks.length; i += 1000) await tx.insert(roleMenu).values(menuLinks.slice(i, i + 1000));
      const scopeLinks = roleIds.flatMap((roleId) => [
        ...dataIds.map((scopeId) => ({ scopeCategory: DATA_SCOPE_CATEGORY, roleId, scopeId })),
        ...apiIds.map((scopeId) => ({ scopeCategory: API_SCOPE_CATEGORY, roleId, scopeId })),
      ]);
      for (let i = 0; i < scopeLinks.length; i += 1000)
        await tx.insert(roleScope).values(scopeLinks.slice(i, i + 1000));
      await writeOperationLog(tx, req, `角色授权: ${roles.map((r) => r.roleName).join(',')}`, {
        menuCount: [prev.length, menuLinks.length],
      });
    });
    invalidateApiScopeCache();
    return null;
  });

  r.handle(ROLE.grantTree, async ({ req }) => {
    const u = admin(req);
    const mine = await callerMenuIds(db, u);
    const menus = await allMenus(db);
    const byId = new Map(menus.map((m) => [m.id, m]));
    // a non-administrator sees what its roles hold, with ancestors added back so the tree stays connected
    const keepWithAncestors = (ids: Iterable<string>) => {
      const keep = new Set<string>();
      for (const id of ids) {
        let cur = byId.get(id);
        while (cur && !keep.has(cur.id)) {
          keep.add(cur.id);
          cur = cur.parentId !== '0' ? byId.get(cur.parentId) : undefined;
        }
      }
      return keep;
    };
    const visible = mine ? keepWithAncestors(mine) : new Set(menus.map((m) => m.id));
    const menuTree = buildForest<TreeNode>(
      menus.filter((m) => visible.has(m.id)).map((m) => toTreeNode(m.id, m.parentId, m.name)),
    );
    const scopeTree = async (table: typeof scopeData | typeof scopeApi): Promise<TreeNode[]> => {
      const rows = await db
        .select({ id: table.id, menuId: table.menuId, name: table.scopeName })
        .from(table)
        .where(tenantOf(u, table))
        .orderBy(asc(table.id));
      const usable = rows.filter((r) => visible.has(r.menuId) && byId.has(r.menuId));
      const menuIds = keepWithAncestors(usable.map((r) => r.menuId));
      const nodes = [
        ...menus.filter((m) => menuIds.has(m.id) && m.category === 1).map((m) => toTreeNode(m.id, m.parentId, m.name)),
        ...usable.map((r) => toTreeNode(r.id, r.menuId, r.name)),
      ];
      return markHasChildren(buildForest<TreeNode>(nodes));
    };
    const tree: GrantTree = {
      menu: markHasChildren(menuTree),
      dataScope: await scopeTree(scopeData),
      apiScope: await scopeTree(scopeApi),
    };
    return tree;
  });

  r.handle(ROLE.treeKeys, async ({ req, query }) => {
    const u = admin(req);
    const roleIds = query.roleIds;
    await tenantRoles(db, u, roleIds);
    const menus = await db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(menu, and(eq(menu.id, roleMenu.menuId), eq(menu.isDeleted, 0)))
      .where(inArray(roleMenu.roleId, roleIds));
    const scopes = await db
      .selectDistinct({ id: roleScope.scopeId, category: roleScope.scopeCategory })
      .from(roleScope)
      .where(inArray(roleScope.roleId, roleIds));
    const keys: GrantKeys = {
      menu: menus.map((m) => m.id),
      dataScope: scopes.filter((s) => s.category === DATA_SCOPE_CATEGORY).map((s) => s.id),
      apiScope: scopes.filter((s) => s.category === API_SCOPE_CATEGORY).map((s) => s.id),
    };
    return keys;
  });
}
