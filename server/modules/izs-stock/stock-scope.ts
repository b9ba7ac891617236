/**
 * The scope of the stock queries and analysis: stock rows and movements have no creator, so a role whose data
 * scope is "own" sees the rows of its own departments (not nothing, as the engine's scopeOf would answer for a
 * table without a creator column). Also the names of warehouses and materials for aggregated rows and the day
 * bounds in the tenant's time zone.
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { material, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { fixed } from '../../platform/crud/index.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { tenantOf } from '../../platform/scope.ts';
import { QTY_PLACES } from './ledger.ts';

/** The data-scope condition of `code` on a dept column (undefined: the whole tenant). */
export async function scopeOn(db: Db, user: AuthUser, code: string, deptCol: AnyPgColumn | SQL) {
  const s = await resolveDataScope(db, user, code);
  if (s.kind === 'all') return undefined;
  // stock rows have no creator: "own" rows are those of the user's own departments
  const ids = s.kind === 'own' ? user.deptIds : s.deptIds;
  if (!ids.length) return sql`false`;
  return sql`${deptCol} in (${sql.join(
    ids.map((d) => sql`${d}`),
    sql`, `,
  )})`;
}

export const q3 = (v: unknown) => fixed(v ?? '0', QTY_PLACES);
export const m2 = (v: unknown) => fixed(v ?? '0', 2);

/** `[start, end)` of a calendar day in the tenant's time zone. */
export const dayStart = (tz: string, d: string) => sql`(${d}::date::timestamp at time zone ${tz})`;
export const dayEnd = (tz: string, d: string) => sql`((${d}::date + 1)::timestamp at time zone ${tz})`;

/** Names of warehouses and materials for aggregated rows. */
export async function namesOf(db: Db, user: AuthUser, whIds: string[], matIds: string[]) {
  const whs = whIds.length
    ? await db
        .select({ id: warehouse.id, name: warehouse.name })
        .from(warehouse)
        .where(and(tenantOf(user, { tenantId: warehouse.tenantId }), inArray(warehouse.id, whIds)))
    : [];
  const mats = matIds.length
    ? await db
        .select({ id: material.id, code: material.code, name: material.name })
        .from(material)
        .where(and(tenantOf(user, { tenantId: material.tenantId }), inArray(material.id, matIds)))
    : [];
  return { wh: new Map(whs.map((w) => [w.id, w.name])), mat: new Map(mats.map((m) => [m.id, m])) };
}
