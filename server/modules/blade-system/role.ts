/**
 * Roles and grants (bladex-contract §4.2, §5.3): role list (tree), tree, detail, submit, remove, grant, plus the
 * grant dialog's menu/grant-tree and menu/role-tree-keys. Admin / administrator only; the caller's tenant only.
 * Rules: only administrator creates, edits, grants or removes alias `administrator`; a non-administrator grants
 * only menus its own roles hold; nobody removes their own last admin role. Grants replace the links of the
 * given roles in one transaction; menu/routes and menu/buttons read role_menu, so they change at once.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type GrantKeys,
  type GrantTree,
  ROLE_PATHS,
  type RoleNode,
  roleGrantSchema,
  roleSubmitSchema,
} from '../../../core/contract/blade-system/role.contract.ts';
import { idListSchema, idSchema, type TreeNode } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import type { Db, Executor } from '../../db/client.ts';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData } from '../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../platform/api-scope.ts';
import { type AuthUser, requireRoles } from '../../platform/auth.ts';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../../platform/data-scope.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden, notFound, ok } from '../../platform/r.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../platform/tree.ts';
import { parse } from '../../platform/validate.ts';
import { registerScopeRoutes } from './scope.ts';
import { registerUserAdminRoutes } from './user-admin/index.ts';

type RoleRow = typeof role.$inferSelect;
const ADMIN_ALIASES = ['administrator', 'admin'];
const isAdministrator = (u: AuthUser) => u.roles.includes('administrator');
const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');

const toRole = (r: RoleRow): RoleNode => ({
  id: r.id,
  tenantId: r.tenantId,
  parentId: r.parentId,
  roleName: r.roleName,
  roleAlias: r.roleAlias,
  sort: r.sort,
});

/** Menu ids (menus and buttons) the caller's roles hold; null = everything (administrator). */
async function callerMenuIds(db: Executor, u: AuthUser): Promise<Set<string> | null> {
  if (isAdministrator(u)) return null;
  const roleIds = u.roleIds.filter((r) => /^\d+$/.test(r));
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(roleMenu.roleId, roleIds), eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)));
  return new Set(rows.map((r) => r.id));
}

async function tenantRoles(ex: Executor, u: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const rows = await ex
    .select()
    .from(role)
    .where(and(eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0), inArray(role.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('角色不存在');
  return rows;
}

/** Every live menu row (menus and buttons), by sort. */
const allMenus = (db: Db) =>
  db
    .select({ id: menu.id, parentId: menu.parentId, name: menu.name, category: menu.category })
    .from(menu)
    .where(eq(menu.isDeleted, 0))
    .orderBy(asc(menu.sort), asc(menu.id));

export function registerRoleRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  const visibleRoles = async (u: AuthUser, q: { roleName?: string; roleAlias?: string } = {}) => {
    const conds = [eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)];
    if (!isAdministrator(u)) conds.push(ne(role.roleAlias, 'administrator'));
    if (q.roleName) conds.push(sql`${role.roleName} ilike ${`%${q.roleName}%`}`);
    if (q.roleAlias) conds.push(sql`${role.roleAlias} ilike ${`%${q.roleAlias}%`}`);
    return db
      .select()
      .from(role)
      .where(and(...conds))
      .orderBy(asc(role.sort), asc(role.id));
  };

  app.get(ROLE_PATHS.list, async (req) => {
    const u = admin(req);
    const q = parse(
      z.object({ roleName: z.string().trim().max(50).optional(), roleAlias: z.string().trim().max(50).optional() }),
      req.query ?? {},
    );
    const rows = await visibleRoles(u, q);
    const names = new Map(rows.map((r) => [r.id, r.roleName]));
    const nodes: RoleNode[] = rows.map((r) => ({
      ...toRole(r),
      parentName: r.parentId === '0' ? '顶级' : (names.get(r.parentId) ?? ''),
    }));
    return ok(markHasChildren(buildForest(nodes)));
  });

  app.get(ROLE_PATHS.tree, async (req) => {
    const u = admin(req);
    const rows = await visibleRoles(u);
    return ok(markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.roleName)))));
  });

  app.get(ROLE_PATHS.detail, async (req) => {
    const u = admin(req);
    const id = parse(z.object({ id: idSchema }), req.query ?? {}).id;
    const [r] = await tenantRoles(db, u, [id]);
    if (r.roleAlias === 'administrator' && !isAdministrator(u)) throw notFound('角色不存在');
    let parentName = '顶级';
    if (r.parentId !== '0') {
      const p = await db.select({ name: role.roleName }).from(role).where(eq(role.id, r.parentId)).limit(1);
      parentName = p[0]?.name ?? '';
    }
    return ok({ ...toRole(r), parentName });
  });

  app.post(ROLE_PATHS.submit, async (req) => {
    const u = admin(req);
    const body = parse(roleSubmitSchema, req.body ?? {});
    if (body.roleAlias === 'administrator' && !isAdministrator(u)) throw forbidden('只有超级管理员可以设置该角色别名');
    await db.transaction(async (tx) => {
      if (body.parentId !== '0') {
        parse(z.object({ parentId: idSchema }), { parentId: body.parentId });
        if (body.id && body.parentId === body.id) throw badRequest('父节点不可选择自身!');
        const p = await tx
          .select({ id: role.id })
          .from(role)
          .where(and(eq(role.id, body.parentId), eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)))
          .limit(1);
        if (!p[0]) throw badRequest('上级角色不存在');
        if (body.id) {
          let cur = body.parentId;
          for (let i = 0; cur !== '0' && i < 64; i++) {
            if (cur === body.id) throw badRequest('父节点不可选择自身的子节点!');
            const r = await tx.select({ parentId: role.parentId }).from(role).where(eq(role.id, cur)).limit(1);
            cur = r[0]?.parentId ?? '0';
          }
        }
      }
      const dup = await tx
        .select({ id: role.id })
        .from(role)
        .where(
          and(
            eq(role.tenantId, u.tenantId),
            eq(role.isDeleted, 0),
            eq(role.roleAlias, body.roleAlias),
            body.id ? ne(role.id, body.id) : undefined,
          ),
        )
        .limit(1);
      if (dup[0]) throw badRequest('角色别名已存在');
      const values = { parentId: body.parentId, roleName: body.roleName, roleAlias: body.roleAlias, sort: body.sort };
      if (body.id) {
        const prev = await tx
          .select()
          .from(role)
          .where(and(eq(role.id, body.id), eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)))
          .for('update');
        if (!prev[0]) throw notFound('角色不存在');
        if (prev[0].roleAlias === 'administrator' && !isAdministrator(u)) throw forbidden();
        if (ADMIN_ALIASES.includes(prev[0].roleAlias) && prev[0].roleAlias !== body.roleAlias) {
          throw badRequest('内置管理员角色的别名不可修改');
        }
        await tx
          .update(role)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(eq(role.id, body.id));
        await writeOperationLog(tx, req, `修改角色: ${body.roleName}`, diff(prev[0], values));
      } else {
        await tx.insert(role).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: u.currentDeptId,
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增角色: ${body.roleName}`);
      }
    });
    return ok(null);
  });

  app.post(ROLE_PATHS.remove, async (req) => {
    const u = admin(req);
    const ids = parse(z.object({ ids: idListSchema }), req.query ?? {}).ids;
    await db.transaction(async (tx) => {
      const rows = await tenantRoles(tx, u, ids);
      if (rows.some((r) => r.roleAlias === 'administrator') && !isAdministrator(u)) throw forbidden();
      const kids = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.isDeleted, 0), inArray(role.parentId, ids)));
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子角色');
      // the caller must keep at least one admin role of its own
      const mine = await tx
        .select({ id: role.id })
        .from(role)
        .where(
          and(
            eq(role.tenantId, u.tenantId),
            eq(role.isDeleted, 0),
            inArray(role.roleAlias, ADMIN_ALIASES),
            inArray(
              role.id,
              u.roleIds.filter((r) => /^\d+$/.test(r)),
            ),
          ),
        );
      if (mine.length && mine.every((m) => ids.includes(m.id))) throw badRequest('不能删除自己仅有的管理员角色');
      await tx
        .update(role)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(role.id, ids));
      await tx.delete(roleMenu).where(inArray(roleMenu.roleId, ids));
      await tx.delete(roleScope).where(inArray(roleScope.roleId, ids));
      await writeOperationLog(tx, req, `删除角色: ${rows.map((r) => r.roleName).join(',')}`);
    });
    invalidateApiScopeCache();
    return ok(null);
  });

  app.post(ROLE_PATHS.grant, async (req) => {
    const u = admin(req);
    const body = parse(roleGrantSchema, req.body ?? {});
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
          .where(and(eq(table.tenantId, u.tenantId), eq(table.isDeleted, 0), inArray(table.id, ids)));
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
    return ok(null);
  });

  app.get(ROLE_PATHS.grantTree, async (req) => {
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
        .where(and(eq(table.tenantId, u.tenantId), eq(table.isDeleted, 0)))
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
    return ok(tree);
  });

  app.get(ROLE_PATHS.roleTreeKeys, async (req) => {
    const u = admin(req);
    const roleIds = parse(z.object({ roleIds: idListSchema }), req.query ?? {}).roleIds;
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
    return ok(keys);
  });
}

/** Authority routes (roles + grants, data/API scopes, user administration): one registration in app.ts. */
export function registerAuthorityRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoleRoutes(app, ctx);
  registerScopeRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
}
