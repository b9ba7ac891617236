/**
 * 供应商 / 客户 (the related parties of the purchase and sale menus), 供应商合并 and the party summary.
 * Contract: party.contract.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../core/contract/common.ts';
import {
  customerResource,
  PARTY_PATHS,
  type PartySummary,
  type SupplierMergeResult,
  supplierMergeBody,
  supplierResource,
} from '../../../core/contract/izs-stock/party.contract.ts';
import { dropShipping, priceList, relatedParty, stockOrder, tradeOrder, weighingOrder } from '../../db/schema/index.ts';
import { currentUser } from '../../platform/auth.ts';
import { type CrudContext, fixed, hasAnyCode, type Resource, registerResource } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden, ok } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import { kindGuard } from './kind-guard.ts';
import { QTY_PLACES } from './ledger.ts';
import { CUSTOMER_TYPES, SUPPLIER_TYPES } from './orders.ts';

export function registerParties(s: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const supplierGuard = kindGuard('type', SUPPLIER_TYPES, supplierResource.title);
  const customerGuard = kindGuard('type', CUSTOMER_TYPES, customerResource.title);
  const suppliers: Resource = registerResource(s, ctx, supplierResource, relatedParty, {
    where: () => inArray(relatedParty.type, SUPPLIER_TYPES),
    beforeSave: async (_tx, _row, c) => supplierGuard.checkUpdate(c.prev, c.isNew),
    beforeRemove: supplierGuard.beforeRemove,
    routes: { detail: supplierGuard.detail(db, () => suppliers), ...supplierGuard.writes(db, () => suppliers) },
  });
  const customers: Resource = registerResource(s, ctx, customerResource, relatedParty, {
    where: () => inArray(relatedParty.type, CUSTOMER_TYPES),
    beforeSave: async (_tx, _row, c) => customerGuard.checkUpdate(c.prev, c.isNew),
    beforeRemove: customerGuard.beforeRemove,
    routes: { detail: customerGuard.detail(db, () => customers), ...customerGuard.writes(db, () => customers) },
  });

  s.post(PARTY_PATHS.supplierMerge, async (req) => {
    const user = currentUser(req);
    if (!(await hasAnyCode(db, user, ['supply_chain_purchase_supplier_merge_edit']))) throw forbidden('没有权限');
    const body = parse(supplierMergeBody, req.body ?? {});
    // both must be suppliers the caller can see (tenant + data scope), checked before the transaction
    const keep = await supplierGuard.load(db, suppliers, req, body.keepId);
    const dup = await supplierGuard.load(db, suppliers, req, body.mergeId);
    const t = user.tenantId;
    const moved = await db.transaction(async (tx) => {
      // lock both party rows so a concurrent merge or edit of either waits
      await tx
        .select({ id: relatedParty.id })
        .from(relatedParty)
        .where(and(inArray(relatedParty.id, [body.keepId, body.mergeId]), eq(relatedParty.tenantId, t)))
        .for('update');
      const count = async (p: Promise<{ id: string }[]>) => (await p).length;
      const now = new Date();
      const out: Record<string, number> = {
        weighings: await count(
          tx
            .update(weighingOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(eq(weighingOrder.tenantId, t), eq(weighingOrder.partyId, body.mergeId)))
            .returning({ id: weighingOrder.id }),
        ),
        stockOrders: await count(
          tx
            .update(stockOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(eq(stockOrder.tenantId, t), eq(stockOrder.partyId, body.mergeId)))
            .returning({ id: stockOrder.id }),
        ),
        tradeOrders: await count(
          tx
            .update(tradeOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(eq(tradeOrder.tenantId, t), eq(tradeOrder.partyId, body.mergeId)))
            .returning({ id: tradeOrder.id }),
        ),
        dropShippings: await count(
          tx
            .update(dropShipping)
            .set({ supplierId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(eq(dropShipping.tenantId, t), eq(dropShipping.supplierId, body.mergeId)))
            .returning({ id: dropShipping.id }),
        ),
        prices: await count(
          tx
            .update(priceList)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(eq(priceList.tenantId, t), eq(priceList.partyId, body.mergeId)))
            .returning({ id: priceList.id }),
        ),
      };
      // a 'both' duplicate also sold to us as a customer: those documents move too, so keep becomes 'both'
      if (dup.type === 'both' && keep.type === 'supplier') {
        await tx
          .update(relatedParty)
          .set({ type: 'both', updateTime: now, updateUser: user.userId })
          .where(eq(relatedParty.id, body.keepId));
      }
      await tx
        .update(relatedParty)
        .set({ isDeleted: 1, updateTime: now, updateUser: user.userId })
        .where(and(eq(relatedParty.id, body.mergeId), eq(relatedParty.tenantId, t)));
      await writeOperationLog(tx, req, '合并供应商', {
        mergeId: [body.mergeId, body.keepId],
        mergeName: [dup.name, keep.name],
        moved: [null, out],
      });
      return out;
    });
    const answer: SupplierMergeResult = { keepId: body.keepId, mergeId: body.mergeId, moved };
    return ok(answer);
  });

  s.get(PARTY_PATHS.summary, async (req) => {
    const user = currentUser(req);
    const q = parse(z.object({ id: idSchema }), req.query ?? {});
    // visible as a supplier or as a customer
    let party: Record<string, unknown> | undefined;
    for (const r of [suppliers, customers]) {
      if (party) break;
      try {
        await r.permit(req, 'view');
        party = await (r === suppliers ? supplierGuard : customerGuard).load(db, r, req, q.id);
      } catch {
        /* try the other side */
      }
    }
    if (!party) throw badRequest('往来单位不存在');
    const t = user.tenantId;
    const docType = party.type === 'customer' ? 'out_stock' : 'in_stock';
    const [w] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(weighingOrder)
      .where(and(eq(weighingOrder.tenantId, t), eq(weighingOrder.partyId, q.id), eq(weighingOrder.isDeleted, 0)));
    const [d] = await db
      .select({
        n: sql<number>`count(*)::int`,
        qty: sql<string>`coalesce(sum(${stockOrder.totalQty}), 0)`,
        amount: sql<string>`coalesce(sum(${stockOrder.totalAmount}), 0)`,
        last: sql<
          string | null
        >`to_char(max(${stockOrder.reviewTime}) at time zone ${ctx.tz}, 'YYYY-MM-DD HH24:MI:SS')`,
      })
      .from(stockOrder)
      .where(
        and(
          eq(stockOrder.tenantId, t),
          eq(stockOrder.partyId, q.id),
          eq(stockOrder.docType, docType),
          eq(stockOrder.state, 'reviewed'),
          eq(stockOrder.isDeleted, 0),
        ),
      );
    const answer: PartySummary = {
      id: q.id,
      name: String(party.name),
      type: String(party.type),
      weighings: Number(w?.n ?? 0),
      documents: Number(d?.n ?? 0),
      qty: fixed(d?.qty ?? '0', QTY_PLACES),
      amount: fixed(d?.amount ?? '0', 2),
      lastTime: d?.last ?? null,
    };
    return ok(answer);
  });
}
