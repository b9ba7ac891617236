import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, evaluate, type Fix, initialAlarmState, offlineDue, prepareFences } from './alarms.ts';
import { detectStops, motionOf, thinTimes } from './geo.ts';

// a real polygon: the yard of 佛山禅城料场, ~400 m × 300 m
const yard = prepareFences([
  {
    id: 'f1',
    name: '禅城料场',
    rings: [
      [
        [113.12, 23.02],
        [113.124, 23.02],
        [113.124, 23.023],
        [113.12, 23.023],
        [113.12, 23.02],
      ],
    ],
  },
]);

/** Runs a made track through the rules, collecting alarm types with their fix index. */
function run(track: Fix[], route?: [number, number][]) {
  let s = initialAlarmState();
  const out: string[] = [];
  track.forEach((f, i) => {
    const r = evaluate(s, f, { rules: DEFAULT_RULES, fences: yard, route });
    s = r.state;
    for (const a of r.alarms) out.push(`${i}:${a.type}`);
  });
  return out;
}

const t0 = Date.UTC(2026, 10, 24, 1);
/** n fixes at 1 Hz moving east from (lon, lat) at `speed` km/h. */
function drive(n: number, lon: number, lat: number, speed: number, start = t0): Fix[] {
  return Array.from({ length: n }, (_, i) => ({
    time: start + i * 1000,
    lon: lon + (speed / 3.6 / 102_000) * i,
    lat,
    speed,
  }));
}

describe('alarm rules on made tracks', () => {
  it('overspeed after 10 s above 80 km/h, once per episode, re-armed below the limit', () => {
    const fast = drive(15, 113.0, 23.1, 95);
    expect(run(fast)).toEqual(['10:overspeed']);
    const bursts = [
      ...drive(5, 113, 23.1, 95),
      ...drive(3, 113.01, 23.1, 60, t0 + 5000),
      ...drive(8, 113.02, 23.1, 95, t0 + 8000),
    ];
    expect(run(bursts)).toEqual([]); // no burst lasted 10 s
    const twice = [
      ...drive(11, 113, 23.1, 90),
      ...drive(2, 113.01, 23.1, 50, t0 + 11_000),
      ...drive(11, 113.02, 23.1, 90, t0 + 13_000),
    ];
    expect(run(twice)).toEqual(['10:overspeed', '23:overspeed']);
  });

  it('the terminal overspeed bit raises at once', () => {
    expect(run([{ time: t0, lon: 113, lat: 23.1, speed: 60, alarmBits: 0x2 }])).toEqual(['0:overspeed']);
  });

  it('geofence enter and leave with a two-fix debounce (first fix only sets the state)', () => {
    const track: Fix[] = [
      [113.11, 23.021], // outside
      [113.119, 23.021], // outside
      [113.121, 23.021], // inside (1)
      [113.122, 23.021], // inside (2) → enter
      [113.123, 23.021],
      [113.125, 23.021], // outside (1)
      [113.123, 23.021], // back inside: the pending leave is dropped
      [113.126, 23.021], // outside (1)
      [113.127, 23.021], // outside (2) → leave
    ].map(([lon, lat], i) => ({ time: t0 + i * 1000, lon, lat, speed: 20 }));
    expect(run(track)).toEqual(['3:fence_in', '8:fence_out']);
  });

  it('a vehicle that starts inside raises nothing until it leaves', () => {
    const track = [113.121, 113.122, 113.13, 113.131].map((lon, i) => ({
      time: t0 + i * 1000,
      lon,
      lat: 23.021,
      speed: 20,
    }));
    expect(run(track)).toEqual(['3:fence_out']);
  });

  it('long stop after 10 minutes within 50 m; creeping within the radius does not reset it', () => {
    const stop = Array.from({ length: 11 * 60 }, (_, i) => ({
      time: t0 + i * 1000,
      lon: 113 + (i % 5) * 0.00001,
      lat: 23.1,
      speed: 0,
    }));
    expect(run(stop)).toEqual(['600:long_stop']);
    const moved = [...stop.slice(0, 300), ...stop.slice(300, 660).map((f) => ({ ...f, lon: f.lon + 0.01 }))];
    expect(run(moved)).toEqual([]);
  });

  it('off route after two fixes beyond 500 m of the planned route', () => {
    const route: [number, number][] = [
      [113.0, 23.1],
      [113.1, 23.1],
    ];
    const track = [23.1, 23.101, 23.106, 23.107, 23.108, 23.1].map((lat, i) => ({
      time: t0 + i * 1000,
      lon: 113.05,
      lat,
      speed: 40,
    }));
    expect(run(track, route)).toEqual(['3:off_route']);
  });

  it('offline after 5 minutes without a report', () => {
    expect(offlineDue(t0, t0 + 299_000, DEFAULT_RULES)).toBe(false);
    expect(offlineDue(t0, t0 + 300_000, DEFAULT_RULES)).toBe(true);
  });
});

describe('track helpers', () => {
  it('detectStops marks a stay of 3 minutes with its length', () => {
    const pts = [
      ...drive(60, 113, 23.1, 40).map((f) => ({ ...f })),
      ...Array.from({ length: 180 }, (_, i) => ({ time: t0 + 60_000 + i * 1000, lon: 113.0065, lat: 23.1, speed: 0 })),
      ...drive(60, 113.0066, 23.1, 40, t0 + 240_000),
    ];
    const stops = detectStops(pts, 60, 120);
    expect(stops).toHaveLength(1);
    expect(stops[0].seconds).toBeGreaterThanOrEqual(179);
    expect(stops[0].seconds).toBeLessThan(200);
  });
  it('motionOf', () => {
    expect(motionOf(null, t0, 300)).toBe('offline');
    expect(motionOf({ time: t0, speed: 50 }, t0 + 1000, 300)).toBe('moving');
    expect(motionOf({ time: t0, speed: 0 }, t0 + 1000, 300)).toBe('stopped');
    expect(motionOf({ time: t0, speed: 50 }, t0 + 301_000, 300)).toBe('offline');
  });
  it('thinTimes keeps the first point of each bucket', () => {
    expect(thinTimes([0, 10_000, 30_000, 60_000, 61_000, 125_000], 60)).toEqual([10_000, 30_000, 61_000]);
  });
});
