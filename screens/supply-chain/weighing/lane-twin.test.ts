import { describe, expect, it } from 'vitest';
import { idleLane, laneSnapshot, laneStep } from '../../../core/weighing/lane.ts';
import { truckX } from './lane-twin.tsx';

const cfg = { minKg: '400', positionSensors: true };

describe('the twin places the truck from the lane snapshot', () => {
  it('no truck, at the entry, half on the deck, on the deck, leaving', () => {
    expect(truckX(null)).toBeNull();
    expect(truckX(laneSnapshot(idleLane(), 'DB01', '', 0))).toBeNull();
    const id = laneStep(
      idleLane(),
      { type: 'identify', at: 1, plate: '苏A1', via: 'camera', openWeighingId: null },
      cfg,
    ).lane;
    expect(truckX(laneSnapshot(id, 'DB01', '', 1))).toBe(-11);
    const half = laneStep(
      id,
      { type: 'reading', at: 2, weight: '30000', stable: false, sensors: { front: false, rear: true } },
      cfg,
    ).lane;
    expect(truckX(laneSnapshot(half, 'DB01', '', 2))).toBe(-4);
    const on = laneStep(
      half,
      { type: 'reading', at: 3, weight: '30000', stable: false, sensors: { front: false, rear: false } },
      cfg,
    ).lane;
    expect(truckX(laneSnapshot(on, 'DB01', '', 3))).toBe(0);
    const leaving = {
      ...laneSnapshot(on, 'DB01', '', 4),
      state: 'open' as const,
      sensors: { front: true, rear: false },
    };
    expect(truckX(leaving)).toBe(6);
  });
});
