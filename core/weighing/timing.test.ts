import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxStats,
  formatDuration,
  localOf,
  quantile,
  type StepRow,
  tareBand,
  timingReport,
  weekdaysIn,
} from './timing.ts';

/** Shanghai wall-clock time (UTC+8, no DST) → epoch ms. */
const sh = (local: string) => Date.parse(`${local}+08:00`);
const step = (weighingId: string, lane: string, pass: string, s: string, local: string): StepRow => ({
  weighingId,
  lane,
  pass,
  step: s,
  at: sh(local),
});

// A hand-made week: lane 1 (an unattended lane with arrivals and one manual station pass), lane 2 (a station).
const steps: StepRow[] = [
  // W1 first pass on lane 1, Monday 2026-11-23: arrived → left in 60 s
  step('W1', '1', 'first', 'arrived', '2026-11-23T08:00:00'),
  step('W1', '1', 'first', 'on_deck', '2026-11-23T08:00:30'),
  step('W1', '1', 'first', 'stable', '2026-11-23T08:00:40'),
  step('W1', '1', 'first', 'captured', '2026-11-23T08:00:45'),
  step('W1', '1', 'first', 'left', '2026-11-23T08:01:00'),
  // W2 arrives while W1 waits to drive on (queue 1); flagged, released two hours later: 110 s (the markers are no end)
  step('W2', '1', 'first', 'arrived', '2026-11-23T08:00:10'),
  step('W2', '1', 'first', 'on_deck', '2026-11-23T08:01:10'),
  step('W2', '1', 'first', 'stable', '2026-11-23T08:01:20'),
  step('W2', '1', 'first', 'captured', '2026-11-23T08:01:30'),
  step('W2', '1', 'first', 'flagged', '2026-11-23T08:01:30'),
  step('W2', '1', 'first', 'released', '2026-11-23T10:00:00'),
  step('W2', '1', 'first', 'left', '2026-11-23T08:02:00'),
  // W1 second pass and W3: a manual station's stable → captured, 8 s and 4 s
  step('W1', '1', 'second', 'stable', '2026-11-23T09:30:00'),
  step('W1', '1', 'second', 'captured', '2026-11-23T09:30:08'),
  step('W3', '1', 'first', 'captured', '2026-11-23T09:40:04'),
  step('W3', '1', 'first', 'stable', '2026-11-23T09:40:00'),
  // lane 2: Tuesday 14:05 (6 s), 14:20 (captured only: a truck, no cycle), Monday 00:30 local (= Sunday 16:30 UTC)
  step('W4', '2', 'first', 'stable', '2026-11-24T14:05:00'),
  step('W4', '2', 'first', 'captured', '2026-11-24T14:05:06'),
  step('W5', '2', 'first', 'captured', '2026-11-24T14:20:00'),
  step('W7', '2', 'first', 'captured', '2026-11-23T00:30:00'),
  // outside the range: Wednesday 00:30 local (still Tuesday in UTC), and the Sunday before
  step('W6', '2', 'first', 'stable', '2026-11-25T00:29:00'),
  step('W6', '2', 'first', 'captured', '2026-11-25T00:30:00'),
  step('W8', '1', 'first', 'captured', '2026-11-15T23:59:59'),
];
const exceptions = [
  { lane: '1', kind: 'tare_deviation', at: sh('2026-11-23T08:01:30') },
  { lane: '1', kind: 'manual_entry', at: sh('2026-11-23T09:40:04') },
  { lane: '1', kind: 'tare_deviation', at: sh('2026-11-23T09:50:00') },
  { lane: '2', kind: 'quick_reweigh', at: sh('2026-11-24T14:20:00') },
  { lane: '2', kind: 'quick_reweigh', at: sh('2026-11-25T00:30:00') },
];
const report = timingReport({
  steps,
  exceptions,
  lanes: [
    { id: '1', name: '1号地磅' },
    { id: '2', name: '2号地磅' },
    { id: '3', name: '3号地磅（无数据）' },
  ],
  from: '2026-11-16',
  to: '2026-11-24',
  tz: 'Asia/Shanghai',
});

describe('quantiles (nearest rank, whole ms)', () => {
  it('the value at rank ⌈p·n⌉', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([4, 8, 60, 110], 0.5)).toBe(8); // lower middle of an even count
    expect(quantile([4, 8, 60, 110], 0.9)).toBe(110);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(quantile([7], 0)).toBe(7);
    expect(quantile([1, 2, 3, 4, 5, 6, 7], 0.9)).toBe(7); // ⌈6.3⌉ = 7, not the nearest 6
    expect(boxStats([10, 4, 8, 5])).toEqual({ n: 4, min: 4, q1: 4, median: 5, q3: 8, max: 10 });
  });
  it('weekdays of a range', () => {
    // 2026-11-16 is a Monday: Mon and Tue twice, the others once
    expect(weekdaysIn('2026-11-16', '2026-11-24')).toEqual([0, 2, 2, 1, 1, 1, 1, 1]);
  });
});

describe('timingReport on a hand-made week', () => {
  it('lane 1: cycles arrival → leaving and stable → captured, markers are no end', () => {
    const a = report.lanes.find((l) => l.lane === '1');
    expect(a).toMatchObject({
      name: '1号地磅',
      passes: 4,
      cycles: 4,
      cycleMedianMs: 8_000,
      cycleP90Ms: 110_000,
      busyHours: 2,
      trucksPerHour: '2.0',
      queueMean: '0.5',
      queueMax: 1,
      exceptionTotal: 3,
      exceptions: [
        { kind: 'tare_deviation', label: '皮重超出档案范围', count: 2 },
        { kind: 'manual_entry', label: '手工录入重量', count: 1 },
      ],
    });
    expect(a?.steps).toEqual([
      {
        segment: 'arrived>on_deck',
        label: '到达→上磅',
        n: 2,
        min: 30_000,
        q1: 30_000,
        median: 30_000,
        q3: 60_000,
        max: 60_000,
      },
      {
        segment: 'on_deck>stable',
        label: '上磅→稳定',
        n: 2,
        min: 10_000,
        q1: 10_000,
        median: 10_000,
        q3: 10_000,
        max: 10_000,
      },
      {
        segment: 'stable>captured',
        label: '稳定→采集',
        n: 4,
        min: 4_000,
        q1: 4_000,
        median: 5_000,
        q3: 8_000,
        max: 10_000,
      },
      {
        segment: 'captured>left',
        label: '采集→离开',
        n: 2,
        min: 15_000,
        q1: 15_000,
        median: 15_000,
        q3: 30_000,
        max: 30_000,
      },
    ]);
  });

  it('lane 2: a pass without a cycle still counts as a truck; the day is the tenant’s, not UTC’s', () => {
    const b = report.lanes.find((l) => l.lane === '2');
    expect(b).toMatchObject({
      passes: 3,
      cycles: 1,
      cycleMedianMs: 6_000,
      cycleP90Ms: 6_000,
      busyHours: 2,
      trucksPerHour: '1.5',
      queueMean: null,
      queueMax: null,
      exceptionTotal: 1,
      exceptions: [{ kind: 'quick_reweigh', label: '短时间重复过磅', count: 1 }],
    });
  });

  it('a lane without data is left out; all lanes together', () => {
    expect(report.lanes.map((l) => l.lane)).toEqual(['1', '2']);
    expect(report.all).toMatchObject({
      passes: 7,
      cycles: 5,
      cycleMedianMs: 8_000,
      cycleP90Ms: 110_000,
      busyHours: 4,
      trucksPerHour: '1.8', // 7 / 4 = 1.75, half-up
      exceptionTotal: 4,
    });
  });

  it('heatmap: trucks per (weekday, hour) ÷ that weekday’s days in the range', () => {
    expect(report.heatmap).toHaveLength(7 * 24);
    const cell = (wd: number, h: number) => report.heatmap.find((c) => c.weekday === wd && c.hour === h);
    expect(cell(1, 8)).toEqual({ weekday: 1, hour: 8, trucks: 2, perHour: '1.00' });
    expect(cell(1, 9)).toEqual({ weekday: 1, hour: 9, trucks: 2, perHour: '1.00' });
    expect(cell(1, 0)).toEqual({ weekday: 1, hour: 0, trucks: 1, perHour: '0.50' });
    expect(cell(2, 14)).toEqual({ weekday: 2, hour: 14, trucks: 2, perHour: '1.00' });
    expect(cell(3, 0)).toEqual({ weekday: 3, hour: 0, trucks: 0, perHour: '0.00' });
    expect(report.heatmap.reduce((s, c) => s + c.trucks, 0)).toBe(7);
  });

  it('a one-day range has only its weekday', () => {
    const one = timingReport({
      steps,
      exceptions,
      lanes: [],
      from: '2026-11-24',
      to: '2026-11-24',
      tz: 'Asia/Shanghai',
    });
    expect(new Set(one.heatmap.map((c) => c.weekday))).toEqual(new Set([2]));
    expect(one.all).toMatchObject({ passes: 2, cycles: 1, trucksPerHour: '2.0', exceptionTotal: 1 });
    expect(one.lanes).toEqual([]);
  });
});

describe('tareBand (decimal kg)', () => {
  const history = [
    { time: '2026-11-20 10:00:00', orderNo: 'GB4', tareKg: '11200' },
    { time: '2026-11-17 10:00:00', orderNo: 'GB1', tareKg: '15000' },
    { time: '2026-11-18 10:00:00', orderNo: 'GB2', tareKg: '15100' },
    { time: '2026-11-19 10:00:00', orderNo: 'GB3', tareKg: '14900.5' },
  ];
  it('without a standard: the mean of the three before, ± tolerance', () => {
    expect(tareBand(history, null, '10')).toEqual([
      {
        time: '2026-11-17 10:00:00',
        orderNo: 'GB1',
        tareKg: '15000',
        referenceKg: null,
        lowKg: null,
        highKg: null,
        outside: false,
      },
      {
        time: '2026-11-18 10:00:00',
        orderNo: 'GB2',
        tareKg: '15100',
        referenceKg: '15000',
        lowKg: '13500',
        highKg: '16500',
        outside: false,
      },
      {
        time: '2026-11-19 10:00:00',
        orderNo: 'GB3',
        tareKg: '14900.5',
        referenceKg: '15050',
        lowKg: '13545',
        highKg: '16555',
        outside: false,
      },
      // (15000 + 15100 + 14900.5) / 3 = 15000.1666… → 15000.167; × 0.9 = 13500.1503 → 13500.15
      {
        time: '2026-11-20 10:00:00',
        orderNo: 'GB4',
        tareKg: '11200',
        referenceKg: '15000.167',
        lowKg: '13500.15',
        highKg: '16500.184',
        outside: true,
      },
    ]);
  });
  it('a standard tare is the reference of every point', () => {
    const b = tareBand(history, '12000', '7.5');
    expect(b.map((p) => [p.referenceKg, p.lowKg, p.highKg, p.outside])).toEqual([
      ['12000', '11100', '12900', true],
      ['12000', '11100', '12900', true],
      ['12000', '11100', '12900', true],
      ['12000', '11100', '12900', false],
    ]);
  });
});

describe('formatDuration', () => {
  it('seconds under two minutes, else minutes, half-up', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(4_050)).toBe('4.1 秒');
    expect(formatDuration(119_999)).toBe('120.0 秒');
    expect(formatDuration(150_000)).toBe('2.5 分钟');
  });
});

describe('tareBand ordering', () => {
  it('weighings in the same second keep the order of their numbers', () => {
    const t = '2026-11-28 10:00:00';
    const band = tareBand(
      [
        { time: t, orderNo: 'GB202611280004', tareKg: '11200' },
        { time: t, orderNo: 'GB202611280002', tareKg: '15100' },
        { time: t, orderNo: 'GB202611280001', tareKg: '15000' },
        { time: t, orderNo: 'GB202611280003', tareKg: '14900' },
      ],
      null,
      '10',
    );
    expect(band.map((p) => p.orderNo)).toEqual([
      'GB202611280001',
      'GB202611280002',
      'GB202611280003',
      'GB202611280004',
    ]);
    expect(band.filter((p) => p.outside).map((p) => p.orderNo)).toEqual(['GB202611280004']);
  });
});

describe('at a year’s size', () => {
  it('the queue: for each arrival, the passes arrived before it (ties in pass order) not yet on the deck', () => {
    const t0 = Date.parse('2026-11-23T08:00:00+08:00');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 120 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (visits) => {
          const arrivals = visits.map(([a, wait]) => ({ arrived: t0 + a * 1000, entered: t0 + (a + wait) * 1000 }));
          const rows = arrivals.flatMap((v, i): StepRow[] => [
            { weighingId: `W${i}`, lane: '1', pass: 'first', step: 'arrived', at: v.arrived },
            { weighingId: `W${i}`, lane: '1', pass: 'first', step: 'on_deck', at: v.entered },
          ]);
          // the definition, word for word (quadratic)
          const lengths = arrivals.map(
            (a, i) =>
              arrivals.filter(
                (b, j) =>
                  j !== i && (b.arrived < a.arrived || (b.arrived === a.arrived && j < i)) && b.entered > a.arrived,
              ).length,
          );
          const lane = timingReport({
            steps: rows,
            exceptions: [],
            lanes: [{ id: '1', name: '1号地磅' }],
            from: '2026-11-23',
            to: '2026-11-23',
            tz: 'Asia/Shanghai',
          }).lanes[0];
          expect(lane.queueMax).toBe(Math.max(...lengths));
          expect(lane.queueMean).toBe((lengths.reduce((x, y) => x + y, 0) / lengths.length).toFixed(1));
        },
      ),
    );
  });

  it('local date, weekday and hour kept per quarter hour agree with Intl at every instant, DST and odd offsets too', () => {
    const zones = ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Europe/London'];
    const fresh = (tz: string, ms: number) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          hourCycle: 'h23',
          weekday: 'short',
        })
          .formatToParts(new Date(ms))
          .map((x) => [x.type, x.value]),
      );
      const wd = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday) + 1;
      return { date: `${p.year}-${p.month}-${p.day}`, weekday: wd, hour: Number(p.hour) % 24 };
    };
    const cached = new Map(zones.map((z) => [z, localOf(z)]));
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 2026 and 2027, both DST changes of each zone included
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T23:59:59Z') }),
        (tz, ms) => {
          expect((cached.get(tz) as (ms: number) => unknown)(ms)).toEqual(fresh(tz, ms));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
