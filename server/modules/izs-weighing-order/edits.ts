/**
 * The rules of a weighing record's captures (module service of izs-weighing-order): who may capture, a stable or
 * permitted manual reading, and the references a pass sets (party of the order type's side, material, warehouse,
 * reviewed trade order) with the defaults a new material brings (price unit, deduct rate, price-list price).
 */
import { and, eq } from 'drizzle-orm';
import { WEIGHING_ORDER_TYPES } from '../../../core/contract/izs-weighing/orders.contract.ts';
import type { Db, Executor } from '../../db/client.ts';
import { tradeOrder, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode, type Row } from '../../platform/crud/index.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';
import { stockConfigFor } from '../izs-stock/business-config.ts';
import { CUSTOMER_TYPES, materialOf, partyOk, SUPPLIER_TYPES } from '../izs-stock/orders.ts';
import { lookupPrice } from '../izs-stock/prices.ts';

export const MANUAL = ['supply_chain_loadometer_manual'];
export const TYPE_NAMES = Object.fromEntries(WEIGHING_ORDER_TYPES.map((t) => [t.value, t.label]));

export async function need(db: Db, user: AuthUser, codes: string[]) {
  if (!(await hasAnyCode(db, user, codes))) throw forbidden('没有权限');
}

/**
 * A manual reading needs its own button permission and the department's business config 允许手工录入重量
 * (`deptId`: the record's department). Whether a live reading may be taken (stable window, minimum weight,
 * positioning sensors) is the anti-cheat's refusal (anti-cheat.ts refuseCapture, issue 24).
 */
export async function checkReading(
  db: Db,
  user: AuthUser,
  b: { manual: number; stable?: boolean },
  deptId: string | null,
) {
  if (b.manual === 1) {
    await need(db, user, MANUAL);
    if (!(await stockConfigFor(db, user.tenantId, deptId)).manualWeighAllowed) {
      throw badRequest('本机构未允许手工录入重量，请在业务配置中开启');
    }
  }
}

export const photoText = (p: string[] | string | undefined) =>
  p === undefined ? '' : Array.isArray(p) ? (p.length ? JSON.stringify(p) : '') : p.trim();

export type Edits = {
  partyId?: string | null;
  materialId?: string | null;
  warehouseId?: string | null;
  sourceOrderId?: string | null;
  /** issue 12: trading contract, checked when the in/out-stock is made (izs-stock/contract-link.ts) */
  contractId?: string | null;
  driverName?: string;
  unitPrice?: string;
  deductWeight?: string;
  impurityRate?: string;
  remark?: string;
};

export const EDIT_KEYS = [
  'partyId',
  'materialId',
  'warehouseId',
  'sourceOrderId',
  'contractId',
  'driverName',
  'unitPrice',
  'deductWeight',
  'impurityRate',
  'remark',
] as const;

/**
 * Validates the references of a record after `edits` (party of the order type's side, material, warehouse,
 * reviewed trade order of the same side) and fills the defaults a new material brings (price unit, deduct
 * rate, price-list price). Answers the column values to write.
 */
export async function resolveEdits(ex: Executor, tz: string, user: AuthUser, current: Row, edits: Edits): Promise<Row> {
  const t = user.tenantId;
  const out: Row = {};
  for (const k of EDIT_KEYS) if (edits[k] !== undefined) out[k] = edits[k];
  const next = { ...current, ...out };
  const type = String(next.orderType);
  if (out.partyId) {
    const types =
      type === 'purchase'
        ? SUPPLIER_TYPES
        : type === 'sale'
          ? CUSTOMER_TYPES
          : ['supplier', 'customer', 'both', 'logistics'];
    const label = type === 'purchase' ? '供应商' : type === 'sale' ? '客户' : '往来单位';
    if (!(await partyOk(ex, t, out.partyId as string, types))) throw badRequest(`${label}不存在`);
  }
  if (out.warehouseId) {
    const [w] = await ex
      .select({ id: warehouse.id })
      .from(warehouse)
      .where(and(eq(warehouse.id, out.warehouseId as string), tenantOf(user, warehouse)));
    if (!w) throw badRequest('仓库不存在');
  }
  if (out.sourceOrderId) {
    const [o] = await ex
      .select({ kind: tradeOrder.kind, state: tradeOrder.state })
      .from(tradeOrder)
      .where(and(eq(tradeOrder.id, out.sourceOrderId as string), tenantOf(user, tradeOrder)));
    if (!o || o.kind !== type || o.state !== 'reviewed') throw badRequest('订单不存在或未审核');
  }
  if (out.materialId) {
    const m = await materialOf(ex, t, out.materialId as string);
    if (!m) throw badRequest('物料不存在');
    out.priceUnit = m.priceUnit || 'yuan_per_tonne';
    if (edits.impurityRate === undefined && out.materialId !== current.materialId) out.impurityRate = m.deductRate;
    if (edits.unitPrice === undefined && out.materialId !== current.materialId) {
      if (type === 'purchase' || type === 'sale') {
        const p = await lookupPrice(
          ex,
          t,
          type,
          out.materialId as string,
          (next.partyId as string | null) ?? null,
          today(tz),
        );
        out.unitPrice = p?.price ?? '0';
      }
    }
  }
  return out;
}
