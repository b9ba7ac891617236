/**
 * The business config (业务配置, /base/dept/config) that governs a document: the row of the document's
 * department, else of its nearest ancestor that has one, else the defaults (no negative stock, no auto review,
 * weights to 3 decimals, no manual weights).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { businessConfig, dept } from '../../db/schema/index.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';

export interface StockConfig {
  allowNegativeStock: boolean;
  autoReview: boolean;
  /** Decimal places of weighings (0–3). */
  weightPrecision: number;
  /** 允许手工录入重量: a manual reading needs this besides the button permission. */
  manualWeighAllowed: boolean;
  defaultWarehouseId: string | null;
}

const DEFAULTS: StockConfig = {
  allowNegativeStock: false,
  autoReview: false,
  weightPrecision: 3,
  manualWeighAllowed: false,
  defaultWarehouseId: null,
};

export async function stockConfigFor(ex: Executor, tenantId: string, deptId: string | null): Promise<StockConfig> {
  if (!deptId) return DEFAULTS;
  const [d] = await ex
    .select({ ancestors: dept.ancestors })
    .from(dept)
    .where(and(eq(dept.id, deptId), tenantOnly(tenantId, dept)))
    .limit(1);
  // nearest first: the dept itself, then its ancestors from the closest up
  const chain = [
    deptId,
    ...(d?.ancestors ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== '0')
      .reverse(),
  ];
  const rows = await ex
    .select()
    .from(businessConfig)
    .where(and(tenantIs(tenantId, businessConfig), inArray(businessConfig.deptId, chain)));
  for (const id of chain) {
    const r = rows.find((x) => x.deptId === id);
    if (r) {
      return {
        allowNegativeStock: r.allowNegativeStock === 1,
        autoReview: r.autoReview === 1,
        weightPrecision: Math.max(0, Math.min(3, r.weightPrecision)),
        manualWeighAllowed: r.manualWeighAllowed === 1,
        defaultWarehouseId: r.defaultWarehouseId ?? null,
      };
    }
  }
  return DEFAULTS;
}
