/**
 * POST role/submit, role/remove (bladex-contract §5.3): only administrator creates, edits or removes alias
 * `administrator`; the built-in admin aliases stay; nobody removes their own last admin role.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE } from '../../../../core/contract/blade-system/role.contract.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { role, roleMenu, roleScope } from '../../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../../platform/api-scope.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, forbidden, notFound } from '../../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../../platform/scope.ts';
import { parse } from '../../../platform/validate.ts';
import { ADMIN_ALIASES, admin, isAdministrator, tenantRoles } from './shared.ts';

export function handleRoleWrites(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(ROLE.submit, async ({ req, body }) => {
    const u = admin(req);
    if (body.roleAlias === 'administrator' && !isAdministrator(u)) throw forbidden('只有超级管理员可以设置该角色别名');
    await db.transaction(async (tx) => {
      if (body.parentId !== '0') {
        parse(z.object({ parentId: idSchema }), { parentId: body.parentId });
        if (body.id && body.parentId === body.id) throw badRequest('父节点不可选择自身!');
        const p = await tx
          .select({ id: role.id })
          .from(role)
          .where(and(eq(role.id, body.parentId), tenantOf(u, role)))
          .limit(1);
        if (!p[0]) throw badRequest('上级角色不存在');
        if (body.id) {
          let cur = body.parentId;
          for (let i = 0; cur !== '0' && i < 64; i++) {
            if (cur === body.id) throw badRequest('父节点不可选择自身的子节点!');
            const r = await tx
              .select({ parentId: role.parentId })
              .from(role)
              .where(and(eq(role.id, cur), tenantOf(u, role)))
              .limit(1);
            cur = r[0]?.parentId ?? '0';
          }
        }
      }
      const dup = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(tenantOf(u, role), eq(role.roleAlias, body.roleAlias), body.id ? ne(role.id, body.id) : undefined))
        .limit(1);
      if (dup[0]) throw badRequest('角色别名已存在');
      const values = { parentId: body.parentId, roleName: body.roleName, roleAlias: body.roleAlias, sort: body.sort };
      if (body.id) {
        const prev = await tx
          .select()
          .from(role)
          .where(and(eq(role.id, body.id), tenantOf(u, role)))
          .for('update');
        if (!prev[0]) throw notFound('角色不存在');
        if (prev[0].roleAlias === 'administrator' && !isAdministrator(u)) throw forbidden();
        if (ADMIN_ALIASES.includes(prev[0].roleAlias) && prev[0].roleAlias !== body.roleAlias) {
          throw badRequest('内置管理员角色的别名不可修改');
        }
        await tx
          .update(role)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(and(eq(role.id, body.id), tenantOf(u, role)));
        await writeOperationLog(tx, req, `修改角色: ${body.roleName}`, diff(prev[0], values));
      } else {
        await tx.insert(role).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增角色: ${body.roleName}`);
      }
    });
    return null;
  });

  r.handle(ROLE.remove, async ({ req, query }) => {
    const u = admin(req);
    const ids = query.ids;
    await db.transaction(async (tx) => {
      const rows = await tenantRoles(tx, u, ids);
      if (rows.some((r) => r.roleAlias === 'administrator') && !isAdministrator(u)) throw forbidden();
      const kids = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(tenantOf(u, role), inArray(role.parentId, ids)));
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子角色');
      // the caller must keep at least one admin role of its own
      const mine = await tx
        .select({ id: role.id })
        .from(role)
        .where(
          and(
            tenantOf(u, role),
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
        .where(and(inArray(role.id, ids), tenantOf(u, role)));
      await tx.delete(roleMenu).where(inArray(roleMenu.roleId, ids));
      await tx.delete(roleScope).where(inArray(roleScope.roleId, ids));
      await writeOperationLog(tx, req, `删除角色: ${rows.map((r) => r.roleName).join(',')}`);
    });
    invalidateApiScopeCache();
    return null;
  });
}
