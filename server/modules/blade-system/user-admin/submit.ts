/**
 * POST user/submit, user/update, user/remove (bladex-contract §5.2). Role, dept and post ids must belong to the
 * tenant; only administrator assigns the administrator role; nobody strips the admin role from, disables or removes
 * themselves. Passwords arrive as md5 hex and are stored as argon2id.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { USER_ADMIN } from '../../../../core/contract/blade-system/user.contract.ts';
import type { BodyOf } from '../../../../core/contract/endpoint.ts';
import type { Db } from '../../../db/client.ts';
import { user } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { hashPassword } from '../../../platform/password.ts';
import { badRequest } from '../../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../../platform/scope.ts';
import {
  admin,
  checkRoleIds,
  hasAdminRole,
  loadNames,
  loadTargets,
  revokeSessions,
  revokingTransaction,
} from './shared.ts';

export function handleUserWrites(r: ReturnType<typeof endpoints>, db: Db): void {
  const submit = async (req: FastifyRequest, body: BodyOf<typeof USER_ADMIN.submit>, requireId: boolean) => {
    const u = admin(req);
    if (requireId && !body.id) throw badRequest('编号: 请选择要修改的用户');
    await revokingTransaction(db, async (tx) => {
      const names = await loadNames(tx, u);
      const roleIds = body.roleId ?? [];
      const deptIds = body.deptId ?? [];
      const postIds = body.postId ?? [];
      checkRoleIds(u, roleIds, names);
      if (deptIds.some((d) => !names.depts.has(d))) throw badRequest('所属机构不存在');
      if (postIds.some((p) => !names.posts.has(p))) throw badRequest('所属岗位不存在');
      const dup = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(tenantOf(u, user), eq(user.account, body.account)))
        .limit(1);
      if (dup[0] && dup[0].id !== body.id) throw badRequest('当前账号已被使用!');
      const values = {
        account: body.account,
        code: body.code,
        name: body.name || body.realName,
        realName: body.realName,
        email: body.email,
        phone: body.phone,
        birthday: body.birthday,
        sex: body.sex,
        roleId: roleIds.join(','),
        deptId: deptIds.join(','),
        postId: postIds.join(','),
        status: body.status,
      };
      if (body.id) {
        const [prev] = await loadTargets(tx, u, [body.id], names);
        if (prev.id === u.userId) {
          if (hasAdminRole(prev.roleId, names) && !hasAdminRole(values.roleId, names)) {
            throw badRequest('不能取消自己的管理员角色');
          }
          if (values.status !== 1) throw badRequest('不能停用自己的账号');
        }
        await tx
          .update(user)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(and(eq(user.id, body.id), tenantOf(u, user)));
        if (values.status !== 1 && prev.status === 1) await revokeSessions(tx, [body.id]);
        await writeOperationLog(tx, req, `修改用户: ${body.account}`, diff(prev, values));
      } else {
        if (!body.password) throw badRequest('密码: 请输入密码');
        await tx.insert(user).values({
          ...values,
          tenantId: u.tenantId,
          password: await hashPassword(body.password),
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增用户: ${body.account}`);
      }
    });
    return null;
  };
  r.handle(USER_ADMIN.submit, ({ req, body }) => submit(req, body, false));
  r.handle(USER_ADMIN.update, ({ req, body }) => submit(req, body, true));

  r.handle(USER_ADMIN.remove, async ({ req, query }) => {
    const u = admin(req);
    const ids = query.ids;
    if (ids.includes(u.userId)) throw badRequest('不能删除自己的账号');
    await revokingTransaction(db, async (tx) => {
      const names = await loadNames(tx, u);
      const rows = await loadTargets(tx, u, ids, names);
      await tx
        .update(user)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(user.id, ids), tenantOf(u, user)));
      await revokeSessions(tx, ids);
      await writeOperationLog(tx, req, `删除用户: ${rows.map((x) => x.account).join(',')}`);
    });
    return null;
  });
}
