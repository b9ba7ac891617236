/**
 * 运输单 state changes (contract: order.contract.ts, rules: core/logistics/order.ts). Each runs in one transaction
 * with the order row locked FOR UPDATE, so two dispatchers cannot both move it.
 *
 * Freight → payables: at 签收 the order's freight is final and freight.ts books it as a 应付单 to the carrier in the
 * same transaction (its number in payableRef); 撤销签收 voids it (refused while a payment settled it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LG_PERMISSIONS } from '../../../core/contract/izs-logistical/fields.ts';
import { LG_ORDER, type OrderStateAnswer } from '../../../core/contract/izs-logistical/order.contract.ts';
import {
  type FreightMode,
  freightOf,
  ORDER_ACTION_LABELS,
  type OrderAction,
  type OrderState,
  transition,
} from '../../../core/logistics/order.ts';
import type { Db } from '../../db/client.ts';
import { lgCar, lgDriver, lgOrder, lgSite } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf, tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { onSigned, onUnsigned } from './freight.ts';

type OrderRow = typeof lgOrder.$inferSelect;

function answerOf(o: OrderRow, tz: string): OrderStateAnswer {
  const t = (d: Date | null) => (d ? formatDateTime(d, tz) : null);
  return {
    id: o.id,
    orderNo: o.orderNo,
    state: o.state as OrderState,
    freightAmount: o.freightAmount,
    carrierName: o.carrierName,
    payableRef: o.payableRef,
    dispatchTime: t(o.dispatchTime),
    startTime: t(o.startTime),
    deliverTime: t(o.deliverTime),
    signTime: t(o.signTime),
    cancelTime: t(o.cancelTime),
  };
}

async function move(
  db: Db,
  tz: string,
  req: FastifyRequest,
  user: AuthUser,
  id: string,
  action: OrderAction,
  input: { carId?: string; driverId?: string; deliveredWeightT?: string; reason?: string },
): Promise<OrderStateAnswer> {
  const scope = await scopeOf(db, user, lgOrder, LG_PERMISSIONS.order);
  return db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(lgOrder)
      .where(and(eq(lgOrder.id, id), scope))
      .for('update');
    if (!o) throw badRequest('运输单不存在');
    const r = transition(
      { state: o.state as OrderState, carId: o.carId, driverId: o.driverId, deliveredWeightT: o.deliveredWeightT },
      action,
      input,
    );
    if (!r.ok) throw badRequest(r.msg);
    const now = new Date();
    const set: Partial<typeof lgOrder.$inferInsert> = {
      state: r.to,
      ...(r.stamp ? { [r.stamp]: now } : {}),
      updateUser: user.userId,
      updateTime: now,
    };
    if (action === 'dispatch') {
      const [car] = await tx
        .select({ id: lgCar.id })
        .from(lgCar)
        .where(and(eq(lgCar.id, input.carId!), tenantOf(user, lgCar)));
      if (!car) throw badRequest('车辆不存在');
      const [drv] = await tx
        .select({ id: lgDriver.id })
        .from(lgDriver)
        .where(and(eq(lgDriver.id, input.driverId!), tenantOf(user, lgDriver)));
      if (!drv) throw badRequest('司机不存在');
      const busy = await tx
        .select({ orderNo: lgOrder.orderNo })
        .from(lgOrder)
        .where(
          and(
            eq(lgOrder.carId, input.carId!),
            sql`${lgOrder.state} in ('dispatched', 'in_transit')`,
            eq(lgOrder.isDeleted, 0),
            sql`${lgOrder.id} <> ${id}`,
          ),
        )
        .limit(1);
      if (busy[0]) throw badRequest(`该车辆正在执行运输单 ${busy[0].orderNo}`);
      set.carId = input.carId;
      set.driverId = input.driverId;
      // planned arrival: 40 km/h over the distance plus an hour of loading (on-time rate of the driver)
      const hours = 1 + Number(o.distanceKm ?? '0') / 40;
      set.planTime = new Date(now.getTime() + hours * 3600_000);
    }
    if (action === 'deliver') set.deliveredWeightT = input.deliveredWeightT;
    if (action === 'cancel') set.cancelReason = input.reason!.trim();
    if (action === 'deliver' || action === 'sign') {
      set.freightAmount = freightOf({
        mode: o.freightMode as FreightMode,
        price: o.freightPrice,
        plannedWeightT: o.plannedWeightT,
        deliveredWeightT: set.deliveredWeightT ?? o.deliveredWeightT,
        distanceKm: o.distanceKm,
      });
    }
    if (action === 'sign') {
      const names = await tx
        .select({ id: lgSite.id, name: lgSite.name })
        .from(lgSite)
        .where(sql`${lgSite.id} in (${o.originSiteId ?? '0'}, ${o.destSiteId ?? '0'})`);
      const nameOf = (id: string | null) => names.find((x) => x.id === id)?.name ?? '';
      const booked = await onSigned(tx, {
        tenantId: o.tenantId,
        deptId: o.deptId,
        userId: user.userId,
        orderId: o.id,
        orderNo: o.orderNo,
        carrierId: o.carrierId,
        carrierName: o.carrierName,
        freightAmount: set.freightAmount ?? o.freightAmount,
        route: `${nameOf(o.originSiteId)}→${nameOf(o.destSiteId)}`,
        materialName: o.materialName,
        signTime: now,
        tz,
      });
      set.payableRef = booked.payableRef;
      set.carrierId = booked.carrierId;
    }
    if (action === 'unsign') {
      await onUnsigned(tx, o.tenantId, o.id, user.userId, input.reason!.trim());
      set.payableRef = '';
      set.signTime = null;
    }
    const [after] = await tx.update(lgOrder).set(set).where(eq(lgOrder.id, id)).returning();
    await writeOperationLog(tx, req, `运输单${ORDER_ACTION_LABELS[action]} ${o.orderNo}`, {
      state: [o.state, r.to],
    });
    return answerOf(after, tz);
  });
}

/** `onMoved`: after an order changed state (the ingest reads the routes in transit again). */
export function registerLgOrder(app: FastifyInstance, db: Db, tz: string, onMoved: () => void = () => {}): void {
  const r = endpoints(app, db);
  const go = async (...a: Parameters<typeof move> extends [Db, string, ...infer Rest] ? Rest : never) => {
    try {
      return await move(db, tz, ...a);
    } finally {
      onMoved();
    }
  };
  r.handle(LG_ORDER.dispatch, ({ body, user, req }) =>
    go(req, user, body.id, 'dispatch', { carId: body.carId, driverId: body.driverId }),
  );
  r.handle(LG_ORDER.start, ({ body, user, req }) => go(req, user, body.id, 'start', {}));
  r.handle(LG_ORDER.deliver, ({ body, user, req }) =>
    go(req, user, body.id, 'deliver', { deliveredWeightT: body.deliveredWeightT }),
  );
  r.handle(LG_ORDER.sign, ({ body, user, req }) => go(req, user, body.id, 'sign', {}));
  r.handle(LG_ORDER.unsign, ({ body, user, req }) => go(req, user, body.id, 'unsign', { reason: body.reason }));
  r.handle(LG_ORDER.cancel, ({ body, user, req }) => go(req, user, body.id, 'cancel', { reason: body.reason }));
}
