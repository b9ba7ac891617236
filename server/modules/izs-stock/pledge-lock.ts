/**
 * Pledged stock is locked (issue 12, money-contracts-finance.md §5.2): a reviewed document that leaves a stock row
 * (warehouse, material) below the quantity pledged to fund providers by active 库存质押 financing contracts is
 * refused with the figures (also the void of a receipt: applyVoid). Called once from applyReview, in the review's transaction, after the movements, with
 * every touched stock row still locked FOR UPDATE — so two concurrent out-stocks queue on the row and the second one
 * sees the first one's balance. Reads the financing table directly (modules do not import each other).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { weightFixed } from '../../../core/format/amounts.ts';
import { rows, type Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/r.ts';

interface Touched {
  warehouseId: string;
  materialId: string;
  /** balance after the document (kg) */
  qty: string;
}

export async function refuseBelowPledge(
  tx: Tx,
  tenantId: string,
  touched: Touched[],
  /** net kg this document took out of each `warehouse:material` (positive = out) */
  netOut: Map<string, Decimal>,
  names: (warehouseId: string, materialId: string) => string,
  /** what the document does to the stock: a review issues (本单出库), a void of a receipt takes it back out */
  verb = '本单出库',
): Promise<void> {
  for (const row of touched) {
    const key = `${row.warehouseId}:${row.materialId}`;
    const out = netOut.get(key) ?? new Decimal(0);
    if (out.lte(0)) continue;
    const [p] = await rows<{ pledged: string | null; nos: string | null }>(
      tx,
      sql`select sum(pledged_qty - released_qty)::text as pledged, string_agg(contract_no, '、') as nos
            from izs_finance_contract
           where tenant_id = ${tenantId} and is_deleted = 0 and state = 'active' and kind = 'pledge'
             and warehouse_id = ${row.warehouseId} and material_id = ${row.materialId}
             and pledged_qty > released_qty`,
    );
    const pledged = new Decimal(p?.pledged ?? 0);
    if (pledged.lte(0)) continue;
    const after = new Decimal(row.qty);
    if (after.gte(pledged)) continue;
    const before = after.plus(out);
    const free = Decimal.max(before.minus(pledged), 0);
    throw badRequest(
      `${names(row.warehouseId, row.materialId)}已质押 ${weightFixed(pledged)} kg（融资合同 ${p?.nos ?? ''}），` +
        `现有 ${weightFixed(before)} kg，${verb} ${weightFixed(out)} kg 后结存 ${weightFixed(after)} kg，低于质押数量；` +
        `最多可${verb === '本单出库' ? '出库' : '减少'} ${weightFixed(free)} kg，请先还款解除质押`,
    );
  }
}
