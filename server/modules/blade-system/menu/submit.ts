/**
 * POST menu/submit, menu/remove (spec §7.2): menus are platform-wide, so writes need the system_menu buttons and
 * the platform tenant; a new menu is granted to the creator tenant's admin roles at once.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MENU, menuResource } from '../../../../core/contract/blade-system/menu.contract.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { menu, role, roleMenu } from '../../../db/schema/index.ts';
import { currentUser } from '../../../platform/auth.ts';
import { requireButton } from '../../../platform/crud/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, notFound } from '../../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../../platform/scope.ts';
import { parse } from '../../../platform/validate.ts';
import { requirePlatformTenant } from '../platform-tenant.ts';
import { live } from './shared.ts';

export function handleMenuWrites(r: ReturnType<typeof endpoints>, db: Db): void {
  /** Writes: the system_menu buttons, from the platform tenant (menus are shared by every tenant). */
  const writer = async (req: FastifyRequest, action: 'add' | 'edit' | 'delete') => {
    const u = currentUser(req);
    await requireButton(db, u, menuResource.permission, action);
    requirePlatformTenant(u);
    return u;
  };

  r.handle(MENU.submit, async ({ req, body }) => {
    const u = await writer(req, body.id ? 'edit' : 'add');
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
          .values({ ...values, createUser: u.userId, createDept: effectiveDept(u), updateUser: u.userId })
          .returning({ id: menu.id });
        // the creator's roles see the new menu at once (BladeX grants it to the administrator role only)
        const adminRoles = await tx
          .select({ id: role.id })
          .from(role)
          .where(and(tenantOf(u, role), inArray(role.roleAlias, ['administrator', 'admin'])));
        if (adminRoles.length) {
          await tx
            .insert(roleMenu)
            .values(adminRoles.map((r) => ({ roleId: r.id, menuId: created.id })))
            .onConflictDoNothing();
        }
        await writeOperationLog(tx, req, `新增菜单: ${body.name}`);
      }
    });
    return null;
  });

  r.handle(MENU.remove, async ({ req, query }) => {
    const u = await writer(req, 'delete');
    const ids = query.ids;
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
    return null;
  });
}
