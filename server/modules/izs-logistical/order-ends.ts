/**
 * The two ends of a transport order (issue 13: "the delivered weight links to the weighing at either end"):
 * GET order/ends answers the loading and delivery documents with their net weights and the shortfall (途损, from
 * core/logistics/weights.ts); POST order/link-end links a document by its number — at loading an out-stock (or
 * purchase return) or a weighing of goods leaving, at delivery an in-stock (or sale return) or a weighing of goods
 * arriving — or records the customer's receipt weight. A voided document, a weighing not completed or one of the
 * wrong direction is refused. A linked delivery document also sets the order's delivered weight (tonnes) while the
 * freight is not yet final (before 签收).
 *
 * An order made from a sale out-stock (source sale_out, sourceNo = its number) links its loading end on save
 * (resources.ts calls `findEndDoc`).
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LG_PERMISSIONS } from '../../../core/contract/izs-logistical/fields.ts';
import { LG_ORDER, type OrderEndsAnswer } from '../../../core/contract/izs-logistical/order.contract.ts';
import { weightFixed } from '../../../core/format/amounts.ts';
import { type FreightMode, freightOf } from '../../../core/logistics/order.ts';
import {
  DEFAULT_TOLERANCE_PERMILLE,
  END_DOC_TYPES,
  type OrderEnd,
  weightGap,
} from '../../../core/logistics/weights.ts';
import type { Db, Executor } from '../../db/client.ts';
import { lgOrder, stockOrder, weighingOrder } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf, tenantIs } from '../../platform/scope.ts';

type OrderRow = typeof lgOrder.$inferSelect;

/** A live document of the right direction with this number: { source, docNo, netKg } or null. */
export async function findEndDoc(ex: Executor, tenantId: string, end: OrderEnd, docNo: string) {
  const [doc] = await ex
    .select({ orderNo: stockOrder.orderNo, qty: stockOrder.totalQty, docType: stockOrder.docType })
    .from(stockOrder)
    .where(
      and(
        tenantIs(tenantId, stockOrder),
        eq(stockOrder.orderNo, docNo),
        ne(stockOrder.state, 'voided'),
        inArray(stockOrder.docType, [...END_DOC_TYPES[end].stock]),
      ),
    )
    .limit(1);
  if (doc) return { source: doc.docType, docNo: doc.orderNo, netKg: weightFixed(doc.qty) };
  const [w] = await ex
    .select({ orderNo: weighingOrder.orderNo, net: weighingOrder.netWeight })
    .from(weighingOrder)
    .where(
      and(
        tenantIs(tenantId, weighingOrder),
        eq(weighingOrder.orderNo, docNo),
        eq(weighingOrder.weighState, 'completed'),
        inArray(weighingOrder.orderType, [...END_DOC_TYPES[end].weighing]),
      ),
    )
    .limit(1);
  if (w?.net) return { source: 'weighing', docNo: w.orderNo, netKg: weightFixed(w.net) };
  return null;
}

export function endsOf(o: OrderRow, tolerancePermille = DEFAULT_TOLERANCE_PERMILLE): OrderEndsAnswer {
  const end = (source: string, docNo: string, netKg: string | null) =>
    netKg === null ? null : { source, docNo, netKg: weightFixed(netKg) };
  const gap = weightGap(o.loadNetKg, o.unloadNetKg, tolerancePermille);
  return {
    id: o.id,
    orderNo: o.orderNo,
    load: end(o.loadSource, o.loadDocNo, o.loadNetKg),
    unload: end(o.unloadSource, o.unloadDocNo, o.unloadNetKg),
    gap: gap ? { ...gap, tolerancePermille } : null,
  };
}

export function registerLgOrderEnds(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(LG_ORDER.ends, async ({ query, user }) => {
    const scope = await scopeOf(db, user, lgOrder, LG_PERMISSIONS.order);
    const [o] = await db
      .select()
      .from(lgOrder)
      .where(and(eq(lgOrder.id, query.id), scope, eq(lgOrder.isDeleted, 0)));
    if (!o) throw badRequest('运输单不存在');
    return endsOf(o);
  });

  r.handle(LG_ORDER.linkEnd, async ({ body, user }) => {
    const scope = await scopeOf(db, user, lgOrder, LG_PERMISSIONS.order);
    return db.transaction(async (tx) => {
      const [o] = await tx
        .select()
        .from(lgOrder)
        .where(and(eq(lgOrder.id, body.id), scope, eq(lgOrder.isDeleted, 0)))
        .for('update');
      if (!o) throw badRequest('运输单不存在');
      if (o.state === 'cancelled') throw badRequest('已取消的运输单不能关联单据');
      const docNo = body.docNo?.trim() ?? '';
      let found: { source: string; docNo: string; netKg: string };
      if (body.receiptKg) {
        found = { source: 'receipt', docNo, netKg: weightFixed(body.receiptKg) };
      } else {
        const doc = await findEndDoc(tx, o.tenantId, body.end, docNo);
        if (!doc)
          throw badRequest(
            body.end === 'load'
              ? `找不到出库单或出厂过磅单 ${docNo}（须未作废、已完成过磅）`
              : `找不到入库单或进厂过磅单 ${docNo}（须未作废、已完成过磅）`,
          );
        found = doc;
      }
      const set: Partial<typeof lgOrder.$inferInsert> =
        body.end === 'load'
          ? { loadSource: found.source, loadDocNo: found.docNo, loadNetKg: found.netKg }
          : { unloadSource: found.source, unloadDocNo: found.docNo, unloadNetKg: found.netKg };
      // the delivered weight follows the delivery document until the freight is final
      if (body.end === 'unload' && (o.state === 'in_transit' || o.state === 'delivered')) {
        set.deliveredWeightT = weightFixed(new Decimal(found.netKg).div(1000));
        if (o.state === 'delivered')
          set.freightAmount = freightOf({
            mode: o.freightMode as FreightMode,
            price: o.freightPrice,
            plannedWeightT: o.plannedWeightT,
            deliveredWeightT: set.deliveredWeightT,
            distanceKm: o.distanceKm,
          });
      }
      set.updateUser = user.userId;
      set.updateTime = new Date();
      const [after] = await tx.update(lgOrder).set(set).where(eq(lgOrder.id, o.id)).returning();
      return endsOf(after);
    });
  });
}
