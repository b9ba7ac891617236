/**
 * POST user/grant, user/reset-password, user/unlock, user/update-status (bladex-contract §5.2, §5.9): ids in the
 * query (BladeX) or a JSON body; every target is a live user of the caller's tenant.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PASSWORD, USER_ADMIN } from '../../../../core/contract/blade-system/user.contract.ts';
import { num } from '../../../../core/contract/input.ts';
import type { Db } from '../../../db/client.ts';
import { loginAttempt, param, user } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { UNLOCK_IP } from '../../../platform/login-lock.ts';
import { writeOperationLog } from '../../../platform/logs.ts';
import { hashPassword, md5hex } from '../../../platform/password.ts';
import { badRequest } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { parse } from '../../../platform/validate.ts';
import {
  admin,
  checkRoleIds,
  hasAdminRole,
  idsArg,
  loadNames,
  loadTargets,
  revokeSessions,
  revokingTransaction,
} from './shared.ts';

const statusSchema = z.object({
  status: num({ error: '状态: 只能是 1 或 0' }).refine((v) => v === 0 || v === 1, '状态: 只能是 1 或 0'),
});

export function handleUserGrants(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(USER_ADMIN.grant, async ({ req }) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    const roleIds = idsArg(req, 'roleIds', '角色');
    await db.transaction(async (tx) => {
      const names = await loadNames(tx, u);
      checkRoleIds(u, roleIds, names);
      const rows = await loadTargets(tx, u, userIds, names);
      const next = roleIds.join(',');
      const me = rows.find((x) => x.id === u.userId);
      if (me && hasAdminRole(me.roleId, names) && !hasAdminRole(next, names)) {
        throw badRequest('不能取消自己的管理员角色');
      }
      await tx
        .update(user)
        .set({ roleId: next, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(user.id, userIds), tenantOf(u, user)));
      await writeOperationLog(tx, req, `用户角色配置: ${rows.map((x) => x.account).join(',')}`, {
        roleId: [rows.map((x) => x.roleId).join(';'), next],
      });
    });
    return null;
  });

  r.handle(USER_ADMIN.resetPassword, async ({ req, say }) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    // bladex-contract §5.9: the tenant's `account.initPassword` param (页面配置), else 123456
    const [p] = await db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantOf(u, param), eq(param.paramKey, 'account.initPassword')))
      .limit(1);
    const initPassword = p?.v.trim() || DEFAULT_PASSWORD;
    const hashed = await hashPassword(md5hex(initPassword));
    await revokingTransaction(db, async (tx) => {
      const names = await loadNames(tx, u);
      const rows = await loadTargets(tx, u, userIds, names);
      await tx
        .update(user)
        .set({ password: hashed, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(user.id, userIds), tenantOf(u, user)));
      await revokeSessions(
        tx,
        userIds.filter((i) => i !== u.userId),
      );
      await writeOperationLog(tx, req, `重置密码: ${rows.map((x) => x.account).join(',')}`);
    });
    say(`重置成功，新密码为 ${initPassword}`);
    return null;
  });

  r.handle(USER_ADMIN.unlock, async ({ req, say }) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    await db.transaction(async (tx) => {
      const names = await loadNames(tx, u);
      const rows = await loadTargets(tx, u, userIds, names);
      // a success row ends the failure streak the lock counts (same rule as a successful sign-in)
      await tx
        .insert(loginAttempt)
        .values(rows.map((x) => ({ tenantId: u.tenantId, account: x.account, ip: UNLOCK_IP, success: true })));
      await writeOperationLog(tx, req, `解锁用户: ${rows.map((x) => x.account).join(',')}`);
    });
    say('解锁成功');
    return null;
  });

  r.handle(USER_ADMIN.status, async ({ req, say }) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    const src = { ...((req.body as Record<string, unknown>) ?? {}), ...((req.query as Record<string, unknown>) ?? {}) };
    const status = parse(statusSchema, { status: src.status }).status;
    if (status === 0 && userIds.includes(u.userId)) throw badRequest('不能停用自己的账号');
    await revokingTransaction(db, async (tx) => {
      const names = await loadNames(tx, u);
      const rows = await loadTargets(tx, u, userIds, names);
      await tx
        .update(user)
        .set({ status, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(user.id, userIds), tenantOf(u, user)));
      if (status === 0) await revokeSessions(tx, userIds);
      await writeOperationLog(tx, req, `${status ? '启用' : '停用'}用户: ${rows.map((x) => x.account).join(',')}`, {
        status: [rows.map((x) => x.status).join(','), status],
      });
    });
    say(status ? '启用成功' : '停用成功');
    return null;
  });
}
