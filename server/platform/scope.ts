/**
 * The scope of hand-written SQL (issue 10): one place that says which rows of a table a caller may see — its
 * tenant, not deleted, and the role's data scope (数据权限) for the resource — as the resource engine applies it to
 * every engine route. Also the one `effectiveDept` rule: the department a new row belongs to.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { AuthUser } from './auth.ts';
import { scopeCondition } from './crud/permissions.ts';

/** The columns scopeOf reads; a table without dept or creator columns is scoped by tenant only. */
export interface ScopedColumns {
  tenantId: AnyPgColumn;
  isDeleted?: AnyPgColumn;
  deptId?: AnyPgColumn;
  createUser?: AnyPgColumn;
}

/** Tenant (and not deleted): what every read and write by id must add. */
export function tenantOf(user: AuthUser, t: ScopedColumns): SQL {
  return tenantIs(user.tenantId, t);
}

/**
 * tenantOf for code that holds a tenant id rather than a user (hooks, background jobs, services called with the
 * tenant of a loaded row): tenant, and not deleted when the column set has isDeleted.
 */
export function tenantIs(tenantId: string, t: ScopedColumns): SQL {
  const conds = [eq(t.tenantId, tenantId)];
  if (t.isDeleted) conds.push(eq(t.isDeleted, 0));
  return and(...conds)!;
}

/**
 * The tenant alone, deleted rows included: for queries that deliberately see soft-deleted rows (lines of a
 * document, merges, audit lookups, tables without isDeleted) — the same filter as `eq(t.tenantId, …)`.
 */
export function tenantOnly(owner: Pick<AuthUser, 'tenantId'> | string, t: Pick<ScopedColumns, 'tenantId'>): SQL {
  return eq(t.tenantId, typeof owner === 'string' ? owner : owner.tenantId);
}

/** Tenant + not deleted + the data scope of `resourceCode` (the menu code its 数据权限 rules name). */
export async function scopeOf(db: Db, user: AuthUser, t: ScopedColumns, resourceCode: string): Promise<SQL> {
  const scope = await scopeCondition(db, user, resourceCode, { deptId: t.deptId, createUser: t.createUser });
  return scope ? and(tenantOf(user, t), scope)! : tenantOf(user, t);
}

/**
 * The department a new row belongs to: Current-Dept-Id when the guard accepted one, else the user's first
 * department, else null (a user without any department; never the '0' placeholder).
 */
export function effectiveDept(user: Pick<AuthUser, 'currentDeptId' | 'deptIds'>): string | null {
  if (user.currentDeptId && user.currentDeptId !== '0') return user.currentDeptId;
  return user.deptIds[0] ?? null;
}
