/**
 * Grouping and filtering of the statements: the SQL key of each 统计维度, the labels of the keys, and each
 * material's national-standard category (core/report/gb.ts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { GroupBy, ReportQuery } from '../../../core/contract/izs-report/report.contract.ts';
import { type GbKey, gbCategoryOf, gbName } from '../../../core/report/gb.ts';
import type { Db } from '../../db/client.ts';
import {
  dept,
  material,
  materialCategory,
  relatedParty,
  stockMovement,
  stockOrder,
  stockOrderLine,
  warehouse,
} from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';

export const TRADE_TYPES = { purchase: ['in_stock', 'purchase_return'], sale: ['out_stock', 'sale_return'] } as const;

/** Key of a trade line for a 统计维度 ('gb' groups by material first, then folds). */
export function tradeKey(g: GroupBy): SQL {
  switch (g) {
    case 'material':
    case 'gb':
      return sql`${stockOrderLine.materialId}::text`;
    case 'party':
      return sql`coalesce(${stockOrder.partyId}::text, '')`;
    case 'warehouse':
      return sql`${stockOrderLine.warehouseId}::text`;
    case 'dept':
      return sql`coalesce(${stockOrder.deptId}::text, '')`;
    case 'day':
      return sql`${stockOrder.orderDate}`;
    case 'month':
      return sql`left(${stockOrder.orderDate}, 7)`;
  }
}

export function tradeFilters(
  q: Pick<ReportQuery, 'deptId' | 'partyId' | 'materialId' | 'warehouseId'>,
): (SQL | undefined)[] {
  return [
    q.deptId ? eq(stockOrder.deptId, q.deptId) : undefined,
    q.partyId ? eq(stockOrder.partyId, q.partyId) : undefined,
    q.materialId ? eq(stockOrderLine.materialId, q.materialId) : undefined,
    q.warehouseId ? eq(stockOrderLine.warehouseId, q.warehouseId) : undefined,
  ];
}

export function stockKey(g: GroupBy): SQL {
  switch (g) {
    case 'material':
    case 'gb':
      return sql`${stockMovement.materialId}::text`;
    case 'warehouse':
      return sql`${stockMovement.warehouseId}::text`;
    case 'dept':
      return sql`coalesce(${stockMovement.deptId}::text, '')`;
    default:
      throw badRequest('库存报表只能按物料、仓库、部门或国标类别统计');
  }
}

export function stockFilters(
  q: Pick<ReportQuery, 'deptId' | 'partyId' | 'materialId' | 'warehouseId'>,
): (SQL | undefined)[] {
  if (q.partyId) throw badRequest('库存报表不按往来单位筛选');
  return [
    q.deptId ? eq(stockMovement.deptId, q.deptId) : undefined,
    q.materialId ? eq(stockMovement.materialId, q.materialId) : undefined,
    q.warehouseId ? eq(stockMovement.warehouseId, q.warehouseId) : undefined,
  ];
}

export interface MaterialInfo {
  code: string;
  name: string;
  categoryPath: string;
  gb: GbKey;
}

/** Every material of the tenant with its category path and GB category. */
export async function materialInfo(db: Db, tenantId: string): Promise<Map<string, MaterialInfo>> {
  const cats = await db
    .select({ id: materialCategory.id, parentId: materialCategory.parentId, name: materialCategory.name })
    .from(materialCategory)
    .where(tenantOnly(tenantId, materialCategory));
  const catOf = new Map(cats.map((c) => [c.id, c]));
  const mats = await db
    .select({ id: material.id, code: material.code, name: material.name, categoryId: material.categoryId })
    .from(material)
    .where(and(tenantOnly(tenantId, material)));
  const out = new Map<string, MaterialInfo>();
  for (const m of mats) {
    const path: string[] = [];
    let c = m.categoryId ? catOf.get(m.categoryId) : undefined;
    for (let i = 0; c && i < 10; i++) {
      path.push(c.name);
      c = catOf.get(c.parentId);
    }
    out.set(m.id, {
      code: m.code,
      name: m.name,
      categoryPath: [...path].reverse().join(' / '),
      gb: gbCategoryOf({ materialName: m.name, categoryNames: path }),
    });
  }
  return out;
}

/** Labels of the keys of a 统计维度. */
export async function labelsOf(db: Db, tenantId: string, g: GroupBy, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter((k) => /^\d+$/.test(k));
  const pick = async (rows: Promise<{ id: string; name: string }[]>) =>
    new Map((await rows).map((r) => [r.id, r.name]));
  const some = <T>(list: T[]) => (ids.length ? list : []);
  switch (g) {
    case 'material': {
      const info = await materialInfo(db, tenantId);
      return new Map(keys.map((k) => [k, info.get(k) ? `${info.get(k)?.code} ${info.get(k)?.name}` : k]));
    }
    case 'gb':
      return new Map(keys.map((k) => [k, gbName(k)]));
    case 'party':
      return pick(
        db
          .select({ id: relatedParty.id, name: relatedParty.name })
          .from(relatedParty)
          .where(tenantOnly(tenantId, relatedParty))
          .then(some),
      );
    case 'warehouse':
      return pick(
        db
          .select({ id: warehouse.id, name: warehouse.name })
          .from(warehouse)
          .where(tenantOnly(tenantId, warehouse))
          .then(some),
      );
    case 'dept':
      return pick(
        db.select({ id: dept.id, name: dept.deptName }).from(dept).where(tenantOnly(tenantId, dept)).then(some),
      );
    default:
      return new Map(keys.map((k) => [k, k]));
  }
}
