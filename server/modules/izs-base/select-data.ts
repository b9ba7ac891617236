/**
 * Business cache (spec §3, §6, §7.6): POST select-data/list answers the lists asked for by the body flags;
 * GET select-data/user the users. Role administrator: the whole tenant; others: their departments' rows
 * (only `deptId` when it is one of theirs). Enabled, live rows of the caller's tenant only; at most 1000 each.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { SELECT_DATA, type SelectData } from '../../../core/contract/izs-base/select-data.contract.ts';
import { material, relatedParty, user, warehouse, weighbridge } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, fixed, isAdministrator } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';

const LIMIT = 1000;

/** undefined = no department filter. */
function deptFilter(u: AuthUser, wanted: string | undefined): string[] | undefined {
  if (isAdministrator(u)) return undefined;
  if (wanted && u.deptIds.includes(wanted)) return [wanted];
  return u.deptIds;
}

export function registerSelectData(app: FastifyInstance, { db }: CrudContext): void {
  const r = endpoints(app, db);
  const live = (t: { tenantId: AnyPgColumn; isDeleted: AnyPgColumn; status: AnyPgColumn }, u: AuthUser) => [
    tenantOf(u, t),
    eq(t.status, 1),
  ];
  const inDepts = (col: AnyPgColumn, depts: string[] | undefined): SQL[] =>
    depts === undefined ? [] : depts.length ? [inArray(col, depts)] : [sql`false`];

  const users = async (u: AuthUser, depts: string[] | undefined, name?: string) => {
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
  };

  r.handle(SELECT_DATA.list, async ({ body: b, user: u }) => {
    const depts = deptFilter(u, b.deptId);
    const out: SelectData = {
      userList: [],
      customerList: [],
      supplierList: [],
      materialList: [],
      warehouseList: [],
      weighbridgeList: [],
    };
    const parties = async (types: string[]) =>
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
    if (b.userEnable) out.userList = await users(u, depts);
    if (b.customerEnable) out.customerList = await parties(['customer', 'both']);
    if (b.supplierEnable) out.supplierList = await parties(['supplier', 'both']);
    if (b.materialEnable) {
      const rows = await db
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
      out.materialList = rows.map((r) => ({
        ...r,
        defaultPrice: fixed(r.defaultPrice, 2),
        deductRate: fixed(r.deductRate, 2),
      }));
    }
    if (b.warehouseEnable) {
      out.warehouseList = await db
        .select({ id: warehouse.id, name: warehouse.name, code: warehouse.code, deptId: warehouse.deptId })
        .from(warehouse)
        .where(and(...live(warehouse, u), ...inDepts(warehouse.deptId, depts)))
        .orderBy(asc(warehouse.code))
        .limit(LIMIT);
    }
    if (b.weighbridgeEnable) {
      const rows = await db
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
      out.weighbridgeList = rows.map((r) => ({
        ...r,
        maxCapacityKg: fixed(r.maxCapacityKg, 3),
        divisionKg: fixed(r.divisionKg, 3),
        // the station's hint of the minimum capture (core/weighing/anti-cheat.ts minCaptureKg; '0' = 20 divisions)
        minWeightKg: r.minWeightKg === null ? '0' : fixed(r.minWeightKg, 3),
      }));
    }
    return out;
  });

  r.handle(SELECT_DATA.user, async ({ query: q, user: u }) =>
    users(u, deptFilter(u, q.deptId || undefined), q.name || undefined),
  );
}
