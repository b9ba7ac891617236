/**
 * 无人值守车道 — the unattended lane's state machine (issue 24), pure: `laneStep(lane, event, cfg)` answers the next
 * lane and the actions the driver carries out (LED, voice, capture request, print, barrier, light, step record).
 * Nothing here waits or talks to a device; the driver (tools/scale-bridge/lane-driver.ts) feeds it events from the
 * relay board, the camera / QR / RFID reader, the bridge's readings and the server's answers, and does the actions.
 *
 * One truck at a time on the deck; trucks that arrive meanwhile wait in the queue (in arrival order).
 *
 *   idle ─arrive→ arrived ─identify→ identified ─reading ≥ min→ on_deck ─stable ∧ positioned→ capturing
 *   capturing ─captured (no flag)→ printing (second pass: the document completes, the ticket / e-ticket goes out)
 *                                 → opening (first pass: nothing to print)
 *   capturing ─captured (flags)→ held (异常过磅: red light, waits for a supervisor) ─released→ as clean ─voided→ opening
 *   capturing ─refused→ on_deck (the server's reason on the LED)
 *   printing ─printed→ opening ─barrier_opened→ open ─reading < min ∧ beams clear→ left → next queued truck | idle
 *
 * The system decides the pass by itself: `identify` carries the server's look-up of the plate's open first pass
 * (none → first pass, one → second pass on that weighing). A slip's QR or a card is looked up on the server by the
 * driver first (the plate is the slip's, the camera's read is kept beside it); a slip the server refuses is
 * `scan_refused` (its reason on the LED, the truck not identified). A capture needs the bridge's stable bit AND, where the
 * lane has positioning sensors (红外对射), both beams clear; below the scale's minimum nothing is captured.
 *
 * Refusals answer `refused` (a Chinese reason for the LED / the monitor) and leave the lane as it was: an event
 * that does not fit the state, an identify without a plate, a takeover capture below the minimum or without a
 * reason, opening the barrier on a held truck.
 *
 * A clerk may take over any step (`takeover`: identify by hand, capture a manual weight with a reason, print,
 * open the barrier); each counts in `manualSteps` (a clean truck needs none). Every step is timestamped in
 * `times` (arrived, identified, on_deck, stable, captured, flagged, released, printed, barrier_open, left) and
 * the `record` action at `left` hands the lane's steps to the server (izs_weighing_step) so 过磅时效 sees the whole
 * cycle; stable / captured / flagged are written by the server's capture itself.
 */
import Decimal from 'decimal.js';

export type Pass = 'first' | 'second';
export type LaneState =
  | 'idle'
  | 'arrived'
  | 'identified'
  | 'on_deck'
  | 'capturing'
  | 'held'
  | 'printing'
  | 'opening'
  | 'open';
export type LaneStepName =
  | 'arrived'
  | 'identified'
  | 'on_deck'
  | 'stable'
  | 'captured'
  | 'flagged'
  | 'released'
  | 'printed'
  | 'barrier_open'
  | 'left';
/** The steps the lane records itself (the server's capture writes stable, captured and flagged). */
export const LANE_RECORDED: LaneStepName[] = ['arrived', 'identified', 'on_deck', 'printed', 'barrier_open', 'left'];

export const LANE_STATES: { value: LaneState; label: string }[] = [
  { value: 'idle', label: '空闲' },
  { value: 'arrived', label: '车辆到达' },
  { value: 'identified', label: '已识别，等待上磅' },
  { value: 'on_deck', label: '已上磅，等待稳定' },
  { value: 'capturing', label: '采集中' },
  { value: 'held', label: '异常过磅，等待主管处理' },
  { value: 'printing', label: '打印磅单' },
  { value: 'opening', label: '抬杆中' },
  { value: 'open', label: '已抬杆，等待离开' },
];
export const laneStateLabel = (s: string) => LANE_STATES.find((x) => x.value === s)?.label ?? s;

export type IdentifyVia = 'camera' | 'qr' | 'rfid' | 'manual';

export interface Sensors {
  /** true = beam blocked */
  front: boolean;
  rear: boolean;
}

export interface LaneConfig {
  /** The scale's minimum capture (kg; core/weighing/anti-cheat.ts minCaptureKg). */
  minKg: string;
  /** The lane has positioning sensors: a capture needs both beams reported clear. */
  positionSensors: boolean;
}

export interface LaneTruck {
  /** The plate the weighing is made for (the slip's / card's, else the camera's). */
  plate: string;
  /** The camera's read ('' = none). */
  plateRead: string;
  via: IdentifyVia;
  slipNo: string;
  pass: Pass;
  /** The open first pass a second pass completes (null on a first pass). */
  openWeighingId: string | null;
}

export interface Lane {
  state: LaneState;
  truck: LaneTruck | null;
  times: Partial<Record<LaneStepName, number>>;
  /** Trucks waiting at the entry: plate (may be '') and arrival time. */
  queue: { plate: string; at: number }[];
  weighingId: string | null;
  flags: string[];
  manualSteps: number;
  /** Why the lane did not move on the last time it could have ('' = nothing). */
  refusal: string;
  weight: string;
  stable: boolean;
  sensors: Sensors | null;
  barrier: 'closed' | 'open';
  light: 'red' | 'green';
  /** What the LED shows (two lines). */
  led: [string, string];
  /** The e-ticket sent to the driver on the second pass (the weighing's public trace link), '' = none. */
  eticket: string;
}

export type LaneEvent =
  | { type: 'arrive'; at: number; plate?: string }
  | {
      type: 'identify';
      at: number;
      /** The plate of the weighing (slip / card, else the camera's). */
      plate: string;
      plateRead?: string;
      via: IdentifyVia;
      slipNo?: string;
      /** The server's look-up: the plate's open first pass, or null. */
      openWeighingId: string | null;
    }
  | { type: 'reading'; at: number; weight: string; stable: boolean; sensors?: Sensors | null; stableSince?: number }
  | { type: 'captured'; at: number; weighingId: string; flags: string[] }
  | { type: 'refused'; at: number; reason: string }
  | { type: 'printed'; at: number; eticket?: string }
  /** The slip's QR / the card was read but the server refused it (unknown, closed, expired): its reason. */
  | { type: 'scan_refused'; at: number; reason: string }
  | { type: 'barrier_opened'; at: number }
  | { type: 'released'; at: number }
  | { type: 'voided'; at: number }
  | { type: 'takeover'; at: number; step: 'capture'; weight: string; reason: string }
  | { type: 'takeover'; at: number; step: 'print' | 'open' };

export type LaneAction =
  | { kind: 'led'; lines: [string, string] }
  | { kind: 'voice'; text: string }
  | {
      kind: 'capture';
      pass: Pass;
      plate: string;
      plateRead: string;
      slipNo: string;
      weighingId: string | null;
      weight: string;
      manual: boolean;
      manualReason: string;
    }
  | { kind: 'print'; weighingId: string }
  | { kind: 'barrier'; open: boolean }
  | { kind: 'light'; color: 'red' | 'green' }
  | { kind: 'record'; weighingId: string; pass: Pass; steps: [LaneStepName, number][] };

export interface LaneTransition {
  lane: Lane;
  actions: LaneAction[];
  /** A refusal: the lane is unchanged but for `refusal`. */
  refused?: string;
}

export const idleLane = (): Lane => ({
  state: 'idle',
  truck: null,
  times: {},
  queue: [],
  weighingId: null,
  flags: [],
  manualSteps: 0,
  refusal: '',
  weight: '0',
  stable: false,
  sensors: null,
  barrier: 'closed',
  light: 'red',
  led: ['欢迎过磅', '请按顺序驶入'],
  eticket: '',
});

const passLabel = (p: Pass) => (p === 'first' ? '一次过磅' : '二次过磅');
const blocked = (s: Sensors | null | undefined) => !!s && (s.front || s.rear);

function refuse(lane: Lane, reason: string): LaneTransition {
  const led: [string, string] = [lane.truck?.plate || '请注意', reason];
  return {
    lane: { ...lane, refusal: reason, led },
    actions: [
      { kind: 'led', lines: led },
      { kind: 'voice', text: reason },
    ],
    refused: reason,
  };
}

function say(lines: [string, string], voice?: string): LaneAction[] {
  const out: LaneAction[] = [{ kind: 'led', lines }];
  if (voice) out.push({ kind: 'voice', text: voice });
  return out;
}

/** After a clean capture (or a supervisor's release): the second pass prints, the first opens the barrier. */
function afterCapture(lane: Lane, weighingId: string): LaneTransition {
  const t = lane.truck as LaneTruck;
  if (t.pass === 'second') {
    const lines: [string, string] = [t.plate, '过磅完成，正在出票'];
    return {
      lane: { ...lane, state: 'printing', led: lines },
      actions: [...say(lines), { kind: 'print', weighingId }],
    };
  }
  return openBarrier({ ...lane }, [t.plate, '一次过磅完成，请下磅']);
}

function openBarrier(lane: Lane, lines: [string, string]): LaneTransition {
  return {
    lane: { ...lane, state: 'opening', led: lines },
    actions: [...say(lines, lines[1]), { kind: 'barrier', open: true }, { kind: 'light', color: 'green' }],
  };
}

/** The truck is gone: record its steps, close the barrier, take the next queued truck. */
function leave(lane: Lane, at: number): LaneTransition {
  const times = { ...lane.times, left: at };
  const actions: LaneAction[] = [
    { kind: 'barrier', open: false },
    { kind: 'light', color: 'red' },
  ];
  if (lane.weighingId && lane.truck) {
    const steps = LANE_RECORDED.filter((s) => times[s] !== undefined).map(
      (s) => [s, times[s] as number] as [LaneStepName, number],
    );
    actions.push({ kind: 'record', weighingId: lane.weighingId, pass: lane.truck.pass, steps });
  }
  const [next, ...rest] = lane.queue;
  const base = idleLane();
  const lines: [string, string] = next ? [next.plate || '下一辆', '请驶入'] : base.led;
  actions.push(...say(lines));
  return {
    lane: {
      ...base,
      state: next ? 'arrived' : 'idle',
      times: next ? { arrived: next.at } : {},
      queue: rest,
      manualSteps: 0,
      weight: lane.weight,
      stable: lane.stable,
      sensors: lane.sensors,
      led: lines,
    },
    actions,
  };
}

/** One event → the next lane and what to do. Pure: the same lane and event give the same answer. */
export function laneStep(lane: Lane, ev: LaneEvent, cfg: LaneConfig): LaneTransition {
  const cleared = { ...lane, refusal: '' };
  switch (ev.type) {
    case 'arrive': {
      if (lane.state !== 'idle') {
        return { lane: { ...lane, queue: [...lane.queue, { plate: ev.plate ?? '', at: ev.at }] }, actions: [] };
      }
      const lines: [string, string] = [ev.plate || '车辆到达', '正在识别车辆'];
      return { lane: { ...cleared, state: 'arrived', times: { arrived: ev.at }, led: lines }, actions: say(lines) };
    }
    case 'identify': {
      if (lane.state !== 'idle' && lane.state !== 'arrived') {
        return refuse(lane, `车道正在为 ${lane.truck?.plate ?? ''} 作业，不能识别新车辆`);
      }
      const plate = ev.plate.trim().toUpperCase();
      if (!plate) return refuse(lane, '未识别到车牌，请扫派车单二维码或刷卡');
      const pass: Pass = ev.openWeighingId ? 'second' : 'first';
      const truck: LaneTruck = {
        plate,
        plateRead: (ev.plateRead ?? (ev.via === 'camera' ? plate : '')).trim().toUpperCase(),
        via: ev.via,
        slipNo: ev.slipNo ?? '',
        pass,
        openWeighingId: ev.openWeighingId,
      };
      const lines: [string, string] = [plate, `${passLabel(pass)}，请缓慢上磅停稳`];
      return {
        lane: {
          ...cleared,
          state: 'identified',
          truck,
          weighingId: ev.openWeighingId,
          times: { arrived: lane.times.arrived ?? ev.at, identified: ev.at },
          manualSteps: lane.manualSteps + (ev.via === 'manual' ? 1 : 0),
          led: lines,
        },
        actions: say(lines, `${plate}，${passLabel(pass)}，请上磅`),
      };
    }
    case 'reading': {
      const seen: Lane = { ...lane, weight: ev.weight, stable: ev.stable, sensors: ev.sensors ?? null };
      const heavy = new Decimal(ev.weight).gte(cfg.minKg);
      if (lane.state === 'identified' && heavy) {
        return { lane: { ...seen, state: 'on_deck', times: { ...lane.times, on_deck: ev.at } }, actions: [] };
      }
      if (lane.state === 'on_deck') {
        if (!heavy) return { lane: { ...seen, state: 'identified' }, actions: [] };
        if (!ev.stable) return { lane: seen, actions: [] };
        let why = '';
        if (blocked(ev.sensors)) why = '车辆未完全上磅，请停到磅台中间';
        else if (cfg.positionSensors && !ev.sensors) why = '未收到红外对射状态，不能采集';
        if (why) {
          // say it once: a refusal that stands is not repeated at every reading
          if (lane.refusal === why) return { lane: seen, actions: [] };
          const r = refuse(seen, why);
          return r;
        }
        const t = lane.truck as LaneTruck;
        const lines: [string, string] = [t.plate, `${ev.weight} kg 采集中`];
        return {
          lane: {
            ...seen,
            refusal: '',
            state: 'capturing',
            times: { ...lane.times, stable: ev.stableSince ?? ev.at },
            led: lines,
          },
          actions: [
            { kind: 'led', lines },
            {
              kind: 'capture',
              pass: t.pass,
              plate: t.plate,
              plateRead: t.plateRead,
              slipNo: t.slipNo,
              weighingId: t.openWeighingId,
              weight: ev.weight,
              manual: false,
              manualReason: '',
            },
          ],
        };
      }
      if (lane.state === 'open' && !heavy && !blocked(ev.sensors)) return leave(seen, ev.at);
      return { lane: seen, actions: [] };
    }
    case 'captured': {
      if (lane.state !== 'capturing') return refuse(lane, '当前没有进行中的采集');
      const times = { ...lane.times, captured: ev.at };
      const next: Lane = { ...cleared, weighingId: ev.weighingId, flags: [...ev.flags], times };
      if (ev.flags.length) {
        const lines: [string, string] = [next.truck?.plate ?? '', '异常过磅，请等待处理'];
        return {
          lane: { ...next, state: 'held', times: { ...times, flagged: ev.at }, led: lines },
          actions: [...say(lines, '异常过磅，请在磅上等待工作人员处理'), { kind: 'light', color: 'red' }],
        };
      }
      return afterCapture(next, ev.weighingId);
    }
    case 'refused': {
      if (lane.state !== 'capturing') return refuse(lane, '当前没有进行中的采集');
      return refuse({ ...lane, state: 'on_deck' }, ev.reason);
    }
    case 'released': {
      if (lane.state !== 'held') return refuse(lane, '车辆没有待处理的异常过磅');
      return afterCapture({ ...cleared, times: { ...lane.times, released: ev.at } }, lane.weighingId as string);
    }
    case 'voided': {
      if (lane.state !== 'held') return refuse(lane, '车辆没有待处理的异常过磅');
      return openBarrier({ ...cleared }, [lane.truck?.plate ?? '', '磅单已作废，请下磅离开']);
    }
    case 'printed': {
      if (lane.state !== 'printing') return refuse(lane, '没有待打印的磅单');
      return openBarrier({ ...cleared, eticket: ev.eticket ?? '', times: { ...lane.times, printed: ev.at } }, [
        lane.truck?.plate ?? '',
        ev.eticket ? '磅单已出，电子磅单已发送，请下磅离开' : '磅单已出，请下磅离开',
      ]);
    }
    case 'scan_refused': {
      if (lane.state !== 'idle' && lane.state !== 'arrived') return refuse(lane, '车道正在作业，不能识别新车辆');
      return refuse(lane, ev.reason);
    }
    case 'barrier_opened': {
      if (lane.state !== 'opening') return refuse(lane, '没有抬杆指令');
      return {
        lane: {
          ...cleared,
          state: 'open',
          barrier: 'open',
          light: 'green',
          times: { ...lane.times, barrier_open: ev.at },
        },
        actions: [],
      };
    }
    case 'takeover': {
      const manual = { ...cleared, manualSteps: lane.manualSteps + 1 };
      if (ev.step === 'capture') {
        if (lane.state !== 'identified' && lane.state !== 'on_deck') {
          return refuse(lane, '只有已识别、在磅上的车辆可以人工采集');
        }
        if (new Decimal(ev.weight).lt(cfg.minKg)) {
          return refuse(lane, `秤台上无车或重量过低（${ev.weight} kg，最小称量 ${cfg.minKg} kg），不能采集`);
        }
        if (!ev.reason.trim()) return refuse(lane, '手工录入重量必须填写原因');
        const t = lane.truck as LaneTruck;
        return {
          lane: {
            ...manual,
            state: 'capturing',
            times: { ...lane.times, on_deck: lane.times.on_deck ?? ev.at },
          },
          actions: [
            {
              kind: 'capture',
              pass: t.pass,
              plate: t.plate,
              plateRead: t.plateRead,
              slipNo: t.slipNo,
              weighingId: t.openWeighingId,
              weight: ev.weight,
              manual: true,
              manualReason: ev.reason.trim(),
            },
          ],
        };
      }
      if (ev.step === 'print') {
        if (lane.state !== 'printing') return refuse(lane, '没有待打印的磅单');
        return openBarrier({ ...manual, times: { ...lane.times, printed: ev.at } }, [
          lane.truck?.plate ?? '',
          '磅单已出，请下磅离开',
        ]);
      }
      // open: a truck turned away before its capture, or a print / barrier that did not answer
      if (lane.state === 'held') return refuse(lane, '异常过磅未处理，需主管放行或作废后才能抬杆');
      if (lane.state === 'capturing') return refuse(lane, '正在采集，不能抬杆');
      if (lane.state === 'idle' || lane.state === 'open') return refuse(lane, '车道上没有等待抬杆的车辆');
      return openBarrier(manual, [lane.truck?.plate ?? '', '人工抬杆，请离开']);
    }
  }
}

/**
 * What the lane publishes to its department's channel (the monitor and the twin redraw from it): a CHAT message
 * whose content is `{"lane": LaneSnapshot}` — one per transition, and every 2 s while nothing changes.
 */
export interface LaneSnapshot {
  /** the weighbridge's code (the monitor picks its lane by it) */
  scale: string;
  state: LaneState;
  stateLabel: string;
  plate: string;
  plateRead: string;
  pass: Pass | '';
  slipNo: string;
  weighingId: string;
  weight: string;
  stable: boolean;
  sensors: Sensors | null;
  barrier: 'closed' | 'open';
  light: 'red' | 'green';
  led: [string, string];
  /** waiting trucks: plate ('未识别' when none was read yet) and arrival time */
  queue: { plate: string; at: number }[];
  times: Partial<Record<LaneStepName, number>>;
  flags: string[];
  refusal: string;
  /** the camera's last snapshot (address), '' = none */
  photo: string;
  /** the e-ticket sent on the second pass (the trace link), '' = none */
  eticket: string;
  manualSteps: number;
  /** ms */
  at: number;
}

export function laneSnapshot(lane: Lane, scale: string, photo: string, at: number): LaneSnapshot {
  return {
    scale,
    state: lane.state,
    stateLabel: laneStateLabel(lane.state),
    plate: lane.truck?.plate ?? '',
    plateRead: lane.truck?.plateRead ?? '',
    pass: lane.truck?.pass ?? '',
    slipNo: lane.truck?.slipNo ?? '',
    weighingId: lane.weighingId ?? '',
    weight: lane.weight,
    stable: lane.stable,
    sensors: lane.sensors,
    barrier: lane.barrier,
    light: lane.light,
    led: lane.led,
    queue: lane.queue.map((q) => ({ plate: q.plate || '未识别', at: q.at })),
    times: lane.times,
    flags: lane.flags,
    refusal: lane.refusal,
    photo,
    eticket: lane.eticket,
    manualSteps: lane.manualSteps,
    at,
  };
}

/** A snapshot out of a channel message's content, or null when the message is something else (a weight). */
export function snapshotOf(content: string | undefined): LaneSnapshot | null {
  if (!content?.startsWith('{"lane"')) return null;
  try {
    const m = JSON.parse(content) as { lane?: LaneSnapshot };
    return m.lane && typeof m.lane.state === 'string' && typeof m.lane.scale === 'string' ? m.lane : null;
  } catch {
    return null;
  }
}

/**
 * A clerk's takeover as the lane acts on it: identify (a plate typed by the clerk), capture (a manual weight with its
 * reason), print / open (the step by hand). It reaches the lane only through the server: the monitor calls
 * `POST /api/izs-weighing/lane/takeover` (the 接管 button checked there, the command kept as its audit row), the
 * server rings the lane's department channel with `{"laneTakeover": {"scale", "id"}}` (`takeoverBellOf`), and the
 * lane driver claims the pending commands of its weighbridge from the server (`…/lane/takeover/claim`). A bell is
 * only a prompt to claim: whoever rings it, the lane does what the server hands out and nothing else.
 */
export type LaneCommandBody =
  | { step: 'identify'; plate: string }
  | { step: 'capture'; weight: string; reason: string }
  | { step: 'print' | 'open' };
export type LaneCommand = LaneCommandBody & { scale: string };

/** The weighbridge code a takeover bell is for, or null when the message is something else. */
export function takeoverBellOf(content: string | undefined): { scale: string; id: string } | null {
  if (!content?.startsWith('{"laneTakeover"')) return null;
  try {
    const b = (JSON.parse(content) as { laneTakeover?: Record<string, unknown> }).laneTakeover;
    return b && typeof b.scale === 'string' && typeof b.id === 'string' ? { scale: b.scale, id: b.id } : null;
  } catch {
    return null;
  }
}
