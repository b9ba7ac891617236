import { describe, expect, it } from 'vitest';
import { actionsFrom, freightOf, type OrderAction, type OrderState, transition } from './order.ts';

const base = { carId: '1', driverId: '2', deliveredWeightT: '30.5' };

describe('transition', () => {
  it.each<[OrderState, OrderAction, OrderState | string]>([
    ['pending', 'dispatch', 'dispatched'],
    ['dispatched', 'start', 'in_transit'],
    ['in_transit', 'deliver', 'delivered'],
    ['delivered', 'sign', 'signed'],
    ['pending', 'cancel', 'cancelled'],
    ['dispatched', 'cancel', 'cancelled'],
    ['pending', 'start', '待派车的运输单不能发车'],
    ['in_transit', 'cancel', '运输中的运输单不能取消'],
    ['signed', 'cancel', '已签收的运输单不能取消'],
    ['cancelled', 'dispatch', '已取消的运输单不能派车'],
    ['delivered', 'deliver', '已送达的运输单不能送达'],
    ['signed', 'sign', '已签收的运输单不能签收'],
    ['signed', 'unsign', 'delivered'],
    ['delivered', 'unsign', '已送达的运输单不能撤销签收'],
  ])('%s --%s--> %s', (state, action, expected) => {
    const r = transition({ ...base, state }, action, { reason: '客户取消' });
    if (r.ok) expect(r.to).toBe(expected);
    else expect(r.msg).toBe(expected);
  });

  it('dispatch needs a car and a driver', () => {
    const o = { state: 'pending' as const, carId: null, driverId: null, deliveredWeightT: null };
    expect(transition(o, 'dispatch')).toEqual({ ok: false, msg: '派车需要选择车辆和司机' });
    expect(transition(o, 'dispatch', { carId: '1' }).ok).toBe(false);
    expect(transition(o, 'dispatch', { carId: '1', driverId: '2' })).toEqual({
      ok: true,
      to: 'dispatched',
      stamp: 'dispatchTime',
    });
  });
  it('deliver needs a positive weight; cancel needs a reason', () => {
    const o = { state: 'in_transit' as const, carId: '1', driverId: '2', deliveredWeightT: null };
    expect(transition(o, 'deliver').ok).toBe(false);
    expect(transition(o, 'deliver', { deliveredWeightT: '0' }).ok).toBe(false);
    expect(transition(o, 'deliver', { deliveredWeightT: '12.340' }).ok).toBe(true);
    expect(transition({ ...o, state: 'pending' }, 'cancel', { reason: '  ' })).toEqual({
      ok: false,
      msg: '请填写取消原因',
    });
  });
  it('actionsFrom', () => {
    expect(actionsFrom('pending')).toEqual(['dispatch', 'cancel']);
    expect(actionsFrom('in_transit')).toEqual(['deliver']);
    expect(actionsFrom('signed')).toEqual(['unsign']);
  });
});

describe('freightOf (decimal, half up)', () => {
  it.each([
    [{ mode: 'ton', price: '35.50', plannedWeightT: '30', deliveredWeightT: null, distanceKm: null }, '1065.00'],
    [{ mode: 'ton', price: '35.50', plannedWeightT: '30', deliveredWeightT: '29.987', distanceKm: null }, '1064.54'],
    [{ mode: 'ton_km', price: '0.45', plannedWeightT: '30.1', deliveredWeightT: null, distanceKm: '42.3' }, '572.95'],
    [{ mode: 'ton_km', price: '0.45', plannedWeightT: '30', deliveredWeightT: null, distanceKm: null }, null],
    [{ mode: 'trip', price: '800', plannedWeightT: null, deliveredWeightT: null, distanceKm: null }, '800.00'],
    [{ mode: 'ton', price: '0.1', plannedWeightT: '0.3', deliveredWeightT: null, distanceKm: null }, '0.03'],
    [{ mode: 'ton', price: '1', plannedWeightT: null, deliveredWeightT: null, distanceKm: null }, null],
  ] as const)('%o → %s', (o, expected) => {
    expect(freightOf(o)).toBe(expected);
  });
});
