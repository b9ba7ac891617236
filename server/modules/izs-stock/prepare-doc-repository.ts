/**
 * The reads of preparing a stock document (prepare-doc.ts): the tenant's live warehouse, party, source order and
 * source document of a body, and the materials, warehouses and source lines its lines name. Each returns the rows
 * (or none); the checks and their refusals stay in prepare-doc.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { material, relatedParty, stockOrder, stockOrderLine, tradeOrder, warehouse } from '../../db/schema/index.ts';
import { tenantOnly } from '../../platform/scope.ts';

const live = <T extends { tenantId: unknown; isDeleted: unknown }>(t: T, tenantId: string) =>
  and(eq(t.tenantId as never, tenantId), eq(t.isDeleted as never, 0));

/** The tenant's live warehouse of this id. */
export const liveWarehouse = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ id: warehouse.id })
    .from(warehouse)
    .where(and(eq(warehouse.id, id), live(warehouse, tenantId)));

/** The tenant's live related party of this id: its type and taxpayer id. */
export const liveParty = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ id: relatedParty.id, type: relatedParty.type, taxpayerId: relatedParty.taxpayerId })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, id), live(relatedParty, tenantId)));

/** The tenant's live trade order of this id: party, state, kind. */
export const liveTradeOrder = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ partyId: tradeOrder.partyId, state: tradeOrder.state, kind: tradeOrder.kind })
    .from(tradeOrder)
    .where(and(eq(tradeOrder.id, id), live(tradeOrder, tenantId)));

/** The tenant's live stock document of this id: party, state, type. */
export const liveStockDoc = (tx: Executor, tenantId: string, id: string) =>
  tx
    .select({ partyId: stockOrder.partyId, state: stockOrder.state, docType: stockOrder.docType })
    .from(stockOrder)
    .where(and(eq(stockOrder.id, id), live(stockOrder, tenantId)));

/** The live materials (price unit), warehouses and source lines (with their document's type and state) named. */
export async function lineRefs(tx: Executor, tenantId: string, matIds: string[], whIds: string[], srcIds: string[]) {
  const mats = matIds.length
    ? await tx
        .select({ id: material.id, priceUnit: material.priceUnit })
        .from(material)
        .where(and(inArray(material.id, matIds), live(material, tenantId)))
    : [];
  const whs = whIds.length
    ? await tx
        .select({ id: warehouse.id })
        .from(warehouse)
        .where(and(inArray(warehouse.id, whIds), live(warehouse, tenantId)))
    : [];
  const srcs = srcIds.length
    ? await tx
        .select({
          id: stockOrderLine.id,
          orderId: stockOrderLine.orderId,
          materialId: stockOrderLine.materialId,
          unitPrice: stockOrderLine.unitPrice,
          taxRate: stockOrderLine.taxRate,
          priceIncludesTax: stockOrderLine.priceIncludesTax,
          docType: stockOrder.docType,
          state: stockOrder.state,
        })
        .from(stockOrderLine)
        .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
        .where(
          and(inArray(stockOrderLine.id, srcIds), tenantOnly(tenantId, stockOrderLine), eq(stockOrder.isDeleted, 0)),
        )
    : [];
  return {
    matBy: new Map(mats.map((m) => [m.id, m])),
    whSet: new Set(whs.map((w) => w.id)),
    srcBy: new Map(srcs.map((x) => [x.id, x])),
  };
}

export type LineRefs = Awaited<ReturnType<typeof lineRefs>>;
