/**
 * 派车单 (issue 24, dispatch-slip.contract.ts): the resource through the engine (list, add, edit, view, delete,
 * search) with the server's rules in beforeSave — the slip number, the source order / contract resolved from its
 * number (direction, party, material taken from it, a choice it does not name refused), references live in the
 * caller's tenant — and `scan`, the weighing station's look-up of a slip's number / QR code (refuses an unknown,
 * closed, expired or not yet valid slip; flags a plate that differs). The database keeps the rest (composite
 * foreign keys, CHECKs: schema/weighing.ts dispatchSlip, integrity.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DISPATCH_SLIP,
  dispatchSlipResource,
  plateKey,
  slipNoIn,
} from '../../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  dispatchSlip,
  material,
  relatedParty,
  tradeOrder,
  tradeOrderLine,
  tradingContract,
  tradingContractLine,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, type Row, registerResource } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOf, tenantOnly } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';

interface Source {
  orderType: 'purchase' | 'sale';
  partyId: string;
  materials: string[];
  sourceOrderId: string | null;
  contractId: string | null;
}

/** The purchase / sales order or trading contract of a number in the tenant (400 when neither). */
async function sourceOf(tx: Tx, tenantId: string, no: string): Promise<Source> {
  const [o] = await tx
    .select({ id: tradeOrder.id, kind: tradeOrder.kind, partyId: tradeOrder.partyId, state: tradeOrder.state })
    .from(tradeOrder)
    .where(and(eq(tradeOrder.orderNo, no), tenantIs(tenantId, tradeOrder)))
    .limit(1);
  if (o) {
    if (o.state === 'voided') throw badRequest(`来源单号 ${no} 的订单已作废`);
    const lines = await tx
      .select({ m: tradeOrderLine.materialId })
      .from(tradeOrderLine)
      .where(and(tenantOnly(tenantId, tradeOrderLine), eq(tradeOrderLine.orderId, o.id)))
      .orderBy(asc(tradeOrderLine.lineNo));
    return {
      orderType: o.kind === 'sale' ? 'sale' : 'purchase',
      partyId: o.partyId,
      materials: lines.map((l) => l.m),
      sourceOrderId: o.id,
      contractId: null,
    };
  }
  const [k] = await tx
    .select({
      id: tradingContract.id,
      side: tradingContract.side,
      partyId: tradingContract.partyId,
      state: tradingContract.state,
    })
    .from(tradingContract)
    .where(and(eq(tradingContract.contractNo, no), tenantIs(tenantId, tradingContract)))
    .limit(1);
  if (!k) throw badRequest(`来源单号 ${no} 不是本租户的采购/销售订单或贸易合同`);
  if (k.state === 'terminated') throw badRequest(`来源单号 ${no} 的合同已终止`);
  const lines = await tx
    .select({ m: tradingContractLine.materialId })
    .from(tradingContractLine)
    .where(and(tenantOnly(tenantId, tradingContractLine), eq(tradingContractLine.contractId, k.id)))
    .orderBy(asc(tradingContractLine.lineNo));
  return {
    orderType: k.side === 'sale' ? 'sale' : 'purchase',
    partyId: k.partyId,
    materials: lines.map((l) => l.m),
    sourceOrderId: null,
    contractId: k.id,
  };
}

async function requireLive(
  tx: Tx,
  tenantId: string,
  table: typeof relatedParty | typeof material,
  id: string,
  label: string,
) {
  const [r] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), tenantIs(tenantId, table)))
    .limit(1);
  if (!r) throw badRequest(`${label}不存在或不属于本租户`);
}

/** The slip's rules on add and edit (the form schema already checked shapes and the validity's order). */
async function beforeSave(tx: Tx, row: Row, tenantId: string, isNew: boolean, tz: string) {
  const no = String(row.sourceNo ?? '').trim();
  row.sourceOrderId = null;
  row.contractId = null;
  if (no) {
    const src = await sourceOf(tx, tenantId, no);
    if (row.orderType && row.orderType !== src.orderType) {
      throw badRequest(`类型与来源单号不一致（来源单据为${src.orderType === 'sale' ? '销售' : '采购'}）`);
    }
    if (row.partyId && String(row.partyId) !== src.partyId) throw badRequest('往来单位与来源单号的往来单位不一致');
    if (row.materialId && src.materials.length && !src.materials.includes(String(row.materialId))) {
      throw badRequest('物料不在来源单号的明细中');
    }
    row.orderType = src.orderType;
    row.partyId = src.partyId;
    row.materialId = row.materialId ?? src.materials[0] ?? null;
    row.sourceOrderId = src.sourceOrderId;
    row.contractId = src.contractId;
  }
  if (!row.orderType) throw badRequest('请选择类型（或填写来源单号）');
  if (!row.partyId) throw badRequest('请选择往来单位（或填写来源单号）');
  if (!row.materialId) throw badRequest('请选择物料（或填写来源单号）');
  await requireLive(tx, tenantId, relatedParty, String(row.partyId), '往来单位');
  await requireLive(tx, tenantId, material, String(row.materialId), '物料');
  if (!row.state) row.state = 'open';
  if (isNew) row.slipNo = await drawOrderNo(tx, 'dispatchSlip', { tenantId, tz });
  else delete row.slipNo;
}

export function registerDispatchSlip(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, dispatchSlipResource, dispatchSlip, {
    joins: {
      partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${dispatchSlip.partyId})`,
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${dispatchSlip.materialId})`,
    },
    beforeSave: (tx, row, c) => beforeSave(tx, row, c.user.tenantId, c.isNew, ctx.tz),
  });
}

/**
 * The slip a weighing may be made under (a number, or a text / link holding it): of the caller's tenant, open, valid
 * today — else 400 with the reason (the scan's refusals). Shared by the scan and the first pass (issue 24).
 */
export async function usableSlip(ex: Executor, user: AuthUser, tz: string, code: string) {
  const no = slipNoIn(code);
  if (!no) throw badRequest('派车单号格式不正确（应为PC加12位数字）');
  const [slip] = await ex
    .select({
      id: dispatchSlip.id,
      slipNo: dispatchSlip.slipNo,
      orderType: dispatchSlip.orderType,
      sourceOrderId: dispatchSlip.sourceOrderId,
      contractId: dispatchSlip.contractId,
      partyId: dispatchSlip.partyId,
      partyName: sql<string>`coalesce((select p.name from izs_related_party p where p.id = ${dispatchSlip.partyId}), '')`,
      materialId: dispatchSlip.materialId,
      materialName: sql<string>`coalesce((select m.name from izs_material m where m.id = ${dispatchSlip.materialId}), '')`,
      carNumber: dispatchSlip.carNumber,
      driverName: dispatchSlip.driverName,
      plannedKg: dispatchSlip.plannedKg,
      validFrom: dispatchSlip.validFrom,
      validTo: dispatchSlip.validTo,
      state: dispatchSlip.state,
    })
    .from(dispatchSlip)
    .where(and(eq(dispatchSlip.slipNo, no), tenantOf(user, dispatchSlip)))
    .limit(1);
  if (!slip) throw badRequest(`派车单 ${no} 不存在`);
  if (slip.state !== 'open') throw badRequest(`派车单 ${no} 已关闭，不能过磅`);
  const day = today(tz);
  if (day < slip.validFrom) throw badRequest(`派车单 ${no} 尚未生效（有效期 ${slip.validFrom} 至 ${slip.validTo}）`);
  if (day > slip.validTo) throw badRequest(`派车单 ${no} 已过期（有效期至 ${slip.validTo}）`);
  return slip;
}

export function handleDispatchSlip(r: ReturnType<typeof endpoints>, ctx: CrudContext): void {
  r.handle(DISPATCH_SLIP.scan, async ({ query, user }) => {
    const slip = await usableSlip(ctx.db, user, ctx.tz, query.code);
    const seen = plateKey(query.carNumber ?? '');
    const plateMismatch = seen !== '' && seen !== plateKey(slip.carNumber);
    const { state: _state, ...out } = slip;
    return {
      ...out,
      plannedKg: String(slip.plannedKg),
      plateMismatch,
      warning: plateMismatch ? `车牌 ${seen} 与派车单车牌 ${slip.carNumber} 不一致` : '',
    };
  });
}
