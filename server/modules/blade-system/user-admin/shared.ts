/**
 * What the user-administration handlers share (bladex-contract §5.2): the tenant's role / dept / post names, the
 * row answered to the screen, the targets of a change (all of the caller's tenant; non-administrators may not touch
 * administrator users), session revocation and the ids read from the query or a JSON body.
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../../../core/contract/blade-system/user.contract.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { authSession, dept, post, role, user } from '../../../db/schema/index.ts';
import { type AuthUser, requireRoles, sessionsRevoked } from '../../../platform/auth.ts';
import { badRequest, forbidden, notFound } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { formatDateTime } from '../../../platform/time.ts';

export type UserDb = typeof user.$inferSelect;
const ADMIN_ALIASES = ['administrator', 'admin'];
const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' };

/** Administrator / admin role only (403 otherwise). */
export const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');
export const isAdministrator = (u: AuthUser) => u.roles.includes('administrator');
const csv = (v: string) => v.split(',').filter((s) => /^\d+$/.test(s));

export interface Names {
  roles: Map<string, { name: string; alias: string }>;
  depts: Map<string, string>;
  posts: Map<string, string>;
}

export async function loadNames(ex: Executor, u: AuthUser): Promise<Names> {
  const [roles, depts, posts] = await Promise.all([
    ex.select({ id: role.id, name: role.roleName, alias: role.roleAlias }).from(role).where(tenantOf(u, role)),
    ex.select({ id: dept.id, name: dept.deptName }).from(dept).where(tenantOf(u, dept)),
    ex.select({ id: post.id, name: post.postName }).from(post).where(tenantOf(u, post)),
  ]);
  return {
    roles: new Map(roles.map((r) => [r.id, { name: r.name, alias: r.alias }])),
    depts: new Map(depts.map((d) => [d.id, d.name])),
    posts: new Map(posts.map((p) => [p.id, p.name])),
  };
}

export function toRow(u: UserDb, n: Names, locked: boolean, tz: string): UserRow {
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

export const hasAdministrator = (roleIds: string, n: Names) =>
  csv(roleIds).some((i) => n.roles.get(i)?.alias === 'administrator');
export const hasAdminRole = (roleIds: string, n: Names) =>
  csv(roleIds).some((i) => ADMIN_ALIASES.includes(n.roles.get(i)?.alias ?? ''));

/** Live users of the caller's tenant by ids; all must exist; non-administrators may not touch administrator users. */
export async function loadTargets(ex: Executor, u: AuthUser, ids: string[], n: Names): Promise<UserDb[]> {
  const rows = await ex
    .select()
    .from(user)
    .where(and(tenantOf(u, user), inArray(user.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('用户不存在');
  if (!isAdministrator(u) && rows.some((r) => hasAdministrator(r.roleId, n))) throw forbidden();
  return rows;
}

export function checkRoleIds(u: AuthUser, roleIds: string[], n: Names): void {
  for (const r of roleIds) {
    const found = n.roles.get(r);
    if (!found) throw badRequest('所属角色不存在');
    if (found.alias === 'administrator' && !isAdministrator(u)) throw forbidden('只有超级管理员可以分配该角色');
  }
}

/** Only inside revokingTransaction, which voids the guard's session cache once the transaction has committed. */
export const revokeSessions = (ex: Executor, userIds: string[]) =>
  ex
    .update(authSession)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(authSession.userId, userIds), sql`${authSession.revokedAt} is null`));

export async function revokingTransaction(db: Db, fn: (tx: Executor) => Promise<void>): Promise<void> {
  try {
    await db.transaction(fn);
  } finally {
    sessionsRevoked();
  }
}

/** userIds (+ roleIds) from the query or a JSON body, comma strings or arrays. */
export function idsArg(req: FastifyRequest, key: string, label: string, required = true): string[] {
  const src = { ...((req.body as Record<string, unknown>) ?? {}), ...((req.query as Record<string, unknown>) ?? {}) };
  const raw = src[key];
  const list = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (required && !list.length) throw badRequest(`缺少必要的请求参数: ${key}`);
  if (list.some((s) => !/^[1-9]\d{0,18}$/.test(s))) throw badRequest(`${label}编号格式不正确`);
  return [...new Set(list)];
}

/** The page / list filters: the tenant's live users by account, name, status and dept (with its descendants). */
export function userFilters(
  u: AuthUser,
  q: { account?: string; realName?: string; status?: number; deptId?: string },
): SQL | undefined {
  const conds: (SQL | undefined)[] = [tenantOf(u, user)];
  if (q.account) conds.push(sql`${user.account} ilike ${`%${q.account}%`}`);
  if (q.realName) conds.push(sql`${user.realName} ilike ${`%${q.realName}%`}`);
  if (q.status !== undefined) conds.push(sql`${user.status} = ${q.status}`);
  if (q.deptId) {
    conds.push(sql`exists(select 1 from blade_dept d where d.tenant_id = ${u.tenantId} and d.is_deleted = 0
      and (d.id = ${q.deptId}::bigint or (',' || d.ancestors || ',') like ${`%,${q.deptId},%`})
      and (',' || ${user.deptId} || ',') like ('%,' || d.id::text || ',%'))`);
  }
  return and(...conds);
}
