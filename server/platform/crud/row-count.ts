/**
 * Page totals without count(*) (page benchmark, issue 3): tables carrying the `<table>_row_count_*` triggers of
 * migration 0008 keep loopyard_row_count = live rows per (tenant, department); the two logs' of migration 0045 (no
 * is_deleted, no department) every row per tenant, under department 0. An unfiltered page of such a table
 * answers `total` as the sum over the caller's data scope — O(departments) instead of O(rows). Anything else
 * (a filter, an extra `where` hook, the 'own' scope, a table without the triggers) returns undefined and the
 * engine counts the matching rows as before. The counters are exact: they change in the writing transaction.
 */
import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowCount } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth.ts';
import { resolveDataScope } from '../data-scope.ts';
import type { Row } from './values.ts';

/** A table's trigger lookup, and its answer once it is in (`known`: read without a turn of the event loop). */
type Counted = { has: Promise<boolean>; known?: boolean };
const counted = new WeakMap<Db, Map<string, Counted>>();

/** Whether the table has the counter triggers (looked up once per process and table). */
export function hasRowCount(db: Db, tableName: string): Promise<boolean> {
  let m = counted.get(db);
  if (!m) {
    m = new Map();
    counted.set(db, m);
  }
  const hit = m.get(tableName);
  if (hit) return hit.has;
  const e: Counted = {
    has: (
      db.execute(
        sql`select 1 as hit from pg_trigger where tgname = ${`${tableName}_row_count_ins`} limit 1`,
      ) as Promise<unknown>
    )
      .then((r) => ((r as { rows?: unknown[] }).rows ?? []).length > 0)
      .catch(() => false)
      .then((has) => {
        e.known = has;
        return has;
      }),
  };
  m.set(tableName, e);
  return e.has;
}

const wholeTenant = new WeakMap<Db, { execute(v: Record<string, unknown>): Promise<unknown> }>();
let wholeTenantNames = 0;
function wholeTenantTotal(db: Db) {
  let q = wholeTenant.get(db);
  if (!q) {
    q = db
      .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)` })
      .from(rowCount)
      .where(and(eq(rowCount.tableName, sql.placeholder('table')), eq(rowCount.tenantId, sql.placeholder('tenant'))))
      .prepare(`row_count_total_${++wholeTenantNames}`);
    wholeTenant.set(db, q);
  }
  return q;
}

/** Query keys that never filter rows. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth']);

export const isPagingKey = (key: string) => PAGING.has(key);

export function isUnfiltered(cleaned: Row): boolean {
  return Object.keys(cleaned).every((k) => PAGING.has(k));
}

/**
 * The total of an unfiltered page from the counters, or undefined when they do not apply.
 * `deptScoped`: the resource applies the role's data scope on its dept_id column.
 */
export function countedTotal(
  db: Db,
  table: AnyPgTable,
  cols: Record<string, AnyPgColumn>,
  user: AuthUser,
  permission: string,
  deptScoped: boolean,
): Promise<number | undefined> {
  // a table without is_deleted counts every row (the logs, migration 0045); the triggers say which tables are counted
  if (!cols.tenantId) return Promise.resolve(undefined);
  const name = getTableName(table);
  // The whole tenant's counter when nothing has to be awaited first (the table known to be counted; no data scope,
  // or the administrator's, which is always all: resolveDataScope), asked before this function returns. The engine
  // asks the total and the page together; on PGlite, which runs one statement at a time in the order they were
  // asked, the counter then goes before the page, and the pair took ~30 µs less than page first (issue 25).
  if (counted.get(db)?.get(name)?.known === true && (!deptScoped || user.roles.includes('administrator'))) {
    return wholeTenantCount(db, name, user.tenantId);
  }
  return scopedCountedTotal(db, name, user, permission, deptScoped);
}

/**
 * The whole tenant's counter: one statement built once per database (issue 25: drizzle rebuilt it per list request),
 * asked before the first await (countedTotal's order on PGlite depends on it).
 */
async function wholeTenantCount(db: Db, name: string, tenantId: string): Promise<number> {
  const [r] = (await wholeTenantTotal(db).execute({ table: name, tenant: tenantId })) as { n: string }[];
  return Number(r?.n ?? 0);
}

async function scopedCountedTotal(
  db: Db,
  name: string,
  user: AuthUser,
  permission: string,
  deptScoped: boolean,
): Promise<number | undefined> {
  if (!(await hasRowCount(db, name))) return undefined;
  const conds: SQL[] = [eq(rowCount.tableName, name), eq(rowCount.tenantId, user.tenantId)];
  if (deptScoped) {
    const s = await resolveDataScope(db, user, permission);
    if (s.kind === 'own') return undefined;
    if (s.kind === 'depts') {
      if (!s.deptIds.length) return 0;
      conds.push(inArray(rowCount.deptId, s.deptIds));
    }
  }
  if (conds.length === 2) return wholeTenantCount(db, name, user.tenantId);
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)` })
    .from(rowCount)
    .where(and(...conds));
  return Number(r?.n ?? 0);
}
