/**
 * `GET party/summary?id=` (party.contract.ts PARTY.summary): counts and totals of a supplier or customer for the
 * detail pages — visible when the caller may view it as a supplier or as a customer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PARTY } from '../../../core/contract/izs-stock/party.contract.ts';
import { stockOrder, weighingOrder } from '../../db/schema/index.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { QTY_PLACES } from './ledger.ts';
import type { Parties } from './parties.ts';

export function handlePartySummary(r: ReturnType<typeof endpoints>, ctx: CrudContext, p: Parties): void {
  const { db } = ctx;
  const { suppliers, customers, supplierGuard, customerGuard } = p;
  r.handle(PARTY.summary, async ({ query: q, user, req }) => {
    // visible as a supplier or as a customer
    let party: Record<string, unknown> | undefined;
    for (const res of [suppliers, customers]) {
      if (party) break;
      try {
        await res.permit(req, 'view');
        party = await (res === suppliers ? supplierGuard : customerGuard).load(db, res, req, q.id);
      } catch {
        /* try the other side */
      }
    }
    if (!party) throw badRequest('往来单位不存在');
    const docType = party.type === 'customer' ? 'out_stock' : 'in_stock';
    const [w] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(weighingOrder)
      .where(and(tenantOf(user, weighingOrder), eq(weighingOrder.partyId, q.id)));
    const [d] = await db
      .select({
        n: sql<number>`count(*)::int`,
        qty: sql<string>`coalesce(sum(${stockOrder.totalQty}), 0)`,
        amount: sql<string>`coalesce(sum(${stockOrder.grossAmount}), 0)`,
        last: sql<
          string | null
        >`to_char(max(${stockOrder.reviewTime}) at time zone ${ctx.tz}, 'YYYY-MM-DD HH24:MI:SS')`,
      })
      .from(stockOrder)
      .where(
        and(
          tenantOf(user, stockOrder),
          eq(stockOrder.partyId, q.id),
          eq(stockOrder.docType, docType),
          eq(stockOrder.state, 'reviewed'),
        ),
      );
    return {
      id: q.id,
      name: String(party.name),
      type: String(party.type),
      weighings: Number(w?.n ?? 0),
      documents: Number(d?.n ?? 0),
      qty: fixed(d?.qty ?? '0', QTY_PLACES),
      amount: fixed(d?.amount ?? '0', 2),
      lastTime: d?.last ?? null,
    };
  });
}
