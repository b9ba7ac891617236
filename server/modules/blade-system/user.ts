/** Current user (bladex-contract §5.2): info, update-info (self only), update-password (md5 hex in, argon2id stored). */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SYSTEM_PATHS,
  type UserInfo,
  updatePasswordSchema,
  userUpdateInfoSchema,
} from '../../../core/contract/blade-system.contract.ts';
import type { AppContext } from '../../app.ts';
import { dept, role, user } from '../../db/schema/index.ts';
import { currentUser } from '../../platform/auth.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { badRequest, ok, unauthorized } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';

const ids = (v: string) => v.split(',').filter((s) => /^\d+$/.test(s));

export function registerUserRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  const loadSelf = async (userId: string, tenantId: string) => {
    const r = await db
      .select()
      .from(user)
      .where(and(eq(user.id, userId), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    if (!r[0]) throw unauthorized();
    return r[0];
  };

  app.get(SYSTEM_PATHS.userInfo, async (req) => {
    const u = currentUser(req);
    const me = await loadSelf(u.userId, u.tenantId);
    const roleIds = ids(me.roleId);
    const deptIds = ids(me.deptId);
    const roles = roleIds.length
      ? await db
          .select({ id: role.id, name: role.roleName })
          .from(role)
          .where(and(eq(role.tenantId, u.tenantId), inArray(role.id, roleIds)))
      : [];
    const depts = deptIds.length
      ? await db
          .select({ id: dept.id, name: dept.deptName })
          .from(dept)
          .where(and(eq(dept.tenantId, u.tenantId), inArray(dept.id, deptIds)))
      : [];
    const names = (list: { id: string; name: string }[], order: string[]) =>
      order
        .map((id) => list.find((x) => x.id === id)?.name)
        .filter(Boolean)
        .join(',');
    const info: UserInfo = {
      id: me.id,
      tenantId: me.tenantId,
      account: me.account,
      name: me.name,
      realName: me.realName,
      avatar: me.avatar,
      email: me.email,
      phone: me.phone,
      birthday: me.birthday,
      sex: me.sex,
      roleId: me.roleId,
      roleName: names(roles, roleIds),
      deptId: me.deptId,
      deptName: names(depts, deptIds),
      postId: me.postId,
    };
    return ok(info);
  });

  app.post(SYSTEM_PATHS.userUpdateInfo, async (req) => {
    const u = currentUser(req);
    // role, dept, account, password and id in the body are ignored: only these fields are read
    const body = parse(userUpdateInfoSchema, req.body ?? {});
    await db.transaction(async (tx) => {
      const prev = await tx
        .select()
        .from(user)
        .where(and(eq(user.id, u.userId), eq(user.tenantId, u.tenantId), eq(user.isDeleted, 0)))
        .for('update');
      if (!prev[0]) throw unauthorized();
      const values = {
        name: body.name,
        realName: body.realName,
        avatar: body.avatar,
        email: body.email,
        phone: body.phone,
        birthday: body.birthday,
        sex: body.sex,
      };
      await tx
        .update(user)
        .set({ ...values, updateUser: u.userId, updateTime: new Date() })
        .where(eq(user.id, u.userId));
      await writeOperationLog(tx, req, '修改个人信息', diff(prev[0], values));
    });
    return ok(null);
  });

  app.post(SYSTEM_PATHS.userUpdatePassword, async (req) => {
    const u = currentUser(req);
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const input = { ...body, ...(req.query as Record<string, unknown>) };
    for (const k of ['oldPassword', 'newPassword', 'newPassword1']) {
      if (typeof input[k] === 'string') input[k] = (input[k] as string).trim().toLowerCase();
    }
    const p = parse(updatePasswordSchema, input);
    const me = await loadSelf(u.userId, u.tenantId);
    if (!(await verifyPassword(me.password, p.oldPassword))) throw badRequest('原密码不正确!');
    const hashed = await hashPassword(p.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(user)
        .set({ password: hashed, updateUser: u.userId, updateTime: new Date() })
        .where(eq(user.id, u.userId));
      await writeOperationLog(tx, req, '修改密码');
    });
    return ok(null);
  });
}
