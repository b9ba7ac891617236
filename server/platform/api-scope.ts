/**
 * API scope (接口权限, bladex-contract §5.11), enforced by the guard: when the request path and method match a rule
 * of the caller's tenant, the caller must hold (through a role) at least one matching rule, else 403 没有权限.
 * Administrator bypasses; unmatched paths are open. One indexed query per (tenant, role set) at most once a
 * second: the answer is cached ≤ 1 s, and writes in this process clear the cache at once (other processes
 * see them within the second).
 */
import { and, eq, sql } from 'drizzle-orm';
import { apiPatternToRegExp, methodMatches } from '../../core/contract/blade-system/scope.contract.ts';
import type { Db } from '../db/client.ts';
import { scopeApi } from '../db/schema/index.ts';
import type { AuthUser } from './auth.ts';
import { forbidden } from './r.ts';

interface Rule {
  re: RegExp;
  method: string;
  granted: boolean;
}

const TTL_MS = 1000;
const MAX_ENTRIES = 500;
/** Per database (two apps in one process — the tests, the scale-out suite — never share rules), per tenant and roles. */
let caches = new WeakMap<Db, Map<string, { at: number; rules: Rule[] }>>();
const patterns = new Map<string, RegExp>();

const compile = (p: string): RegExp => {
  let re = patterns.get(p);
  if (!re) {
    re = apiPatternToRegExp(p);
    if (patterns.size > 5000) patterns.clear();
    patterns.set(p, re);
  }
  return re;
};

/** Forget cached rules (called after scope or grant writes in this process). */
export function invalidateApiScopeCache(): void {
  caches = new WeakMap();
}

async function loadRules(db: Db, user: AuthUser): Promise<Rule[]> {
  const roleIds = user.roleIds.filter((r) => /^[1-9]\d{0,18}$/.test(r)).sort();
  const key = `${user.tenantId}|${roleIds.join(',')}`;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.rules;
  const roleList = roleIds.length
    ? sql`${sql.join(
        roleIds.map((r) => sql`${r}::bigint`),
        sql`, `,
      )}`
    : sql`null`;
  const rows = await db
    .select({
      scopePath: scopeApi.scopePath,
      scopeMethod: scopeApi.scopeMethod,
      granted: sql<boolean>`exists(select 1 from blade_role_scope rs join blade_role r on r.id = rs.role_id
        where rs.scope_id = blade_scope_api.id and rs.scope_category = 2 and r.is_deleted = 0
          and r.tenant_id = ${user.tenantId} and rs.role_id in (${roleList}))`,
    })
    .from(scopeApi)
    .where(and(eq(scopeApi.tenantId, user.tenantId), eq(scopeApi.isDeleted, 0), eq(scopeApi.status, 1)));
  const rules = rows.map((r) => ({ re: compile(r.scopePath), method: r.scopeMethod, granted: !!r.granted }));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: now, rules });
  return rules;
}

/**
 * Throws 403 when the request (path + method) is covered by the tenant's API-scope rules and none of the matching
 * ones is granted. A rule covers a request when its path pattern matches and its method is ALL or the request's.
 * `method` defaults to GET (what a WebSocket upgrade is); the HTTP guard always passes the request's method.
 */
export async function checkApiScope(db: Db, user: AuthUser, path: string, method = 'GET'): Promise<void> {
  if (user.roles.includes('administrator')) return;
  const rules = await loadRules(db, user);
  if (!rules.length) return;
  let matched = false;
  for (const r of rules) {
    if (!r.re.test(path) || !methodMatches(r.method, method)) continue;
    if (r.granted) return;
    matched = true;
  }
  if (matched) throw forbidden();
}
