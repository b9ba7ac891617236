import { describe, expect, it } from 'vitest';
import {
  idleLane,
  type Lane,
  type LaneConfig,
  type LaneEvent,
  laneSnapshot,
  laneStep,
  snapshotOf,
  takeoverBellOf,
} from './lane.ts';

const cfg: LaneConfig = { minKg: '400', positionSensors: true };
const clear = { front: false, rear: false };

/** Runs events from a lane, failing on the first refusal; answers the lane and every action. */
function run(events: LaneEvent[], from: Lane = idleLane(), c = cfg) {
  let lane = from;
  const actions = [];
  for (const ev of events) {
    const t = laneStep(lane, ev, c);
    expect(t.refused, `${ev.type} refused`).toBeUndefined();
    lane = t.lane;
    actions.push(...t.actions);
  }
  return { lane, actions };
}

const toOnDeck = (openWeighingId: string | null = null): LaneEvent[] => [
  { type: 'arrive', at: 1000 },
  { type: 'identify', at: 2000, plate: '苏a12345', via: 'camera', openWeighingId },
  { type: 'reading', at: 5000, weight: '30000', stable: false, sensors: { front: true, rear: false } },
];

describe('lane: a clean truck', () => {
  it('first pass: arrive → identify (first, nothing open) → on deck → stable and clear → capture → barrier → left', () => {
    const a = run(toOnDeck());
    expect(a.lane.state).toBe('on_deck');
    expect(a.lane.truck).toEqual({
      plate: '苏A12345',
      plateRead: '苏A12345',
      via: 'camera',
      slipNo: '',
      pass: 'first',
      openWeighingId: null,
    });
    expect(a.actions).toContainEqual({ kind: 'voice', text: '苏A12345，一次过磅，请上磅' });
    const b = run(
      [{ type: 'reading', at: 8000, weight: '30000', stable: true, sensors: clear, stableSince: 6000 }],
      a.lane,
    );
    expect(b.lane.state).toBe('capturing');
    expect(b.actions).toContainEqual({
      kind: 'capture',
      pass: 'first',
      plate: '苏A12345',
      plateRead: '苏A12345',
      slipNo: '',
      weighingId: null,
      weight: '30000',
      manual: false,
      manualReason: '',
    });
    const c = run([{ type: 'captured', at: 8100, weighingId: 'W1', flags: [] }], b.lane);
    // a first pass prints nothing: the barrier opens, the light turns green
    expect(c.lane.state).toBe('opening');
    expect(c.actions).toContainEqual({ kind: 'barrier', open: true });
    expect(c.actions).toContainEqual({ kind: 'light', color: 'green' });
    expect(c.actions.some((x) => x.kind === 'print')).toBe(false);
    const d = run(
      [
        { type: 'barrier_opened', at: 8300 },
        { type: 'reading', at: 12000, weight: '0', stable: true, sensors: clear },
      ],
      c.lane,
    );
    expect(d.lane.state).toBe('idle');
    expect(d.actions).toContainEqual({
      kind: 'record',
      weighingId: 'W1',
      pass: 'first',
      steps: [
        ['arrived', 1000],
        ['identified', 2000],
        ['on_deck', 5000],
        ['barrier_open', 8300],
        ['left', 12000],
      ],
    });
    expect(d.actions).toContainEqual({ kind: 'barrier', open: false });
    expect(d.actions).toContainEqual({ kind: 'light', color: 'red' });
  });

  it('second pass: the open first pass decides it; the document completes → print → barrier; every step timed', () => {
    const a = run([
      ...toOnDeck('W1'),
      { type: 'reading', at: 8000, weight: '15000', stable: true, sensors: clear, stableSince: 6500 },
      { type: 'captured', at: 8100, weighingId: 'W1', flags: [] },
    ]);
    expect(a.lane.truck?.pass).toBe('second');
    expect(a.lane.state).toBe('printing');
    expect(a.actions).toContainEqual({ kind: 'print', weighingId: 'W1' });
    const b = run(
      [
        { type: 'printed', at: 8200 },
        { type: 'barrier_opened', at: 8400 },
      ],
      a.lane,
    );
    expect(b.lane.times).toEqual({
      arrived: 1000,
      identified: 2000,
      on_deck: 5000,
      stable: 6500,
      captured: 8100,
      printed: 8200,
      barrier_open: 8400,
    });
    expect(b.lane.manualSteps).toBe(0);
  });

  it('a slip / card identifies the weighing plate; the camera read is kept apart (the server flags a mismatch)', () => {
    const a = run([
      {
        type: 'identify',
        at: 1,
        plate: '苏A11111',
        plateRead: '苏B22222',
        via: 'qr',
        slipNo: 'PC1',
        openWeighingId: null,
      },
    ]);
    expect(a.lane.truck).toMatchObject({ plate: '苏A11111', plateRead: '苏B22222', slipNo: 'PC1', via: 'qr' });
    // identify without arrive: arrived = identified
    expect(a.lane.times).toEqual({ arrived: 1, identified: 1 });
  });
});

describe('lane: waits and refusals', () => {
  it('no capture while the weight is not stable', () => {
    const a = run([...toOnDeck(), { type: 'reading', at: 6000, weight: '30000', stable: false, sensors: clear }]);
    expect(a.lane.state).toBe('on_deck');
    expect(a.actions.some((x) => x.kind === 'capture')).toBe(false);
  });

  it('half on the deck: stable but a beam blocked → refused, said once, then captured when clear', () => {
    const a = run(toOnDeck());
    const half = {
      type: 'reading',
      at: 7000,
      weight: '30000',
      stable: true,
      sensors: { front: false, rear: true },
    } as const;
    const r = laneStep(a.lane, half, cfg);
    expect(r.refused).toBe('车辆未完全上磅，请停到磅台中间');
    expect(r.lane.state).toBe('on_deck');
    expect(r.actions).toContainEqual({ kind: 'voice', text: '车辆未完全上磅，请停到磅台中间' });
    const again = laneStep(r.lane, { ...half, at: 7100 }, cfg);
    expect(again.actions).toEqual([]);
    const ok = laneStep(again.lane, { ...half, at: 9000, sensors: clear }, cfg);
    expect(ok.lane.state).toBe('capturing');
  });

  it('a lane with sensors refuses a stable reading without their report; one without them does not', () => {
    const a = run(toOnDeck());
    const ev = { type: 'reading', at: 7000, weight: '30000', stable: true, sensors: null } as const;
    expect(laneStep(a.lane, ev, cfg).refused).toBe('未收到红外对射状态，不能采集');
    expect(laneStep(a.lane, ev, { ...cfg, positionSensors: false }).lane.state).toBe('capturing');
  });

  it('empty deck: nothing below the minimum goes on deck or is captured, a manual capture of it is refused', () => {
    const a = run([
      { type: 'identify', at: 1, plate: '苏A1', via: 'camera', openWeighingId: null },
      { type: 'reading', at: 2, weight: '380', stable: true, sensors: clear },
    ]);
    expect(a.lane.state).toBe('identified');
    expect(a.actions.some((x) => x.kind === 'capture')).toBe(false);
    const r = laneStep(a.lane, { type: 'takeover', at: 3, step: 'capture', weight: '20', reason: '手工' }, cfg);
    expect(r.refused).toBe('秤台上无车或重量过低（20 kg，最小称量 400 kg），不能采集');
    expect(r.lane.manualSteps).toBe(0);
    // at the minimum itself the truck is on deck
    expect(laneStep(a.lane, { type: 'reading', at: 4, weight: '400', stable: false }, cfg).lane.state).toBe('on_deck');
  });

  it('drives off before stable → back to identified', () => {
    const a = run([...toOnDeck(), { type: 'reading', at: 6000, weight: '0', stable: true, sensors: clear }]);
    expect(a.lane.state).toBe('identified');
  });

  it('identify refused without a plate, and while another truck is being weighed', () => {
    expect(
      laneStep(idleLane(), { type: 'identify', at: 1, plate: ' ', via: 'camera', openWeighingId: null }, cfg).refused,
    ).toBe('未识别到车牌，请扫派车单二维码或刷卡');
    const a = run(toOnDeck());
    expect(
      laneStep(a.lane, { type: 'identify', at: 9, plate: '苏B2', via: 'camera', openWeighingId: null }, cfg).refused,
    ).toBe('车道正在为 苏A12345 作业，不能识别新车辆');
  });

  it('the server refuses the capture → back on deck with its reason', () => {
    const a = run([...toOnDeck(), { type: 'reading', at: 8000, weight: '30000', stable: true, sensors: clear }]);
    const r = laneStep(a.lane, { type: 'refused', at: 8100, reason: '重量未稳定，不能采集' }, cfg);
    expect(r.lane.state).toBe('on_deck');
    expect(r.lane.refusal).toBe('重量未稳定，不能采集');
    expect(r.actions).toContainEqual({ kind: 'led', lines: ['苏A12345', '重量未稳定，不能采集'] });
  });

  it('events out of turn are refused and leave the state', () => {
    const idle = idleLane();
    expect(laneStep(idle, { type: 'captured', at: 1, weighingId: 'W', flags: [] }, cfg).refused).toBe(
      '当前没有进行中的采集',
    );
    expect(laneStep(idle, { type: 'printed', at: 1 }, cfg).refused).toBe('没有待打印的磅单');
    expect(laneStep(idle, { type: 'barrier_opened', at: 1 }, cfg).refused).toBe('没有抬杆指令');
    expect(laneStep(idle, { type: 'released', at: 1 }, cfg).refused).toBe('车辆没有待处理的异常过磅');
    expect(laneStep(idle, { type: 'voided', at: 1 }, cfg).refused).toBe('车辆没有待处理的异常过磅');
    expect(laneStep(idle, { type: 'takeover', at: 1, step: 'open' }, cfg).refused).toBe('车道上没有等待抬杆的车辆');
    expect(laneStep(idle, { type: 'captured', at: 1, weighingId: 'W', flags: [] }, cfg).lane.state).toBe('idle');
  });
});

describe('lane: flags hold the truck', () => {
  const flagged = () =>
    run([
      ...toOnDeck('W1'),
      { type: 'reading', at: 8000, weight: '12750', stable: true, sensors: clear },
      { type: 'captured', at: 8100, weighingId: 'W1', flags: ['tare_deviation'] },
    ]);

  it('a flagged capture holds: red, no print, no barrier; opening by hand is refused', () => {
    const a = flagged();
    expect(a.lane.state).toBe('held');
    expect(a.lane.flags).toEqual(['tare_deviation']);
    expect(a.lane.times.flagged).toBe(8100);
    expect(a.actions.some((x) => x.kind === 'print' || x.kind === 'barrier')).toBe(false);
    const r = laneStep(a.lane, { type: 'takeover', at: 9000, step: 'open' }, cfg);
    expect(r.refused).toBe('异常过磅未处理，需主管放行或作废后才能抬杆');
    expect(r.lane.state).toBe('held');
  });

  it('released by a supervisor → prints and opens as a clean one; voided → opens without printing', () => {
    const rel = run([{ type: 'released', at: 60_000 }], flagged().lane);
    expect(rel.lane.state).toBe('printing');
    expect(rel.lane.times.released).toBe(60_000);
    expect(rel.actions).toContainEqual({ kind: 'print', weighingId: 'W1' });
    const vo = run([{ type: 'voided', at: 60_000 }], flagged().lane);
    expect(vo.lane.state).toBe('opening');
    expect(vo.actions.some((x) => x.kind === 'print')).toBe(false);
    expect(vo.actions).toContainEqual({ kind: 'barrier', open: true });
  });
});

describe('lane: takeover and queue', () => {
  it('a manual capture needs a reason and counts as a manual step', () => {
    const a = run(toOnDeck());
    expect(
      laneStep(a.lane, { type: 'takeover', at: 6, step: 'capture', weight: '30000', reason: ' ' }, cfg).refused,
    ).toBe('手工录入重量必须填写原因');
    const t = laneStep(a.lane, { type: 'takeover', at: 6, step: 'capture', weight: '30000', reason: '仪表故障' }, cfg);
    expect(t.lane.state).toBe('capturing');
    expect(t.lane.manualSteps).toBe(1);
    expect(t.actions).toContainEqual(
      expect.objectContaining({ kind: 'capture', manual: true, manualReason: '仪表故障' }),
    );
  });

  it('manual identify and a manual print count; a truck turned away leaves without a record', () => {
    const a = run([
      { type: 'identify', at: 1, plate: '苏A1', via: 'manual', openWeighingId: 'W1' },
      { type: 'reading', at: 2, weight: '15000', stable: false, sensors: clear },
      { type: 'reading', at: 2, weight: '15000', stable: true, sensors: clear },
      { type: 'captured', at: 3, weighingId: 'W1', flags: [] },
      { type: 'takeover', at: 4, step: 'print' },
    ]);
    expect(a.lane.manualSteps).toBe(2);
    expect(a.lane.state).toBe('opening');
    const away = run([
      { type: 'identify', at: 1, plate: '苏A1', via: 'camera', openWeighingId: null },
      { type: 'takeover', at: 2, step: 'open' },
      { type: 'barrier_opened', at: 3 },
      { type: 'reading', at: 4, weight: '0', stable: true, sensors: clear },
    ]);
    expect(away.lane.state).toBe('idle');
    expect(away.actions.some((x) => x.kind === 'record')).toBe(false);
  });

  it('trucks arriving meanwhile queue; the first in line takes the lane when the deck is left', () => {
    const a = run([
      ...toOnDeck(),
      { type: 'arrive', at: 5500, plate: '苏B2' },
      { type: 'arrive', at: 5600, plate: '苏C3' },
      { type: 'reading', at: 8000, weight: '30000', stable: true, sensors: clear },
      { type: 'captured', at: 8100, weighingId: 'W1', flags: [] },
      { type: 'barrier_opened', at: 8300 },
    ]);
    expect(a.lane.queue).toEqual([
      { plate: '苏B2', at: 5500 },
      { plate: '苏C3', at: 5600 },
    ]);
    // still on the deck: not left
    expect(
      laneStep(
        a.lane,
        { type: 'reading', at: 9000, weight: '0', stable: true, sensors: { front: false, rear: true } },
        cfg,
      ).lane.state,
    ).toBe('open');
    const b = run([{ type: 'reading', at: 9500, weight: '0', stable: true, sensors: clear }], a.lane);
    expect(b.lane.state).toBe('arrived');
    expect(b.lane.times).toEqual({ arrived: 5500 });
    expect(b.lane.queue).toEqual([{ plate: '苏C3', at: 5600 }]);
    expect(b.lane.truck).toBeNull();
  });
});

describe('lane: the monitor feed and the takeover commands', () => {
  it('a snapshot travels as {"lane": …} and is read back; a weight message is not a snapshot', () => {
    const a = run([...toOnDeck(), { type: 'arrive', at: 5500, plate: '苏B2' }]);
    const snap = laneSnapshot(a.lane, 'DB01', '/snap/1.jpg', 6000);
    expect(snap).toMatchObject({
      scale: 'DB01',
      state: 'on_deck',
      stateLabel: '已上磅，等待稳定',
      plate: '苏A12345',
      pass: 'first',
      weight: '30000',
      queue: [{ plate: '苏B2', at: 5500 }],
      times: { arrived: 1000, identified: 2000, on_deck: 5000 },
      photo: '/snap/1.jpg',
    });
    expect(snapshotOf(JSON.stringify({ lane: snap }))).toEqual(snap);
    expect(snapshotOf(JSON.stringify({ value: '30000', stable: true, scale: 'DB01' }))).toBeNull();
    expect(snapshotOf('{"lane": 1')).toBeNull();
  });

  it('a slip the server refused is said on the LED, the truck not identified; the e-ticket rides on printed', () => {
    const r = laneStep(
      idleLane(),
      { type: 'scan_refused', at: 1, reason: '派车单 PC202611280001 已关闭，不能过磅' },
      cfg,
    );
    expect(r.refused).toBe('派车单 PC202611280001 已关闭，不能过磅');
    expect(r.lane.state).toBe('idle');
    const printing: Lane = {
      ...idleLane(),
      state: 'printing',
      truck: { plate: '苏A1', plateRead: '苏A1', via: 'qr', slipNo: 'PC1', pass: 'second', openWeighingId: 'W1' },
      weighingId: 'W1',
    };
    const p = laneStep(printing, { type: 'printed', at: 5, eticket: '/blockchain-info/weighing/GB1?t=x' }, cfg);
    expect(p.lane).toMatchObject({ state: 'opening', eticket: '/blockchain-info/weighing/GB1?t=x' });
    expect(p.lane.led[1]).toBe('磅单已出，电子磅单已发送，请下磅离开');
    expect(laneSnapshot(p.lane, 'DB01', '', 5).eticket).toBe('/blockchain-info/weighing/GB1?t=x');
  });

  it('a takeover bell names the lane and the command; a command typed into the channel is not one', () => {
    expect(takeoverBellOf(JSON.stringify({ laneTakeover: { scale: 'DB01', id: '15' } }))).toEqual({
      scale: 'DB01',
      id: '15',
    });
    expect(takeoverBellOf(JSON.stringify({ laneTakeover: { scale: 'DB01' } }))).toBeNull();
    expect(takeoverBellOf(JSON.stringify({ laneCommand: { scale: 'DB01', step: 'open' } }))).toBeNull();
    expect(takeoverBellOf('{"laneTakeover": 1')).toBeNull();
    expect(takeoverBellOf('{"value":"1"}')).toBeNull();
  });
});
