/**
 * The checks' reads of the base resources (routes.ts): a category of the tenant, whether moving one would make a
 * loop, children and materials under categories, a category by name, a warehouse of the tenant, weighbridges
 * under warehouses. Each returns the Drizzle query's rows; the refusals stay with the resource hooks.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { material, materialCategory, warehouse, weighbridge } from '../../db/schema/index.ts';
import { tenantIs } from '../../platform/scope.ts';

/** The tenant's category of this id: id and parent. */
export const categoryOf = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ id: materialCategory.id, parentId: materialCategory.parentId })
    .from(materialCategory)
    .where(and(eq(materialCategory.id, id), tenantIs(tenantId, materialCategory)));

/** The tenant's category of this id, id only (a material's category). */
export const categoryIdOf = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ id: materialCategory.id })
    .from(materialCategory)
    .where(and(eq(materialCategory.id, id), tenantIs(tenantId, materialCategory)));

/** Whether `selfId` is among the ancestors of `parentId` (or is it): a row when moving would make a loop. */
export async function categoryLoop(tx: Executor, parentId: string, selfId: string) {
  return (await tx.execute(sql`with recursive up(id, parent_id) as (
              select id, parent_id from izs_material_category where id = ${parentId}
              union all
              select m.id, m.parent_id from izs_material_category m join up on m.id = up.parent_id
            ) select 1 as hit from up where id = ${selfId} limit 1`)) as unknown as { rows: unknown[] };
}

/** A live child of these categories, if any. */
export const childCategory = (tx: Executor, ids: string[]) =>
  tx
    .select({ id: materialCategory.id })
    .from(materialCategory)
    .where(and(inArray(materialCategory.parentId, ids), eq(materialCategory.isDeleted, 0)))
    .limit(1);

/** A live material in these categories, if any. */
export const materialInCategories = (tx: Executor, ids: string[]) =>
  tx
    .select({ id: material.id })
    .from(material)
    .where(and(inArray(material.categoryId, ids), eq(material.isDeleted, 0)))
    .limit(1);

/** The tenant's category of this name (an import's text). */
export const categoryByName = (ex: Executor, tenantId: string, name: string) =>
  ex
    .select({ id: materialCategory.id })
    .from(materialCategory)
    .where(and(tenantIs(tenantId, materialCategory), eq(materialCategory.name, name)))
    .limit(1);

/** A live weighbridge in these warehouses, if any. */
export const weighbridgeInWarehouses = (tx: Executor, ids: string[]) =>
  tx
    .select({ id: weighbridge.id })
    .from(weighbridge)
    .where(and(inArray(weighbridge.warehouseId, ids), eq(weighbridge.isDeleted, 0)))
    .limit(1);

/** The tenant's warehouse of this id. */
export const warehouseOf = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ id: warehouse.id })
    .from(warehouse)
    .where(and(eq(warehouse.id, id), tenantIs(tenantId, warehouse)));
