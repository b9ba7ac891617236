/**
 * What business vouchers read from stock documents: their lines with material names, the names a material's
 * sub-account is matched by (its name, then its categories), and quantities in the quantity account's unit.
 * Re-exported from business-voucher-kit.ts.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { materialSubAccount } from '../../../core/accounting/business-voucher.ts';
import type { dec } from '../../../core/accounting/index.ts';
import type { Executor } from '../../db/client.ts';
import { material, materialCategory, stockOrderLine } from '../../db/schema/index.ts';
import { tenantIs } from '../../platform/scope.ts';
import type { BookChart } from './book.ts';

/** Names to match a material's sub-account with: its name, then its category and the category's parents. */
export async function materialNames(
  ex: Executor,
  tenantId: string,
  materialIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (materialIds.length === 0) return out;
  const mats = await ex
    .select({ id: material.id, name: material.name, categoryId: material.categoryId })
    .from(material)
    .where(inArray(material.id, [...new Set(materialIds)]));
  const cats = await ex
    .select({ id: materialCategory.id, name: materialCategory.name, parentId: materialCategory.parentId })
    .from(materialCategory)
    .where(tenantIs(tenantId, materialCategory));
  const byId = new Map(cats.map((c) => [c.id, c]));
  for (const m of mats) {
    const names = [m.name];
    for (let id = m.categoryId, n = 0; id && id !== '0' && n < 10; n++) {
      const cat = byId.get(id);
      if (!cat) break;
      names.push(cat.name);
      id = cat.parentId;
    }
    out.set(m.id, names);
  }
  return out;
}

/** Resolves the account of a per-material line (core materialSubAccount over the material's names). */
export function subAccountResolver(bc: BookChart, names: Map<string, string[]>) {
  return (code: string, materialName: string, materialId: string): string | null =>
    materialSubAccount(bc.chart, code, names.get(materialId) ?? [materialName]);
}

export interface DocRow {
  id: string;
  orderNo: string;
  docType: string;
  orderDate: string;
  partyId: string | null;
  partyName: string | null;
  state: string;
}

/** Lines of stock documents with material names. */
export async function docLines(ex: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return ex
    .select({
      orderId: stockOrderLine.orderId,
      direction: stockOrderLine.direction,
      materialId: stockOrderLine.materialId,
      materialName: material.name,
      qty: stockOrderLine.qty,
      amount: stockOrderLine.amount,
      net: stockOrderLine.netAmount,
      tax: stockOrderLine.taxAmount,
      cost: stockOrderLine.costAmount,
    })
    .from(stockOrderLine)
    .leftJoin(material, eq(material.id, stockOrderLine.materialId))
    .where(inArray(stockOrderLine.orderId, ids))
    .orderBy(asc(stockOrderLine.orderId), asc(stockOrderLine.lineNo));
}

/** kg → the quantity account's unit (吨 / t → ÷ 1000, else kg), 4 decimals. */
export function quantityIn(unit: string, kg: ReturnType<typeof dec>): string {
  const q = /^(吨|t|T|公吨)$/.test(unit.trim()) ? kg.div(1000) : kg;
  return q.toDecimalPlaces(4).toFixed(4);
}
