/**
 * Data scope (数据权限, bladex-contract §5.10). E's crud engine calls `resolveDataScope` for every read, update
 * and delete of `scope: 'dept'` resources. Rules live in blade_scope_data (resource_code = menu code) and reach
 * roles through blade_role_scope (scope_category 1). Nothing is cached: one indexed query per call (plus one
 * for the dept subtree when a type-4 rule applies), so every process sees a grant at once.
 *
 * Semantics: role administrator → all; no rule granted to any of the user's roles for the resource → all
 * (tenant isolation is applied separately and always); several rules → the union (any 'all' wins).
 * `own` combined with department rules widens to `depts` plus the user's own departments (rows a user creates
 * carry one of the user's departments), because the fixed type cannot express "own ∪ depts".
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dept, role, roleScope, scopeData } from '../db/schema/index.ts';
import type { AuthUser } from './auth.ts';

export type DataScope = { kind: 'all' } | { kind: 'own' } | { kind: 'depts'; deptIds: string[] };

export const DATA_SCOPE_CATEGORY = 1;
export const API_SCOPE_CATEGORY = 2;

const ID = /^[1-9]\d{0,18}$/;

export async function resolveDataScope(db: Db, user: AuthUser, resourceCode: string): Promise<DataScope> {
  if (user.roles.includes('administrator')) return { kind: 'all' };
  const roleIds = user.roleIds.filter((r) => ID.test(r));
  if (!roleIds.length) return { kind: 'all' };
  const rules = await db
    .selectDistinct({ id: scopeData.id, scopeType: scopeData.scopeType, scopeValue: scopeData.scopeValue })
    .from(scopeData)
    .innerJoin(roleScope, and(eq(roleScope.scopeId, scopeData.id), eq(roleScope.scopeCategory, DATA_SCOPE_CATEGORY)))
    .innerJoin(role, and(eq(role.id, roleScope.roleId), eq(role.isDeleted, 0), eq(role.tenantId, user.tenantId)))
    .where(
      and(
        eq(scopeData.tenantId, user.tenantId),
        eq(scopeData.resourceCode, resourceCode),
        eq(scopeData.isDeleted, 0),
        eq(scopeData.status, 1),
        inArray(roleScope.roleId, roleIds),
      ),
    );
  if (!rules.length || rules.some((r) => r.scopeType === 1)) return { kind: 'all' };
  const myDepts = user.deptIds.filter((d) => ID.test(d));
  const depts = new Set<string>();
  let own = false;
  let withChildren = false;
  for (const r of rules) {
    if (r.scopeType === 2) own = true;
    else if (r.scopeType === 3) for (const d of myDepts) depts.add(d);
    else if (r.scopeType === 4) {
      withChildren = true;
      for (const d of myDepts) depts.add(d);
    } else if (r.scopeType === 5) {
      for (const d of r.scopeValue.split(',')) if (ID.test(d.trim())) depts.add(d.trim());
    }
  }
  if (withChildren && myDepts.length) {
    const below = await db
      .select({ id: dept.id })
      .from(dept)
      .where(
        and(
          eq(dept.tenantId, user.tenantId),
          eq(dept.isDeleted, 0),
          sql`(${sql.join(
            myDepts.map((d) => sql`(',' || ${dept.ancestors} || ',') like ${`%,${d},%`}`),
            sql` or `,
          )})`,
        ),
      );
    for (const b of below) depts.add(b.id);
  }
  if (own && !depts.size) return { kind: 'own' };
  if (own) for (const d of myDepts) depts.add(d);
  return { kind: 'depts', deptIds: [...depts].sort() };
}
