/** Current user (bladex-contract §5.2): info, update-info (self only), update-password (md5 hex in, argon2id stored). */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USER_SELF } from '../../../core/contract/blade-system/user-self.contract.ts';
import { type UserInfo, updatePasswordSchema } from '../../../core/contract/blade-system.contract.ts';
import { dept, role, user } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { badRequest, unauthorized } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { parse } from '../../platform/validate.ts';

const ids = (v: string) => v.split(',').filter((s) => /^\d+$/.test(s));

export function registerUserRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  const r = endpoints(app, db);
  const loadSelf = async (u: AuthUser) => {
    const rows = await db
      .select()
      .from(user)
      .where(and(eq(user.id, u.userId), tenantOf(u, user)))
      .limit(1);
    if (!rows[0]) throw unauthorized();
    return rows[0];
  };

  r.handle(USER_SELF.info, async ({ user: u }) => {
    const me = await loadSelf(u);
    const roleIds = ids(me.roleId);
    const deptIds = ids(me.deptId);
    const roles = roleIds.length
      ? await db
          .select({ id: role.id, name: role.roleName })
          .from(role)
          .where(and(tenantOf(u, role), inArray(role.id, roleIds)))
      : [];
    const depts = deptIds.length
      ? await db
          .select({ id: dept.id, name: dept.deptName })
          .from(dept)
          .where(and(tenantOf(u, dept), inArray(dept.id, deptIds)))
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
    return info;
  });

  // role, dept, account, password and id in the body are ignored: only these fields are read
  r.handle(USER_SELF.updateInfo, async ({ body, req, user: u }) => {
    await db.transaction(async (tx) => {
      const prev = await tx
        .select()
        .from(user)
        .where(and(eq(user.id, u.userId), tenantOf(u, user)))
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
        .where(and(eq(user.id, u.userId), tenantOf(u, user)));
      await writeOperationLog(tx, req, '修改个人信息', diff(prev[0], values));
    });
    return null;
  });

  r.handle(USER_SELF.updatePassword, async ({ req, user: u }) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const input = { ...body, ...(req.query as Record<string, unknown>) };
    for (const k of ['oldPassword', 'newPassword', 'newPassword1']) {
      if (typeof input[k] === 'string') input[k] = (input[k] as string).trim().toLowerCase();
    }
    const p = parse(updatePasswordSchema, input);
    const me = await loadSelf(u);
    if (!(await verifyPassword(me.password, p.oldPassword))) throw badRequest('原密码不正确!');
    const hashed = await hashPassword(p.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(user)
        .set({ password: hashed, updateUser: u.userId, updateTime: new Date() })
        .where(and(eq(user.id, u.userId), tenantOf(u, user)));
      await writeOperationLog(tx, req, '修改密码');
    });
    return null;
  });
}
