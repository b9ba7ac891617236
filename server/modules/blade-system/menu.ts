/** Menus (spec §7.2, bladex-contract §4): buttons, routes, lazy-list, lazy-menu-list, tree, detail, submit, remove. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { menuResource } from '../../../core/contract/blade-system/menu.contract.ts';
import { type MenuNode, menuSubmitSchema, SYSTEM_PATHS } from '../../../core/contract/blade-system.contract.ts';
import { idListSchema, idSchema, type TreeNode } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { menu, role, roleMenu } from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import { requireButton } from '../../platform/crud/index.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, notFound, ok } from '../../platform/r.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../platform/tree.ts';
import { parse } from '../../platform/validate.ts';
import { requirePlatformTenant } from './platform-tenant.ts';

type MenuRow = typeof menu.$inferSelect;

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

const live = eq(menu.isDeleted, 0);
const order = [asc(menu.sort), asc(menu.id)];

/** Menu ids granted to the user's roles (of the user's tenant); null = everything (administrator). */
async function grantedIds(db: Db, u: AuthUser): Promise<Set<string> | null> {
  if (u.roles.includes('administrator')) return null;
  const roleIds = u.roleIds.filter((r) => /^\d+$/.test(r));
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(roleMenu.roleId, roleIds), eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)));
  return new Set(rows.map((r) => r.id));
}

const FILTERS = z.object({
  parentId: z.string().trim().optional(),
  name: z.string().trim().optional(),
  code: z.string().trim().optional(),
  alias: z.string().trim().optional(),
});

async function lazy(db: Db, query: unknown, onlyMenus: boolean): Promise<MenuNode[]> {
  const q = parse(FILTERS, query ?? {});
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

async function loadMenu(db: Db, id: string): Promise<MenuRow> {
  const rows = await db
    .select()
    .from(menu)
    .where(and(eq(menu.id, id), live))
    .limit(1);
  if (!rows[0]) throw notFound('菜单不存在');
  return rows[0];
}

const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION_NAMES: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具栏和操作栏' };

export function registerMenuRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  app.get(SYSTEM_PATHS.menuRoutes, async (req) => {
    const u = currentUser(req);
    const all = await db
      .select()
      .from(menu)
      .where(and(live, eq(menu.category, 1)))
      .orderBy(...order);
    const granted = await grantedIds(db, u);
    let visible = all;
    if (granted) {
      const byId = new Map(all.map((m) => [m.id, m]));
      const keep = new Set<string>();
      for (const m of all) {
        if (!granted.has(m.id)) continue;
        // add the ancestors back so that the tree stays connected
        let cur: MenuRow | undefined = m;
        while (cur && !keep.has(cur.id)) {
          keep.add(cur.id);
          cur = cur.parentId !== '0' ? byId.get(cur.parentId) : undefined;
        }
      }
      visible = all.filter((m) => keep.has(m.id));
    }
    return ok(buildForest(visible.map(toMenuNode)));
  });

  app.get(SYSTEM_PATHS.menuButtons, async (req) => {
    const u = currentUser(req);
    const granted = await grantedIds(db, u);
    const buttons = (
      await db
        .select()
        .from(menu)
        .where(and(live, eq(menu.category, 2)))
        .orderBy(...order)
    ).filter((b) => !granted || granted.has(b.id));
    const parentIds = [...new Set(buttons.map((b) => b.parentId))];
    const parents = parentIds.length
      ? await db
          .select()
          .from(menu)
          .where(and(live, inArray(menu.id, parentIds)))
          .orderBy(...order)
      : [];
    const nodes = [...parents, ...buttons.filter((b) => parents.some((p) => p.id === b.parentId))].map(toMenuNode);
    return ok(buildForest(nodes));
  });

  app.get(SYSTEM_PATHS.menuLazyList, async (req) => ok(await lazy(db, req.query, false)));
  app.get(SYSTEM_PATHS.menuLazyMenuList, async (req) => ok(await lazy(db, req.query, true)));

  // 菜单管理 tree: menus and buttons, name/code/alias contain (orphans of a filter become roots)
  app.get(`${menuResource.path}/list`, async (req) => {
    const u = currentUser(req);
    await requireButton(db, u, menuResource.permission, 'view');
    const q = parse(FILTERS, req.query ?? {});
    const conds = [live];
    if (q.name) conds.push(sql`${menu.name} ilike ${`%${q.name}%`}`);
    if (q.code) conds.push(sql`${menu.code} ilike ${`%${q.code}%`}`);
    if (q.alias) conds.push(sql`${menu.alias} ilike ${`%${q.alias}%`}`);
    const rows = await db
      .select()
      .from(menu)
      .where(and(...conds))
      .orderBy(...order);
    return ok(buildForest(rows.map(toMenuNode)));
  });

  /** Writes: the system_menu buttons, from the platform tenant (menus are shared by every tenant). */
  const writer = async (req: FastifyRequest, action: 'add' | 'edit' | 'delete') => {
    const u = currentUser(req);
    await requireButton(db, u, menuResource.permission, action);
    requirePlatformTenant(u);
    return u;
  };

  app.get(SYSTEM_PATHS.menuTree, async () => {
    const rows = await db
      .select({ id: menu.id, parentId: menu.parentId, name: menu.name })
      .from(menu)
      .where(and(live, eq(menu.category, 1)))
      .orderBy(...order);
    return ok(markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.name)))));
  });

  app.get(SYSTEM_PATHS.menuDetail, async (req) => {
    const id = parse(z.object({ id: idSchema }), req.query).id;
    const m = await loadMenu(db, id);
    let parentName = '顶级';
    if (m.parentId !== '0') {
      const p = await db.select({ name: menu.name }).from(menu).where(eq(menu.id, m.parentId)).limit(1);
      parentName = p[0]?.name ?? '';
    }
    return ok({
      ...toMenuNode(m),
      parentName,
      categoryName: CATEGORY_NAMES[m.category] ?? '',
      actionName: ACTION_NAMES[m.action] ?? '',
      isOpenName: m.isOpen === 2 ? '是' : '否',
    });
  });

  app.post(SYSTEM_PATHS.menuSubmit, async (req: FastifyRequest) => {
    const hasId = !!(req.body as { id?: unknown } | undefined)?.id;
    const u = await writer(req, hasId ? 'edit' : 'add');
    const body = parse(menuSubmitSchema, req.body ?? {});
    const parentId = body.parentId === '' ? '0' : body.parentId;
    if (parentId !== '0') parse(idSchema, parentId);
    await db.transaction(async (tx) => {
      const dup = await tx
        .select({ id: menu.id })
        .from(menu)
        .where(and(live, eq(menu.code, body.code), body.id ? ne(menu.id, body.id) : undefined))
        .limit(1);
      if (dup[0]) throw badRequest('菜单编号已存在');
      if (parentId !== '0') {
        if (body.id && parentId === body.id) throw badRequest('父节点不可选择自身!');
        const p = await tx
          .select({ id: menu.id, parentId: menu.parentId })
          .from(menu)
          .where(and(eq(menu.id, parentId), live))
          .limit(1);
        if (!p[0]) throw badRequest('上级菜单不存在');
        if (body.id) {
          // refuse cycles: walk up from the new parent
          let cur: string = p[0].parentId;
          for (let i = 0; cur !== '0' && i < 64; i++) {
            if (cur === body.id) throw badRequest('父节点不可选择自身的子节点!');
            const r = await tx.select({ parentId: menu.parentId }).from(menu).where(eq(menu.id, cur)).limit(1);
            cur = r[0]?.parentId ?? '0';
          }
        }
      }
      const values = {
        parentId,
        code: body.code,
        name: body.name,
        alias: body.alias,
        path: body.path,
        source: body.source,
        sort: body.sort,
        category: body.category,
        action: body.action,
        isOpen: body.isOpen,
        isHidden: body.isHidden,
        remark: body.remark ?? '',
      };
      if (body.id) {
        const prev = await tx
          .select()
          .from(menu)
          .where(and(eq(menu.id, body.id), live))
          .for('update');
        if (!prev[0]) throw notFound('菜单不存在');
        await tx
          .update(menu)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(eq(menu.id, body.id));
        await writeOperationLog(tx, req, `修改菜单: ${body.name}`, diff(prev[0], values));
      } else {
        const [created] = await tx
          .insert(menu)
          .values({ ...values, createUser: u.userId, createDept: u.currentDeptId, updateUser: u.userId })
          .returning({ id: menu.id });
        // the creator's roles see the new menu at once (BladeX grants it to the administrator role only)
        const adminRoles = await tx
          .select({ id: role.id })
          .from(role)
          .where(and(eq(role.tenantId, u.tenantId), inArray(role.roleAlias, ['administrator', 'admin'])));
        if (adminRoles.length) {
          await tx
            .insert(roleMenu)
            .values(adminRoles.map((r) => ({ roleId: r.id, menuId: created.id })))
            .onConflictDoNothing();
        }
        await writeOperationLog(tx, req, `新增菜单: ${body.name}`);
      }
    });
    return ok(null);
  });

  app.post(SYSTEM_PATHS.menuRemove, async (req) => {
    const u = await writer(req, 'delete');
    const ids = parse(z.object({ ids: idListSchema }), req.query).ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: menu.id })
        .from(menu)
        .where(and(live, inArray(menu.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('菜单不存在');
      const kids = await tx
        .select({ id: menu.id })
        .from(menu)
        .where(and(live, inArray(menu.parentId, ids)));
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子菜单');
      await tx
        .update(menu)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(menu.id, ids));
      await writeOperationLog(tx, req, `删除菜单: ${ids.join(',')}`);
    });
    return ok(null);
  });
}
