/**
 * POST role/grant, GET menu/grant-tree, menu/role-tree-keys (bladex-contract §4.2): a non-administrator grants only
 * menus its own roles hold; grants replace the links of the given roles in one transaction (menu/routes and
 * menu/buttons read role_menu, so they change at once).
 */
import { type GrantKeys, type GrantTree, ROLE } from '../../../../core/contract/blade-system/role.contract.ts';
import type { TreeNode } from '../../../../core/contract/common.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { scopeApi, scopeData } from '../../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../../platform/api-scope.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../../../platform/data-scope.ts';
import type { endpoints, Handler } from '../../../platform/endpoint.ts';
import { writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, forbidden } from '../../../platform/r.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../../platform/tree.ts';
import {
  grantedMenus,
  grantedScopes,
  liveMenus,
  replaceGrants,
  roleMenus,
  scopeRows,
  scopeTreeRows,
} from './grant-repository.ts';
import { admin, allMenus, callerMenuIds, isAdministrator, tenantRoles } from './shared.ts';

export function handleRoleGrants(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(ROLE.grant, grantRoles(db));
  r.handle(ROLE.grantTree, grantTree(db));
  r.handle(ROLE.treeKeys, treeKeys(db));
}

function grantRoles(db: Db): Handler<typeof ROLE.grant> {
  return async ({ req, body }) => {
    const u = admin(req);
    await db.transaction(async (tx) => {
      const roles = await tenantRoles(tx, u, body.roleIds);
      if (roles.some((r) => r.roleAlias === 'administrator') && !isAdministrator(u)) {
        throw forbidden('只有超级管理员可以给该角色授权');
      }
      if (body.menuIds.length) {
        const found = await liveMenus(tx, body.menuIds);
        if (found.length !== body.menuIds.length) throw badRequest('菜单不存在');
        const mine = await callerMenuIds(tx, u);
        if (mine && body.menuIds.some((m) => !mine.has(m))) throw forbidden('不能授予自己没有的菜单权限');
      }
      const dataIds = await scopeIds(tx, u, body.dataScopeIds, scopeData, '数据权限');
      const apiIds = await scopeIds(tx, u, body.apiScopeIds, scopeApi, '接口权限');
      const roleIds = roles.map((r) => r.id);
      const prev = await roleMenus(tx, roleIds);
      const menuLinks = roleIds.flatMap((roleId) => body.menuIds.map((menuId) => ({ roleId, menuId })));
      const scopeLinks = roleIds.flatMap((roleId) => [
        ...dataIds.map((scopeId) => ({ scopeCategory: DATA_SCOPE_CATEGORY, roleId, scopeId })),
        ...apiIds.map((scopeId) => ({ scopeCategory: API_SCOPE_CATEGORY, roleId, scopeId })),
      ]);
      await replaceGrants(tx, roleIds, menuLinks, scopeLinks);
      await writeOperationLog(tx, req, `角色授权: ${roles.map((r) => r.roleName).join(',')}`, {
        menuCount: [prev.length, menuLinks.length],
      });
    });
    invalidateApiScopeCache();
    return null;
  };
}

/** The scope rows among the ids; scope trees carry menu nodes as parents: those ids are not scope rows and are ignored. */
async function scopeIds(
  tx: Tx,
  u: AuthUser,
  ids: string[],
  table: typeof scopeData | typeof scopeApi,
  label: string,
): Promise<string[]> {
  if (!ids.length) return [];
  const found = await scopeRows(tx, u, table, ids);
  const ok = new Set(found.map((f) => f.id));
  const rest = ids.filter((i) => !ok.has(i));
  if (rest.length) {
    const menus = await liveMenus(tx, rest);
    if (menus.length !== rest.length) throw badRequest(`${label}不存在`);
  }
  return ids.filter((i) => ok.has(i));
}

type MenuRow = Awaited<ReturnType<typeof allMenus>>[number];

/** The ids with their ancestors added back, so the tree stays connected. */
function keepWithAncestors(byId: Map<string, MenuRow>, ids: Iterable<string>): Set<string> {
  const keep = new Set<string>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId !== '0' ? byId.get(cur.parentId) : undefined;
    }
  }
  return keep;
}

function grantTree(db: Db): Handler<typeof ROLE.grantTree> {
  return async ({ req }) => {
    const u = admin(req);
    const mine = await callerMenuIds(db, u);
    const menus = await allMenus(db);
    const byId = new Map(menus.map((m) => [m.id, m]));
    // a non-administrator sees what its roles hold, with ancestors added back so the tree stays connected
    const visible = mine ? keepWithAncestors(byId, mine) : new Set(menus.map((m) => m.id));
    const menuTree = buildForest<TreeNode>(
      menus.filter((m) => visible.has(m.id)).map((m) => toTreeNode(m.id, m.parentId, m.name)),
    );
    const scopeTree = async (table: typeof scopeData | typeof scopeApi): Promise<TreeNode[]> => {
      const rows = await scopeTreeRows(db, u, table);
      const usable = rows.filter((r) => visible.has(r.menuId) && byId.has(r.menuId));
      const menuIds = keepWithAncestors(
        byId,
        usable.map((r) => r.menuId),
      );
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
  };
}

function treeKeys(db: Db): Handler<typeof ROLE.treeKeys> {
  return async ({ req, query }) => {
    const u = admin(req);
    const roleIds = query.roleIds;
    await tenantRoles(db, u, roleIds);
    const menus = await grantedMenus(db, roleIds);
    const scopes = await grantedScopes(db, roleIds);
    const keys: GrantKeys = {
      menu: menus.map((m) => m.id),
      dataScope: scopes.filter((s) => s.category === DATA_SCOPE_CATEGORY).map((s) => s.id),
      apiScope: scopes.filter((s) => s.category === API_SCOPE_CATEGORY).map((s) => s.id),
    };
    return keys;
  };
}
