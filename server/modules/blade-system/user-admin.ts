/**
 * User administration (bladex-contract §5.2, BladeX flavour): page / list, detail, submit / update, remove,
 * grant, reset-password, unlock, update-status (enable / disable), post-options. Admin / administrator only,
 * the caller's tenant only. Passwords arrive as md5 hex and are stored as argon2id; hashes are never returned.
 * Role, dept and post ids must belong to the tenant; only administrator assigns or touches the administrator role
 * (and users holding it); nobody removes, disables or strips the admin role from themselves.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_PASSWORD,
  USER_PATHS,
  type UserRow,
  userPageQuerySchema,
  userSubmitSchema,
} from '../../../core/contract/blade-system/user.contract.ts';
import { idListSchema, idSchema } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { authSession, dept, loginAttempt, param, post, role, user } from '../../db/schema/index.ts';
import { type AuthUser, requireRoles, sessionsRevoked } from '../../platform/auth.ts';
import { lockedAccounts, UNLOCK_IP } from '../../platform/login-lock.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { hashPassword, md5hex } from '../../platform/password.ts';
import { badRequest, forbidden, notFound, ok, page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';

type UserDb = typeof user.$inferSelect;
/** Same window and threshold as the token endpoint (blade-auth): 5 failures within 15 minutes lock the account. */
const ADMIN_ALIASES = ['administrator', 'admin'];
const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' };

const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');
const isAdministrator = (u: AuthUser) => u.roles.includes('administrator');
const csv = (v: string) => v.split(',').filter((s) => /^\d+$/.test(s));

interface Names {
  roles: Map<string, { name: string; alias: string }>;
  depts: Map<string, string>;
  posts: Map<string, string>;
}

async function loadNames(ex: Executor, tenantId: string): Promise<Names> {
  const [roles, depts, posts] = await Promise.all([
    ex
      .select({ id: role.id, name: role.roleName, alias: role.roleAlias })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0))),
    ex
      .select({ id: dept.id, name: dept.deptName })
      .from(dept)
      .where(and(eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0))),
    ex
      .select({ id: post.id, name: post.postName })
      .from(post)
      .where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0))),
  ]);
  return {
    roles: new Map(roles.map((r) => [r.id, { name: r.name, alias: r.alias }])),
    depts: new Map(depts.map((d) => [d.id, d.name])),
    posts: new Map(posts.map((p) => [p.id, p.name])),
  };
}

function toRow(u: UserDb, n: Names, locked: boolean, tz: string): UserRow {
  const join = (ids: string, m: Map<string, string>) =>
    csv(ids)
      .map((i) => m.get(i))
      .filter(Boolean)
      .join(',');
  return {
    id: u.id,
    tenantId: u.tenantId,
    code: u.code,
    account: u.account,
    name: u.name,
    realName: u.realName,
    avatar: u.avatar,
    email: u.email,
    phone: u.phone,
    birthday: u.birthday,
    sex: u.sex,
    sexName: SEX_NAMES[u.sex] ?? '',
    roleId: u.roleId,
    roleName: csv(u.roleId)
      .map((i) => n.roles.get(i)?.name)
      .filter(Boolean)
      .join(','),
    deptId: u.deptId,
    deptName: join(u.deptId, n.depts),
    postId: u.postId,
    postName: join(u.postId, n.posts),
    status: u.status,
    locked,
    createTime: formatDateTime(u.createTime, tz),
  };
}

const hasAdministrator = (roleIds: string, n: Names) =>
  csv(roleIds).some((i) => n.roles.get(i)?.alias === 'administrator');
const hasAdminRole = (roleIds: string, n: Names) =>
  csv(roleIds).some((i) => ADMIN_ALIASES.includes(n.roles.get(i)?.alias ?? ''));

export function registerUserAdminRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const db = database.db;
  const tz = config.tz;

  /** Live users of the tenant by ids; all must exist; non-administrators may not touch administrator users. */
  const loadTargets = async (ex: Executor, u: AuthUser, ids: string[], n: Names): Promise<UserDb[]> => {
    const rows = await ex
      .select()
      .from(user)
      .where(and(eq(user.tenantId, u.tenantId), eq(user.isDeleted, 0), inArray(user.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('用户不存在');
    if (!isAdministrator(u) && rows.some((r) => hasAdministrator(r.roleId, n))) throw forbidden();
    return rows;
  };

  const checkRoleIds = (u: AuthUser, roleIds: string[], n: Names) => {
    for (const r of roleIds) {
      const found = n.roles.get(r);
      if (!found) throw badRequest('所属角色不存在');
      if (found.alias === 'administrator' && !isAdministrator(u)) throw forbidden('只有超级管理员可以分配该角色');
    }
  };

  // only inside revokingTransaction, which voids the guard's session cache once the transaction has committed
  const revokeSessions = (ex: Executor, userIds: string[]) =>
    ex
      .update(authSession)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(authSession.userId, userIds), sql`${authSession.revokedAt} is null`));
  const revokingTransaction = async (fn: (tx: Executor) => Promise<void>) => {
    try {
      await db.transaction(fn);
    } finally {
      sessionsRevoked();
    }
  };

  const filters = (u: AuthUser, query: unknown): SQL | undefined => {
    const q = parse(userPageQuerySchema, query ?? {});
    const conds: (SQL | undefined)[] = [eq(user.tenantId, u.tenantId), eq(user.isDeleted, 0)];
    if (q.account) conds.push(sql`${user.account} ilike ${`%${q.account}%`}`);
    if (q.realName) conds.push(sql`${user.realName} ilike ${`%${q.realName}%`}`);
    if (q.status !== undefined) conds.push(eq(user.status, q.status));
    if (q.deptId) {
      // the dept and its descendants
      conds.push(sql`exists(select 1 from blade_dept d where d.tenant_id = ${u.tenantId} and d.is_deleted = 0
        and (d.id = ${q.deptId}::bigint or (',' || d.ancestors || ',') like ${`%,${q.deptId},%`})
        and (',' || ${user.deptId} || ',') like ('%,' || d.id::text || ',%'))`);
    }
    return and(...conds);
  };

  app.get(USER_PATHS.page, async (req) => {
    const u = admin(req);
    const where = filters(u, req.query);
    const p = parsePaging(
      req.query,
      { account: user.account, real_name: user.realName, create_time: user.createTime, code: user.code },
      [desc(user.createTime), asc(user.id)],
    );
    const [{ n: total }] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(where);
    const rows = await db
      .select()
      .from(user)
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    const names = await loadNames(db, u.tenantId);
    const locked = await lockedAccounts(
      db,
      u.tenantId,
      rows.map((r) => r.account),
    );
    return ok(
      page(
        rows.map((r) => toRow(r, names, locked.has(r.account), tz)),
        total,
        p.current,
        p.size,
      ),
    );
  });

  app.get(USER_PATHS.list, async (req) => {
    const u = admin(req);
    const rows = await db.select().from(user).where(filters(u, req.query)).orderBy(asc(user.account)).limit(1000);
    const names = await loadNames(db, u.tenantId);
    return ok(rows.map((r) => toRow(r, names, false, tz)));
  });

  app.get(USER_PATHS.detail, async (req) => {
    const u = admin(req);
    const id = parse(z.object({ id: idSchema }), req.query ?? {}).id;
    const r = await db
      .select()
      .from(user)
      .where(and(eq(user.id, id), eq(user.tenantId, u.tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    if (!r[0]) throw notFound('用户不存在');
    const names = await loadNames(db, u.tenantId);
    const locked = await lockedAccounts(db, u.tenantId, [r[0].account]);
    return ok(toRow(r[0], names, locked.has(r[0].account), tz));
  });

  app.get(USER_PATHS.postOptions, async (req) => {
    const u = admin(req);
    const rows = await db
      .select({ id: post.id, postName: post.postName, postCode: post.postCode })
      .from(post)
      .where(and(eq(post.tenantId, u.tenantId), eq(post.isDeleted, 0), eq(post.status, 1)))
      .orderBy(asc(post.sort), asc(post.id));
    return ok(rows);
  });

  const submit = async (req: FastifyRequest, requireId: boolean) => {
    const u = admin(req);
    const body = parse(userSubmitSchema, req.body ?? {});
    if (requireId && !body.id) throw badRequest('编号: 请选择要修改的用户');
    await revokingTransaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      const roleIds = body.roleId ?? [];
      const deptIds = body.deptId ?? [];
      const postIds = body.postId ?? [];
      checkRoleIds(u, roleIds, names);
      if (deptIds.some((d) => !names.depts.has(d))) throw badRequest('所属机构不存在');
      if (postIds.some((p) => !names.posts.has(p))) throw badRequest('所属岗位不存在');
      const dup = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, u.tenantId), eq(user.isDeleted, 0), eq(user.account, body.account)))
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
          .where(eq(user.id, body.id));
        if (values.status !== 1 && prev.status === 1) await revokeSessions(tx, [body.id]);
        await writeOperationLog(tx, req, `修改用户: ${body.account}`, diff(prev, values));
      } else {
        if (!body.password) throw badRequest('密码: 请输入密码');
        await tx.insert(user).values({
          ...values,
          tenantId: u.tenantId,
          password: await hashPassword(body.password),
          createUser: u.userId,
          createDept: u.currentDeptId,
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增用户: ${body.account}`);
      }
    });
    return ok(null);
  };
  app.post(USER_PATHS.submit, (req) => submit(req, false));
  app.post(USER_PATHS.update, (req) => submit(req, true));

  app.post(USER_PATHS.remove, async (req) => {
    const u = admin(req);
    const ids = parse(z.object({ ids: idListSchema }), req.query ?? {}).ids;
    if (ids.includes(u.userId)) throw badRequest('不能删除自己的账号');
    await revokingTransaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      const rows = await loadTargets(tx, u, ids, names);
      await tx
        .update(user)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(user.id, ids));
      await revokeSessions(tx, ids);
      await writeOperationLog(tx, req, `删除用户: ${rows.map((r) => r.account).join(',')}`);
    });
    return ok(null);
  });

  /** userIds (+ roleIds / status) from the query or a JSON body, comma strings or arrays. */
  const idsArg = (req: FastifyRequest, key: string, label: string, required = true): string[] => {
    const src = { ...((req.body as Record<string, unknown>) ?? {}), ...((req.query as Record<string, unknown>) ?? {}) };
    const raw = src[key];
    const list = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (required && !list.length) throw badRequest(`缺少必要的请求参数: ${key}`);
    if (list.some((s) => !/^[1-9]\d{0,18}$/.test(s))) throw badRequest(`${label}编号格式不正确`);
    return [...new Set(list)];
  };

  app.post(USER_PATHS.grant, async (req) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    const roleIds = idsArg(req, 'roleIds', '角色');
    await db.transaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      checkRoleIds(u, roleIds, names);
      const rows = await loadTargets(tx, u, userIds, names);
      const next = roleIds.join(',');
      const me = rows.find((r) => r.id === u.userId);
      if (me && hasAdminRole(me.roleId, names) && !hasAdminRole(next, names)) {
        throw badRequest('不能取消自己的管理员角色');
      }
      await tx
        .update(user)
        .set({ roleId: next, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(user.id, userIds));
      await writeOperationLog(tx, req, `用户角色配置: ${rows.map((r) => r.account).join(',')}`, {
        roleId: [rows.map((r) => r.roleId).join(';'), next],
      });
    });
    return ok(null);
  });

  app.post(USER_PATHS.resetPassword, async (req) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    // bladex-contract §5.9: the tenant's `account.initPassword` param (页面配置), else 123456
    const [p] = await db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(eq(param.tenantId, u.tenantId), eq(param.paramKey, 'account.initPassword'), eq(param.isDeleted, 0)))
      .limit(1);
    const initPassword = p?.v.trim() || DEFAULT_PASSWORD;
    const hashed = await hashPassword(md5hex(initPassword));
    await revokingTransaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      const rows = await loadTargets(tx, u, userIds, names);
      await tx
        .update(user)
        .set({ password: hashed, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(user.id, userIds));
      await revokeSessions(
        tx,
        userIds.filter((i) => i !== u.userId),
      );
      await writeOperationLog(tx, req, `重置密码: ${rows.map((r) => r.account).join(',')}`);
    });
    return ok(null, `重置成功，新密码为 ${initPassword}`);
  });

  app.post(USER_PATHS.unlock, async (req) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    await db.transaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      const rows = await loadTargets(tx, u, userIds, names);
      // a success row ends the failure streak the lock counts (same rule as a successful sign-in)
      await tx
        .insert(loginAttempt)
        .values(rows.map((r) => ({ tenantId: u.tenantId, account: r.account, ip: UNLOCK_IP, success: true })));
      await writeOperationLog(tx, req, `解锁用户: ${rows.map((r) => r.account).join(',')}`);
    });
    return ok(null, '解锁成功');
  });

  app.post(USER_PATHS.status, async (req) => {
    const u = admin(req);
    const userIds = idsArg(req, 'userIds', '用户');
    const src = { ...((req.body as Record<string, unknown>) ?? {}), ...((req.query as Record<string, unknown>) ?? {}) };
    const status = parse(
      z.object({
        status: z.coerce
          .number({ error: '状态: 只能是 1 或 0' })
          .refine((v) => v === 0 || v === 1, '状态: 只能是 1 或 0'),
      }),
      { status: src.status },
    ).status;
    if (status === 0 && userIds.includes(u.userId)) throw badRequest('不能停用自己的账号');
    await revokingTransaction(async (tx) => {
      const names = await loadNames(tx, u.tenantId);
      const rows = await loadTargets(tx, u, userIds, names);
      await tx
        .update(user)
        .set({ status, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(user.id, userIds));
      if (status === 0) await revokeSessions(tx, userIds);
      await writeOperationLog(tx, req, `${status ? '启用' : '停用'}用户: ${rows.map((r) => r.account).join(',')}`, {
        status: [rows.map((r) => r.status).join(','), status],
      });
    });
    return ok(null, status ? '启用成功' : '停用成功');
  });
}
