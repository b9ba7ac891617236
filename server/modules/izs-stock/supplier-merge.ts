/**
 * `POST supplier/merge` (party.contract.ts PARTY.supplierMerge, 供应商合并): moves every weighing, document, order,
 * drop shipment and price of the duplicate to the kept supplier, then soft-deletes the duplicate; both rows locked.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PARTY } from '../../../core/contract/izs-stock/party.contract.ts';
import { dropShipping, priceList, relatedParty, stockOrder, tradeOrder, weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { tenantOnly } from '../../platform/scope.ts';
import type { Parties } from './parties.ts';

export function handleSupplierMerge(r: ReturnType<typeof endpoints>, { db }: CrudContext, p: Parties): void {
  const { suppliers, supplierGuard } = p;
  r.handle(PARTY.supplierMerge, async ({ body, user, req }) => {
    // both must be suppliers the caller can see (tenant + data scope), checked before the transaction
    const keep = await supplierGuard.load(db, suppliers, req, body.keepId);
    const dup = await supplierGuard.load(db, suppliers, req, body.mergeId);
    const t = user.tenantId;
    const moved = await db.transaction(async (tx) => {
      // lock both party rows so a concurrent merge or edit of either waits
      await tx
        .select({ id: relatedParty.id })
        .from(relatedParty)
        .where(and(inArray(relatedParty.id, [body.keepId, body.mergeId]), tenantOnly(t, relatedParty)))
        .for('update');
      const count = async (p: Promise<{ id: string }[]>) => (await p).length;
      const now = new Date();
      const out: Record<string, number> = {
        weighings: await count(
          tx
            .update(weighingOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(tenantOnly(t, weighingOrder), eq(weighingOrder.partyId, body.mergeId)))
            .returning({ id: weighingOrder.id }),
        ),
        stockOrders: await count(
          tx
            .update(stockOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(tenantOnly(t, stockOrder), eq(stockOrder.partyId, body.mergeId)))
            .returning({ id: stockOrder.id }),
        ),
        tradeOrders: await count(
          tx
            .update(tradeOrder)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(tenantOnly(t, tradeOrder), eq(tradeOrder.partyId, body.mergeId)))
            .returning({ id: tradeOrder.id }),
        ),
        dropShippings: await count(
          tx
            .update(dropShipping)
            .set({ supplierId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(tenantOnly(t, dropShipping), eq(dropShipping.supplierId, body.mergeId)))
            .returning({ id: dropShipping.id }),
        ),
        prices: await count(
          tx
            .update(priceList)
            .set({ partyId: body.keepId, updateTime: now, updateUser: user.userId })
            .where(and(tenantOnly(t, priceList), eq(priceList.partyId, body.mergeId)))
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
        .where(and(eq(relatedParty.id, body.mergeId), tenantOnly(t, relatedParty)));
      await writeOperationLog(tx, req, '合并供应商', {
        mergeId: [body.mergeId, body.keepId],
        mergeName: [dup.name, keep.name],
        moved: [null, out],
      });
      return out;
    });
    return { keepId: body.keepId, mergeId: body.mergeId, moved };
  });
}
