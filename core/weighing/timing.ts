/**
 * 过磅时效 — the scale house's clock (issue 24): what a lane's recorded step times (izs_weighing_step) say, as pure
 * functions shared by the server's report (server/modules/izs-weighing-order/timing.ts), the 过磅时效 screen and the
 * weighbridge wall screen's panel (one definition, computed once on the server).
 *
 * Definitions (the screen's hint repeats them):
 * - A **pass** is one visit of a truck on a lane: the steps of one weighing with the same `pass` (first | second).
 *   Its lane is the weighing's weighbridge. It belongs to the day (tenant time zone) of its `captured` step, or of
 *   its first step when it was never captured; the range [from, to] is whole days, both included.
 * - **Cycle time** of a pass = the time of its last lane step − the time of its first lane step, where lane steps
 *   are every step except the exception markers `flagged` and `released` (a supervisor's release can come hours
 *   later; a truck held on the deck shows in `barrier_open` / `left` when the lane records them). Today's manual
 *   station records `stable` (the start of the stable window the capture used) and `captured`, so its cycle is
 *   stable → captured; an unattended lane records arrived … left and its cycle is arrival → leaving. A pass with
 *   fewer than two lane steps has no cycle.
 * - **Median / p90** are nearest-rank quantiles: the value at rank ⌈p·n⌉ of the n sorted values (the median of an
 *   even count is the lower middle), so every figure is a measured duration in whole milliseconds.
 * - **Trucks per hour** of a lane = its captured passes ÷ its busy hours (clock hours, tenant time, in which it
 *   captured at least one pass), one decimal half-up. The heatmap cell (weekday, hour) = passes captured in that
 *   hour ÷ the number of such weekdays in the range (two decimals).
 * - **Queue** (only where the lane records `arrived`): at each arrival, the passes of the same lane that arrived
 *   earlier and had not yet reached their next step; mean (one decimal) and maximum. Null when nothing arrived.
 * - **Step durations** (box plots): for each pair of consecutive lane steps of a pass, the later one's time − the
 *   earlier one's, grouped by the pair ("稳定→采集"); min, q1, median, q3, max by the same nearest rank.
 * - **Exceptions by kind**: 异常过磅 rows (izs_weigh_exception) opened in the range, by lane and kind.
 */
import Decimal from 'decimal.js';
import { decimalFixed } from '../format/amounts.ts';
import { FLAG_KINDS, referenceTare } from './anti-cheat.ts';

export const STEPS = [
  { value: 'arrived', label: '到达' },
  { value: 'identified', label: '识别' },
  { value: 'on_deck', label: '上磅' },
  { value: 'stable', label: '稳定' },
  { value: 'captured', label: '采集' },
  { value: 'flagged', label: '报异常' },
  { value: 'released', label: '放行' },
  { value: 'printed', label: '打印' },
  { value: 'barrier_open', label: '抬杆' },
  { value: 'left', label: '离开' },
] as const;
const MARKERS = new Set(['flagged', 'released']);
const ORDER = new Map<string, number>(STEPS.map((s, i) => [s.value, i]));
const LABEL = new Map<string, string>(STEPS.map((s) => [s.value, s.label]));
export const stepLabel = (s: string) => LABEL.get(s) ?? s;
export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export interface StepRow {
  weighingId: string;
  /** The weighing's weighbridge id ('' when none). */
  lane: string;
  pass: string;
  step: string;
  /** epoch ms */
  at: number;
}
export interface ExceptionIn {
  lane: string;
  kind: string;
  /** epoch ms of its opening */
  at: number;
}
export interface TimingInput {
  steps: StepRow[];
  exceptions: ExceptionIn[];
  lanes: { id: string; name: string }[];
  /** yyyy-MM-dd, both included, in `tz` */
  from: string;
  to: string;
  tz: string;
}

export interface BoxStats {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}
export interface LaneTiming {
  lane: string;
  name: string;
  /** captured passes */
  passes: number;
  cycles: number;
  cycleMedianMs: number | null;
  cycleP90Ms: number | null;
  busyHours: number;
  /** one decimal, null without a captured pass */
  trucksPerHour: string | null;
  queueMean: string | null;
  queueMax: number | null;
  exceptions: { kind: string; label: string; count: number }[];
  exceptionTotal: number;
  steps: ({ segment: string; label: string } & BoxStats)[];
}
export interface HeatCell {
  /** 1 = 周一 … 7 = 周日 */
  weekday: number;
  hour: number;
  trucks: number;
  /** trucks ÷ that weekday's days in the range, two decimals */
  perHour: string;
}
export interface TimingReport {
  lanes: LaneTiming[];
  /** every lane together (the wall screen's figures when it shows them all) */
  all: LaneTiming;
  heatmap: HeatCell[];
}

/** Nearest-rank quantile of ascending values (p in [0, 1]); null when empty. */
export function quantile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function boxStats(values: number[]): BoxStats | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    min: s[0],
    q1: quantile(s, 0.25) as number,
    median: quantile(s, 0.5) as number,
    q3: quantile(s, 0.75) as number,
    max: s[s.length - 1],
  };
}

interface Local {
  date: string;
  weekday: number;
  hour: number;
}
const WD: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** A quarter hour: every zone's offset is a whole number of them, so a local hour starts on one. */
const QUARTER_HOUR = 900_000;

/**
 * The local date, ISO weekday and hour of an instant in a time zone. Intl's formatToParts costs microseconds a call
 * and a year's report asks for hundreds of thousands of instants: the answer is kept per UTC quarter hour, inside
 * which the local date and hour cannot change.
 */
export function localOf(tz: string): (ms: number) => Local {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  });
  const known = new Map<number, Local>();
  return (ms) => {
    const q = Math.floor(ms / QUARTER_HOUR);
    let l = known.get(q);
    if (!l) {
      const p = Object.fromEntries(f.formatToParts(new Date(q * QUARTER_HOUR)).map((x) => [x.type, x.value]));
      l = { date: `${p.year}-${p.month}-${p.day}`, weekday: WD[p.weekday] ?? 1, hour: Number(p.hour) % 24 };
      known.set(q, l);
    }
    return l;
  };
}

/** How many of each ISO weekday (index 1..7) the days from..to (yyyy-MM-dd, both included) hold. */
export function weekdaysIn(from: string, to: string): number[] {
  const n = [0, 0, 0, 0, 0, 0, 0, 0];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= end; d += 86_400_000) {
    const wd = new Date(d).getUTCDay();
    n[wd === 0 ? 7 : wd]++;
  }
  return n;
}

interface Pass {
  lane: string;
  steps: { step: string; at: number }[];
}

function laneTiming(lane: string, name: string, passes: Pass[], exceptions: ExceptionIn[], loc: (ms: number) => Local) {
  const cycles: number[] = [];
  const segments = new Map<string, number[]>();
  const hours = new Set<string>();
  let captured = 0;
  const arrivals: { arrived: number; entered: number }[] = [];
  for (const p of passes) {
    const lane = p.steps.filter((s) => !MARKERS.has(s.step));
    if (lane.length >= 2) cycles.push(lane[lane.length - 1].at - lane[0].at);
    for (let i = 1; i < lane.length; i++) {
      const key = `${lane[i - 1].step}>${lane[i].step}`;
      const list = segments.get(key) ?? [];
      list.push(lane[i].at - lane[i - 1].at);
      segments.set(key, list);
    }
    const cap = p.steps.find((s) => s.step === 'captured');
    if (cap) {
      captured++;
      const l = loc(cap.at);
      hours.add(`${l.date} ${l.hour}`);
    }
    const ai = lane.findIndex((s) => s.step === 'arrived');
    if (ai >= 0 && ai + 1 < lane.length) arrivals.push({ arrived: lane[ai].at, entered: lane[ai + 1].at });
  }
  cycles.sort((a, b) => a - b);
  let queueMean: string | null = null;
  let queueMax: number | null = null;
  if (arrivals.length) {
    // in arrival order (ties in pass order): the trucks still waiting are those arrived earlier whose next step is
    // later than this arrival — one that has left the queue by then has left it for every later arrival too
    const order = arrivals.map((a, i) => ({ ...a, i })).sort((x, y) => x.arrived - y.arrived || x.i - y.i);
    let waiting: number[] = [];
    const lengths: number[] = [];
    for (const a of order) {
      waiting = waiting.filter((entered) => entered > a.arrived);
      lengths.push(waiting.length);
      waiting.push(a.entered);
    }
    queueMax = Math.max(...lengths);
    queueMean = decimalFixed(new Decimal(lengths.reduce((s, v) => s + v, 0)).div(lengths.length), 1);
  }
  const byKind = new Map<string, number>();
  for (const e of exceptions) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
  const steps = [...segments.entries()]
    .map(([segment, values]) => {
      const [a, b] = segment.split('>');
      return { segment, label: `${stepLabel(a)}→${stepLabel(b)}`, ...(boxStats(values) as BoxStats), a, b };
    })
    .sort((x, y) => (ORDER.get(x.b) ?? 99) - (ORDER.get(y.b) ?? 99) || (ORDER.get(x.a) ?? 99) - (ORDER.get(y.a) ?? 99))
    .map(({ a: _a, b: _b, ...s }) => s);
  const timing: LaneTiming = {
    lane,
    name,
    passes: captured,
    cycles: cycles.length,
    cycleMedianMs: quantile(cycles, 0.5),
    cycleP90Ms: quantile(cycles, 0.9),
    busyHours: hours.size,
    trucksPerHour: hours.size ? decimalFixed(new Decimal(captured).div(hours.size), 1) : null,
    queueMean,
    queueMax,
    exceptions: FLAG_KINDS.filter((k) => byKind.has(k.value)).map((k) => ({
      kind: k.value,
      label: k.label,
      count: byKind.get(k.value) ?? 0,
    })),
    exceptionTotal: exceptions.length,
    steps,
  };
  return timing;
}

/** The report of a range: per lane, all lanes together, and the weekday × hour heatmap. */
export function timingReport(input: TimingInput): TimingReport {
  const loc = localOf(input.tz);
  const inRange = (ms: number) => {
    const d = loc(ms).date;
    return d >= input.from && d <= input.to;
  };
  const byPass = new Map<string, Pass>();
  for (const s of input.steps) {
    const key = `${s.weighingId}:${s.pass}`;
    const p = byPass.get(key) ?? { lane: s.lane, steps: [] };
    p.steps.push({ step: s.step, at: s.at });
    byPass.set(key, p);
  }
  const passes: Pass[] = [];
  for (const p of byPass.values()) {
    p.steps.sort((a, b) => a.at - b.at || (ORDER.get(a.step) ?? 99) - (ORDER.get(b.step) ?? 99));
    const anchor = p.steps.find((s) => s.step === 'captured') ?? p.steps[0];
    if (inRange(anchor.at)) passes.push(p);
  }
  const exceptions = input.exceptions.filter((e) => inRange(e.at));
  const lanes = input.lanes
    .map((l) =>
      laneTiming(
        l.id,
        l.name,
        passes.filter((p) => p.lane === l.id),
        exceptions.filter((e) => e.lane === l.id),
        loc,
      ),
    )
    .filter((l) => l.passes > 0 || l.cycles > 0 || l.exceptionTotal > 0);
  const days = weekdaysIn(input.from, input.to);
  const counts = new Map<string, number>();
  for (const p of passes) {
    const cap = p.steps.find((s) => s.step === 'captured');
    if (!cap) continue;
    const l = loc(cap.at);
    const key = `${l.weekday}:${l.hour}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const heatmap: HeatCell[] = [];
  for (let wd = 1; wd <= 7; wd++) {
    if (!days[wd]) continue;
    for (let h = 0; h < 24; h++) {
      const trucks = counts.get(`${wd}:${h}`) ?? 0;
      heatmap.push({
        weekday: wd,
        hour: h,
        trucks,
        perHour: decimalFixed(new Decimal(trucks).div(days[wd]), 2),
      });
    }
  }
  return { lanes, all: laneTiming('', '全部地磅', passes, exceptions, loc), heatmap };
}

export interface TarePoint {
  time: string;
  orderNo: string;
  tareKg: string;
  /** What the rule compared with then: the standard tare, else the mean of the three tares before (null: none). */
  referenceKg: string | null;
  lowKg: string | null;
  highKg: string | null;
  outside: boolean;
}

/**
 * A vehicle's tare history against its band (kg strings, decimal): oldest first; each tare's reference is the
 * archive's valid standard tare, else the mean of the three tares before it (core/weighing/anti-cheat.ts
 * referenceTare, as a capture then saw it); the band is reference ± tolerancePct %.
 */
export function tareBand(
  history: { time: string; orderNo: string; tareKg: string }[],
  standardKg: string | null,
  tolerancePct: string,
): TarePoint[] {
  // oldest first; weighings of one second keep the order they were numbered in (the daily sequence of the number)
  const oldestFirst = [...history].sort((a, b) =>
    a.time !== b.time ? (a.time < b.time ? -1 : 1) : a.orderNo < b.orderNo ? -1 : a.orderNo > b.orderNo ? 1 : 0,
  );
  const tol = new Decimal(tolerancePct).div(100);
  return oldestFirst.map((h, i) => {
    const before = oldestFirst
      .slice(0, i)
      .reverse()
      .map((x) => x.tareKg);
    const ref = referenceTare({ standard: standardKg, recent: before });
    if (ref === null) return { ...h, referenceKg: null, lowKg: null, highKg: null, outside: false };
    const low = new Decimal(ref).times(new Decimal(1).minus(tol)).toDecimalPlaces(3);
    const high = new Decimal(ref).times(new Decimal(1).plus(tol)).toDecimalPlaces(3);
    const t = new Decimal(h.tareKg);
    return {
      ...h,
      referenceKg: ref,
      lowKg: low.toString(),
      highKg: high.toString(),
      outside: t.lt(low) || t.gt(high),
    };
  });
}

/** A duration for people: under two minutes in seconds (one decimal), else minutes (one decimal); null → '—'. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 120_000
    ? `${decimalFixed(new Decimal(ms).div(1000), 1)} 秒`
    : `${decimalFixed(new Decimal(ms).div(60_000), 1)} 分钟`;
}
