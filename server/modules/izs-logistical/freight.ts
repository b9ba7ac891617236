/**
 * Freight → payables (issue 13): at 签收 the order's final freight is booked as a 应付单 to the carrier through the
 * receivables/payables service (`createPayable` of izs-finance-ar) in the sign transaction — source type
 * `lg_freight`, source = the order, so the payables screens and the carrier's 对账单 show it. 撤销签收 voids
 * it with `voidDocsOfSource` (refused while a payment settled part of it, like a voided stock document's receivable).
 *
 * The carrier is the order's 承运商: a 往来单位 the payables side can pay (its PARTY_TYPES.ap: 供应商 or 客户及供应商);
 * an order with only a carrier name is matched by name among those. No freight (0 or unknown) books nothing.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { relatedParty } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';
import { createPayable, PARTY_TYPES, voidDocsOfSource } from '../izs-finance-ar/service.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';

export const FREIGHT_SOURCE = 'lg_freight';

export interface FreightPayable {
  tenantId: string;
  deptId: string | null;
  userId: string;
  orderId: string;
  orderNo: string;
  carrierId: string | null;
  carrierName: string;
  freightAmount: string | null;
  route: string;
  materialName: string;
  signTime: Date;
  tz: string;
}

/** The carrier party: by id, else by name within the tenant. */
export async function carrierOf(tx: Tx, tenantId: string, carrierId: string | null, carrierName: string) {
  const where = carrierId
    ? eq(relatedParty.id, carrierId)
    : carrierName.trim()
      ? eq(relatedParty.name, carrierName.trim())
      : undefined;
  if (!where) return null;
  const [p] = await tx
    .select({ id: relatedParty.id, name: relatedParty.name })
    .from(relatedParty)
    .where(and(where, tenantIs(tenantId, relatedParty), inArray(relatedParty.type, PARTY_TYPES.ap)))
    .limit(1);
  return p ?? null;
}

/** Books the freight as a payable to the carrier; answers the 应付单 number ('' when there is no freight). */
export async function onSigned(tx: Tx, p: FreightPayable): Promise<{ payableRef: string; carrierId: string | null }> {
  if (!p.freightAmount || new Decimal(p.freightAmount).lte(0)) return { payableRef: '', carrierId: p.carrierId };
  const carrier = await carrierOf(tx, p.tenantId, p.carrierId, p.carrierName);
  if (!carrier) {
    throw badRequest(
      p.carrierName.trim()
        ? `承运商「${p.carrierName.trim()}」不是往来单位中的供应商，请先在往来单位中新增（类型：供应商），运费才能记为应付`
        : '请先选择承运商（往来单位中的供应商），运费签收后记为应付承运商款',
    );
  }
  await refuseClosedPeriod(tx, {
    tenantId: p.tenantId,
    deptId: p.deptId,
    date: formatDate(p.signTime, p.tz),
    action: '登记运费应付',
  });
  const doc = await createPayable(tx, {
    tenantId: p.tenantId,
    deptId: p.deptId,
    userId: p.userId,
    partyId: carrier.id,
    sourceType: FREIGHT_SOURCE,
    sourceId: p.orderId,
    sourceNo: p.orderNo,
    docDate: formatDate(p.signTime, p.tz),
    amount: p.freightAmount,
    summary: `运费 ${p.orderNo} ${p.route} ${p.materialName}`.trim(),
    tz: p.tz,
  });
  return { payableRef: doc.orderNo, carrierId: carrier.id };
}

/** 撤销签收: voids the freight payable (refused while settled). */
export async function onUnsigned(tx: Tx, tenantId: string, orderId: string, userId: string, reason: string) {
  await voidDocsOfSource(tx, tenantId, orderId, userId, `运输单撤销签收：${reason}`);
}
