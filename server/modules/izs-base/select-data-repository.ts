/**
 * The business cache's lists (select-data.ts): enabled, live rows of the caller's tenant, in the given departments
 * (undefined = no department filter), at most 1000 each.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { material, relatedParty, user, warehouse, weighbridge } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf } from '../../platform/scope.ts';

const LIMIT = 1000;

const live = (t: { tenantId: AnyPgColumn; isDeleted: AnyPgColumn; status: AnyPgColumn }, u: AuthUser) => [
  tenantOf(u, t),
  eq(t.status, 1),
];
const inDepts = (col: AnyPgColumn, depts: string[] | undefined): SQL[] =>
  depts === undefined ? [] : depts.length ? [inArray(col, depts)] : [sql`false`];

/** Users (any of whose departments is one of `depts`), by name or account when given. */
export async function selectUsers(db: Db, u: AuthUser, depts: string[] | undefined, name?: string) {
  const conds: SQL[] = [...live(user, u)];
  if (depts !== undefined) {
    conds.push(
      depts.length
        ? sql`string_to_array(${user.deptId}, ',') && ${sql.raw(
            `array[${depts
              .filter((d) => /^\d+$/.test(d))
              .map((d) => `'${d}'`)
              .join(',')}]`,
          )}::text[]`
        : sql`false`,
    );
  }
  if (name) conds.push(sql`(${user.realName} ilike ${`%${name}%`} or ${user.account} ilike ${`%${name}%`})`);
  const rows = await db
    .select({ id: user.id, name: user.realName, account: user.account, deptId: user.deptId, phone: user.phone })
    .from(user)
    .where(and(...conds))
    .orderBy(asc(user.id))
    .limit(LIMIT);
  return rows;
}

/** Related parties of these types. */
export const selectParties = (db: Db, u: AuthUser, depts: string[] | undefined, types: string[]) =>
  db
    .select({
      id: relatedParty.id,
      name: relatedParty.name,
      code: relatedParty.code,
      type: relatedParty.type,
      deptId: relatedParty.deptId,
    })
    .from(relatedParty)
    .where(and(...live(relatedParty, u), inArray(relatedParty.type, types), ...inDepts(relatedParty.deptId, depts)))
    .orderBy(asc(relatedParty.code))
    .limit(LIMIT);

/** Materials. */
export const selectMaterials = (db: Db, u: AuthUser, depts: string[] | undefined) =>
  db
    .select({
      id: material.id,
      name: material.name,
      code: material.code,
      unit: material.unit,
      priceUnit: material.priceUnit,
      defaultPrice: material.defaultPrice,
      deductRate: material.deductRate,
      categoryId: material.categoryId,
      deptId: material.deptId,
    })
    .from(material)
    .where(and(...live(material, u), ...inDepts(material.deptId, depts)))
    .orderBy(asc(material.code))
    .limit(LIMIT);

/** Warehouses. */
export const selectWarehouses = (db: Db, u: AuthUser, depts: string[] | undefined) =>
  db
    .select({ id: warehouse.id, name: warehouse.name, code: warehouse.code, deptId: warehouse.deptId })
    .from(warehouse)
    .where(and(...live(warehouse, u), ...inDepts(warehouse.deptId, depts)))
    .orderBy(asc(warehouse.code))
    .limit(LIMIT);

/** Weighbridges with the figures the station needs. */
export const selectWeighbridges = (db: Db, u: AuthUser, depts: string[] | undefined) =>
  db
    .select({
      id: weighbridge.id,
      name: weighbridge.name,
      code: weighbridge.code,
      warehouseId: weighbridge.warehouseId,
      maxCapacityKg: weighbridge.maxCapacityKg,
      divisionKg: weighbridge.divisionKg,
      stableSeconds: weighbridge.stableSeconds,
      minWeightKg: weighbridge.minWeightKg,
      deptId: weighbridge.deptId,
    })
    .from(weighbridge)
    .where(and(...live(weighbridge, u), ...inDepts(weighbridge.deptId, depts)))
    .orderBy(asc(weighbridge.code))
    .limit(LIMIT);
