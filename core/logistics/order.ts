/**
 * Transport orders (运输单): the state machine and the freight, as pure functions shared by the server and screens.
 *
 *   待派车 pending ──dispatch──▶ 已派车 dispatched ──start──▶ 运输中 in_transit ──deliver──▶ 已送达 delivered
 *       │                          │                                                              │
 *       └──────cancel──────────────┴──▶ 已取消 cancelled                                   sign──▶ 已签收 signed
 *
 * An order in transit is not cancelled (the truck is on the road: deliver it, then settle). Each transition stamps
 * its own time (dispatchTime, startTime, deliverTime, signTime, cancelTime). 签收 books the freight as a payable to
 * the carrier; 撤销签收 (unsign: 已签收 → 已送达, with a reason) voids that payable — refused while it is settled.
 *
 * Freight (decimal, yuan, 2 places, half up):
 *   ton     单价 × 吨位
 *   ton_km  单价 × 吨位 × 运距(km)
 *   trip    单价 (per trip)
 * The tonnage is the delivered weight once known, else the planned weight.
 */
import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

export const ORDER_STATES = ['pending', 'dispatched', 'in_transit', 'delivered', 'signed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: '待派车',
  dispatched: '已派车',
  in_transit: '运输中',
  delivered: '已送达',
  signed: '已签收',
  cancelled: '已取消',
};

export const ORDER_ACTIONS = ['dispatch', 'start', 'deliver', 'sign', 'unsign', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  dispatch: '派车',
  start: '发车',
  deliver: '送达',
  sign: '签收',
  unsign: '撤销签收',
  cancel: '取消',
};

const TRANSITIONS: Record<OrderAction, { from: OrderState[]; to: OrderState; stamp: TimeField | null }> = {
  dispatch: { from: ['pending'], to: 'dispatched', stamp: 'dispatchTime' },
  start: { from: ['dispatched'], to: 'in_transit', stamp: 'startTime' },
  deliver: { from: ['in_transit'], to: 'delivered', stamp: 'deliverTime' },
  sign: { from: ['delivered'], to: 'signed', stamp: 'signTime' },
  unsign: { from: ['signed'], to: 'delivered', stamp: null },
  cancel: { from: ['pending', 'dispatched'], to: 'cancelled', stamp: 'cancelTime' },
};

export type TimeField = 'dispatchTime' | 'startTime' | 'deliverTime' | 'signTime' | 'cancelTime';

export const FREIGHT_MODES = ['ton', 'ton_km', 'trip'] as const;
export type FreightMode = (typeof FREIGHT_MODES)[number];
export const FREIGHT_MODE_LABELS: Record<FreightMode, string> = { ton: '按吨', ton_km: '按吨公里', trip: '按趟' };

/** What a transition needs to know of the order. */
export interface OrderFacts {
  state: OrderState;
  carId: string | null;
  driverId: string | null;
  deliveredWeightT: string | null;
}

export type TransitionResult = { ok: true; to: OrderState; stamp: TimeField | null } | { ok: false; msg: string };

/** Actions open from a state (the buttons a screen offers). */
export function actionsFrom(state: OrderState): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => TRANSITIONS[a].from.includes(state));
}

/**
 * May `action` run on this order? `input` is what the action brings (dispatch: car + driver; deliver: the delivered
 * weight; cancel: a reason).
 */
export function transition(
  order: OrderFacts,
  action: OrderAction,
  input: { carId?: string | null; driverId?: string | null; deliveredWeightT?: string | null; reason?: string } = {},
): TransitionResult {
  const t = TRANSITIONS[action];
  if (!t.from.includes(order.state)) {
    return {
      ok: false,
      msg: `${ORDER_STATE_LABELS[order.state]}的运输单不能${ORDER_ACTION_LABELS[action]}`,
    };
  }
  if (action === 'dispatch' && (!(input.carId ?? order.carId) || !(input.driverId ?? order.driverId))) {
    return { ok: false, msg: '派车需要选择车辆和司机' };
  }
  if (action === 'deliver') {
    const w = input.deliveredWeightT ?? order.deliveredWeightT;
    if (w == null || w === '' || new Decimal(w).lte(0)) return { ok: false, msg: '送达需要填写实际重量(吨)' };
  }
  if (action === 'cancel' && !input.reason?.trim()) return { ok: false, msg: '请填写取消原因' };
  if (action === 'unsign' && !input.reason?.trim()) return { ok: false, msg: '请填写撤销签收的原因' };
  return { ok: true, to: t.to, stamp: t.stamp };
}

/** Freight in yuan (2 decimals), or null when a needed figure is missing. */
export function freightOf(o: {
  mode: FreightMode;
  price: string;
  plannedWeightT: string | null;
  deliveredWeightT: string | null;
  distanceKm: string | null;
}): string | null {
  const price = new Decimal(o.price || '0');
  if (o.mode === 'trip') return moneyFixed(price);
  const w = o.deliveredWeightT || o.plannedWeightT;
  if (!w) return null;
  let v = price.mul(w);
  if (o.mode === 'ton_km') {
    if (!o.distanceKm) return null;
    v = v.mul(o.distanceKm);
  }
  return moneyFixed(v);
}
