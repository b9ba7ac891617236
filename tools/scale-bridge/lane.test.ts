// @vitest-environment node
/**
 * The lane's devices and driver (issue 24): the Modbus TCP relay board and its client over a real socket (coil writes
 * seen by the board, gratings read from it), the LED / voice adapter's JSON lines, and the driver running the state
 * machine over the simulated world with a server stand-in — a clean truck ends with the barrier raised and lowered
 * and its steps recorded; a truck half on the deck is not captured until it pulls fully on.
 */

import { createConnection, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { captureRefusal, DEFAULT_ANTI_CHEAT, stableStep } from '../../core/weighing/anti-cheat.ts';
import { type CaptureRequest, type LaneBackend, LaneDriver } from './lane-driver.ts';
import { COIL, DisplayClient, INPUT, RelayClient, startDisplay, startRelayBoard } from './lane-io.ts';
import { LaneWorld, type Scenario } from './lane-sim.ts';
import { StabilityDetector } from './stability.ts';

const closers: (() => unknown)[] = [];
const freePortForTest = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function devices() {
  const board = await startRelayBoard(await freePortForTest());
  const display = await startDisplay();
  const relay = new RelayClient();
  await relay.connect('127.0.0.1', board.port);
  const led = new DisplayClient();
  await led.connect('127.0.0.1', display.port);
  closers.push(
    () => board.close(),
    () => display.close(),
    () => relay.close(),
    () => led.close(),
  );
  return { board, display, relay, led };
}

describe('lane devices', () => {
  it('the relay board: coils written over Modbus TCP, gratings and the barrier switch read back', async () => {
    const { board, relay } = await devices();
    const seen: [number, boolean][] = [];
    board.onCoil = (a, v) => seen.push([a, v]);
    await relay.barrier(true);
    await relay.light('green');
    expect(board.coils.slice(0, 3)).toEqual([true, false, true]);
    expect(seen).toEqual([
      [COIL.barrier, true],
      [COIL.red, false],
      [COIL.green, true],
    ]);
    board.inputs[INPUT.rear] = true;
    board.inputs[INPUT.barrierUp] = true;
    expect(await relay.inputs()).toEqual({ front: false, rear: true, barrierUp: true });
  });

  it('the LED / voice adapter answers each line; a line it does not know is refused', async () => {
    const { display, led } = await devices();
    expect(await led.led(['苏A12345', '请上磅'])).toEqual({ id: 1, ok: true });
    expect(await led.voice('请上磅')).toEqual({ id: 2, ok: true });
    expect(display.shown).toEqual([{ led: ['苏A12345', '请上磅'] }, { voice: '请上磅' }]);
    const raw = createConnection({ host: '127.0.0.1', port: display.port });
    closers.push(() => raw.destroy());
    const answer = await new Promise<string>((resolve) => {
      raw.on('data', (d) => resolve(d.toString('utf8')));
      raw.write('{"id":7,"beep":1}\n');
    });
    expect(JSON.parse(answer)).toEqual({ id: 7, ok: false, error: '未知指令' });
    expect(display.shown).toHaveLength(2);
  });
});

const physics = {
  tickMs: 100,
  cameraMs: 600,
  driveOnMs: 4000,
  settleMs: 1500,
  barrierRiseMs: 1200,
  driveOffMs: 4000,
  supervisorMs: 20000,
  clerkMs: 8000,
  bridgeWindowMs: 2000,
  bridgeMinReadings: 5,
};

/** Plays a scenario through the driver with a stand-in server; answers what the server saw and the driver. */
async function play(sc: Scenario) {
  const { board, relay, led } = await devices();
  const captures: CaptureRequest[] = [];
  const records: [string, string[]][] = [];
  const backend: LaneBackend = {
    openFirstPass: async () => null,
    capture: async (c) => {
      captures.push(c);
      return { weighingId: `W${captures.length}`, flags: [] };
    },
    print: async () => {},
    heldState: async () => 'held',
    record: async (id, _pass, steps) => {
      records.push([id, steps.map((s) => s[0])]);
    },
  };
  let now = 0;
  const driver = new LaneDriver({ minKg: '400', positionSensors: true }, relay, led, backend, () => now);
  const world = new LaneWorld(sc, board);
  const st = new StabilityDetector({ minReadings: 5, windowMs: 2000, tolerance: '20' });
  const refusals: string[] = [];
  driver.onChange = (_p, _l, _e, t) => t.refused && refusals.push(t.refused);
  while (!world.done() && now < 120_000) {
    const w = world.advance(now);
    for (const a of w.arrivals) await driver.feed({ type: 'arrive', at: now, plate: a.visit.plate });
    for (const p of w.plates) {
      await driver.identify(now, p.visit.plate, p.visit.plateRead ?? p.visit.plate, 'camera');
      if (driver.lane.state === 'identified') world.drive();
    }
    const i = await relay.inputs();
    await driver.reading(now, String(w.value), st.add(String(w.value), now, w.motion), {
      front: i.front,
      rear: i.rear,
    });
    now += 100;
  }
  return { captures, records, refusals, driver, world, now };
}

describe('lane driver over the simulated lane', () => {
  it('a clean truck: captured once when stable and clear, barrier up then down, its steps recorded', async () => {
    const r = await play({ name: 't', physics, vehicles: [], visits: [{ at: 1, plate: '苏A12345', kg: 31_000 }] });
    expect(r.world.done()).toBe(true);
    expect(r.captures).toHaveLength(1);
    expect(r.captures[0]).toMatchObject({ pass: 'first', plate: '苏A12345', weight: '31000', manual: false });
    expect(r.captures[0].sensors).toEqual({ front: false, rear: false });
    expect(r.captures[0].readings.at(-1)).toMatchObject({ v: '31000', s: true });
    expect(r.records).toEqual([['W1', ['arrived', 'identified', 'on_deck', 'barrier_open', 'left']]]);
    expect(r.refusals).toEqual([]);
    expect(r.driver.lane.state).toBe('idle');
  });

  it('half on the deck: refused while the rear grating is cut, captured after the driver pulls on', async () => {
    const r = await play({
      name: 't',
      physics,
      vehicles: [],
      visits: [{ at: 1, plate: '苏A12345', kg: 31_000, cheat: 'half_on', halfOnMs: 6000 }],
    });
    expect(r.refusals).toEqual(['车辆未完全上磅，请停到磅台中间']);
    expect(r.captures).toHaveLength(1);
    expect(r.captures[0].sensors).toEqual({ front: false, rear: false });
  });
});

describe('remote-control device switched on before the bridge ever reports stable', () => {
  const cfg = { ...DEFAULT_ANTI_CHEAT, divisionKg: '20', stableWindowMs: 2000 };
  it('the capture the lane sends carries the settled run, the jump and the stable new value: a stable_step', async () => {
    const r = await play({
      name: 't',
      physics,
      vehicles: [],
      visits: [{ at: 1, plate: '苏C6Y103', kg: 37_080, cheat: 'remote_control', stepKg: 2000, stepAfterMs: 1300 }],
    });
    expect(r.captures).toHaveLength(1);
    // the bridge never said stable before the step: the lane captured the new value
    expect(r.captures[0].weight).toBe('39080');
    expect(r.captures[0].readings.filter((x) => x.s && x.v === '37080')).toEqual([]);
    expect(stableStep(r.captures[0].readings, cfg)).toMatchObject({ from: '37080', to: '39080' });
    expect(captureRefusal({ weight: '39080', manual: false, readings: r.captures[0].readings }, cfg)).toBeNull();
  });
  it('a clean truck settling the same way is not one', async () => {
    const r = await play({ name: 't', physics, vehicles: [], visits: [{ at: 1, plate: '苏C6Y103', kg: 37_080 }] });
    expect(stableStep(r.captures[0].readings, cfg)).toBeNull();
  });
});

describe('the lane scans the 派车单 QR / card itself', () => {
  function slipBackend(captures: CaptureRequest[], scans: [string, string][]): LaneBackend {
    return {
      openFirstPass: async () => null,
      scanSlip: async (code, plateRead) => {
        scans.push([code, plateRead]);
        return code.includes('PC202611280001')
          ? { slipNo: 'PC202611280001', plate: '浙B1H947', orderType: 'sale' }
          : { refused: '派车单 PC202611289999 已过期（有效期至 2026-11-20）' };
      },
      capture: async (c) => {
        captures.push(c);
        return { weighingId: 'W1', flags: c.plateRead !== c.plate ? ['plate_mismatch'] : [] };
      },
      print: async () => {},
      heldState: async () => 'held',
      record: async () => {},
    };
  }

  it('a card: the server names the slip and its plate; the camera read ≠ the slip plate goes with the capture (flagged)', async () => {
    const { relay, led } = await devices();
    const captures: CaptureRequest[] = [];
    const scans: [string, string][] = [];
    const driver = new LaneDriver(
      { minKg: '400', positionSensors: false },
      relay,
      led,
      slipBackend(captures, scans),
      () => 1000,
    );
    await driver.scan(1, 'rfid', 'PC202611280001', '浙B1H974');
    expect(scans).toEqual([['PC202611280001', '浙B1H974']]);
    expect(driver.lane.truck).toMatchObject({
      plate: '浙B1H947',
      plateRead: '浙B1H974',
      via: 'rfid',
      slipNo: 'PC202611280001',
    });
    await driver.reading(2, '30000', true, null);
    await driver.reading(3, '30000', true, null);
    expect(captures[0]).toMatchObject({
      plate: '浙B1H947',
      plateRead: '浙B1H974',
      slipNo: 'PC202611280001',
      orderType: 'sale',
    });
    expect(driver.lane.state).toBe('held');
    expect(driver.lane.flags).toEqual(['plate_mismatch']);
  });

  it('a QR link holding an expired slip: refused on the LED with the server’s reason, the truck not identified', async () => {
    const { relay, led } = await devices();
    const driver = new LaneDriver(
      { minKg: '400', positionSensors: false },
      relay,
      led,
      slipBackend([], []),
      () => 1000,
    );
    await driver.feed({ type: 'arrive', at: 1, plate: '' });
    const t = await driver.scan(2, 'qr', 'https://x/dispatch-slip?no=PC202611289999', '浙B1H947');
    expect(t.refused).toBe('派车单 PC202611289999 已过期（有效期至 2026-11-20）');
    expect(driver.lane.state).toBe('arrived');
    expect(driver.lane.led[1]).toBe('派车单 PC202611289999 已过期（有效期至 2026-11-20）');
  });

  it('the second pass: printed, then the e-ticket (the trace link) goes to the driver and onto the monitor feed', async () => {
    const { relay, led } = await devices();
    const sent: string[] = [];
    const backend: LaneBackend = {
      openFirstPass: async () => 'W7',
      capture: async () => ({ weighingId: 'W7', flags: [] }),
      print: async () => {},
      eticket: async (id) => `/blockchain-info/weighing/${id}?t=abc`,
      heldState: async () => 'held',
      record: async () => {},
    };
    const driver = new LaneDriver({ minKg: '400', positionSensors: false }, relay, led, backend, () => 1000);
    driver.publish = { scale: 'DB01', send: (c) => sent.push(c) };
    await driver.identify(1, '苏A1', '苏A1', 'camera');
    await driver.reading(2, '15000', true, null);
    await driver.reading(3, '15000', true, null);
    expect(driver.lane.state).toBe('open');
    expect(driver.lane.eticket).toBe('/blockchain-info/weighing/W7?t=abc');
    expect(sent.map((x) => JSON.parse(x).lane.eticket)).toContain('/blockchain-info/weighing/W7?t=abc');
  });
});

describe('lane driver: the monitor feed and takeover', () => {
  it('publishes a snapshot per transition; a takeover the server hands out is carried out once (a manual step)', async () => {
    const { relay, led } = await devices();
    const pending: { id: string; step: 'identify'; plate: string }[] = [{ id: '7', step: 'identify', plate: '苏A1' }];
    let claims = 0;
    const backend: LaneBackend = {
      openFirstPass: async () => 'W9',
      capture: async () => ({ weighingId: 'W9', flags: [] }),
      print: async () => {},
      heldState: async () => 'held',
      record: async () => {},
      claimTakeovers: async () => {
        claims++;
        return pending.splice(0);
      },
    };
    const driver = new LaneDriver({ minKg: '400', positionSensors: true }, relay, led, backend, () => 1000);
    const sent: string[] = [];
    driver.publish = { scale: 'DB01', send: (c) => sent.push(c), photo: () => '/p.jpg' };
    const [t] = await driver.takeovers();
    expect(t?.refused).toBeUndefined();
    expect(driver.lane).toMatchObject({ state: 'identified', manualSteps: 1 });
    expect(driver.lane.truck).toMatchObject({ plate: '苏A1', via: 'manual', pass: 'second', openWeighingId: 'W9' });
    expect(JSON.parse(sent.at(-1) as string).lane).toMatchObject({
      scale: 'DB01',
      state: 'identified',
      plate: '苏A1',
      pass: 'second',
      photo: '/p.jpg',
      manualSteps: 1,
    });
    // claimed once: asking again finds nothing, the lane does not move
    expect(await driver.takeovers()).toEqual([]);
    expect(claims).toBe(2);
    expect(driver.lane.manualSteps).toBe(1);
    // another lane's command (a stale one) is ignored
    expect(await driver.command({ scale: 'DB02', step: 'open' })).toBeNull();
  });

  it('reports each claimed takeover back: done, or failed with the lane’s (or the server’s) refusal', async () => {
    const { relay, led } = await devices();
    const pending: ({ id: string } & (
      | { step: 'identify'; plate: string }
      | { step: 'print' | 'open' }
      | { step: 'capture'; weight: string; reason: string }
    ))[] = [];
    const reports: [string, string, string][] = [];
    const backend: LaneBackend = {
      openFirstPass: async () => null,
      capture: async () => ({ refused: '秤台上无车或重量过低（100 kg，最小称量 400 kg），不能采集' }),
      print: async () => {},
      heldState: async () => 'held',
      record: async () => {},
      claimTakeovers: async () => pending.splice(0),
      reportTakeover: async (id, r) => {
        reports.push([id, r.result, r.result === 'failed' ? r.reason : '']);
      },
    };
    const driver = new LaneDriver({ minKg: '50', positionSensors: false }, relay, led, backend, () => 1000);
    driver.publish = { scale: 'DB01', send: () => {} };
    // nothing to print: the lane refuses; identify is carried out; the manual capture the server refuses fails
    pending.push(
      { id: '1', step: 'print' },
      { id: '2', step: 'identify', plate: '苏A1' },
      { id: '3', step: 'capture', weight: '100', reason: '仪表故障' },
    );
    await driver.takeovers();
    expect(reports).toEqual([
      ['1', 'failed', '没有待打印的磅单'],
      ['2', 'done', ''],
      ['3', 'failed', '秤台上无车或重量过低（100 kg，最小称量 400 kg），不能采集'],
    ]);
    // a command that throws (the server down while it ran) is reported failed with the error
    backend.openFirstPass = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    pending.push({ id: '4', step: 'identify', plate: '苏A2' });
    await driver.takeovers();
    expect(reports.at(-1)).toEqual(['4', 'failed', '执行出错：connect ECONNREFUSED']);
  });

  it('a held truck is released or voided when the server says so (poll)', async () => {
    const { relay, led } = await devices();
    let st: 'held' | 'released' | 'voided' = 'held';
    const backend: LaneBackend = {
      openFirstPass: async () => null,
      capture: async () => ({ weighingId: 'W1', flags: ['plate_mismatch'] }),
      print: async () => {},
      heldState: async () => st,
      record: async () => {},
    };
    const driver = new LaneDriver({ minKg: '400', positionSensors: false }, relay, led, backend, () => 1000);
    await driver.identify(1, '苏A1', '苏A2', 'rfid');
    await driver.reading(2, '30000', false, null);
    await driver.reading(3, '30000', true, null);
    expect(driver.lane.state).toBe('held');
    await driver.poll();
    expect(driver.lane.state).toBe('held');
    st = 'voided';
    await driver.poll();
    // voided: the barrier went up (coil acknowledged) and nothing was printed
    expect(driver.lane.state).toBe('open');
  });
});
