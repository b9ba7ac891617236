/**
 * Alarm rules evaluated as each position arrives (pure: state in, state + raised alarms out).
 *
 * - overspeed  超速: speed above the limit for at least `overspeedSeconds` (JT/T 808 params 0x0055 / 0x0056
 *   mirror this), or the terminal's own alarm bit1; raised once per episode, re-armed when back under the limit.
 * - fence_in / fence_out 进/出围栏: point-in-polygon (@turf/boolean-point-in-polygon) against each site's geofence,
 *   after a bbox prefilter; a change counts after 2 consecutive fixes (debounce); the first fix only sets the state.
 * - off_route 偏离路线: farther than `offRouteMeters` from the order's planned route for 2 consecutive fixes.
 * - long_stop 长时间停车: under `stopSpeedKmh` within `stopRadiusMeters` of where it stopped for `longStopSeconds`.
 * - offline 设备离线: no report for `offlineSeconds` (checked by a sweep, `offlineDue`).
 * Fixes without a GNSS fix (status bit1 = 0) are ignored by the caller.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { lineString, point, polygon } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';
import { type LonLat, metres } from './geo.ts';

export const ALARM_TYPES = ['overspeed', 'fence_in', 'fence_out', 'off_route', 'long_stop', 'offline'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
export const ALARM_TYPE_LABELS: Record<AlarmType, string> = {
  overspeed: '超速',
  fence_in: '进入围栏',
  fence_out: '离开围栏',
  off_route: '偏离路线',
  long_stop: '长时间停车',
  offline: '设备离线',
};

export interface AlarmRules {
  speedLimitKmh: number;
  overspeedSeconds: number;
  stopSpeedKmh: number;
  stopRadiusMeters: number;
  longStopSeconds: number;
  offRouteMeters: number;
  offlineSeconds: number;
}

export const DEFAULT_RULES: AlarmRules = {
  speedLimitKmh: 80,
  overspeedSeconds: 10,
  stopSpeedKmh: 3,
  stopRadiusMeters: 50,
  longStopSeconds: 600,
  offRouteMeters: 500,
  offlineSeconds: 300,
};

export interface Fence {
  id: string;
  name: string;
  /** closed ring(s) of [lon, lat] */
  rings: LonLat[][];
}

export interface Fix {
  time: number;
  lon: number;
  lat: number;
  speed: number;
  /** terminal alarm flags (JT/T 808 报警标志) */
  alarmBits?: number;
}

export interface VehicleAlarmState {
  overSince: number | null;
  overRaised: boolean;
  /** fence id → inside? (known state) */
  inside: Record<string, boolean>;
  /** fence id → candidate state and how many fixes saw it */
  pending: Record<string, { inside: boolean; n: number }>;
  stop: { since: number; at: LonLat; raised: boolean } | null;
  offCount: number;
  offRaised: boolean;
}

export interface RaisedAlarm {
  type: AlarmType;
  time: number;
  lon: number;
  lat: number;
  speed: number;
  detail: string;
  fenceId?: string;
}

export const initialAlarmState = (): VehicleAlarmState => ({
  overSince: null,
  overRaised: false,
  inside: {},
  pending: {},
  stop: null,
  offCount: 0,
  offRaised: false,
});

interface PreparedFence extends Fence {
  bbox: [number, number, number, number];
  poly: ReturnType<typeof polygon>;
}

/** Fences with their bbox and turf polygon built once. */
export function prepareFences(fences: Fence[]): PreparedFence[] {
  return fences
    .filter((f) => f.rings.length > 0 && f.rings[0].length >= 4)
    .map((f) => {
      const xs = f.rings[0].map((p) => p[0]);
      const ys = f.rings[0].map((p) => p[1]);
      return {
        ...f,
        bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        poly: polygon(f.rings),
      };
    });
}

function insideFence(f: PreparedFence, lon: number, lat: number): boolean {
  const [x0, y0, x1, y1] = f.bbox;
  if (lon < x0 || lon > x1 || lat < y0 || lat > y1) return false;
  return booleanPointInPolygon(point([lon, lat]), f.poly);
}

/** Distance in metres from a point to a polyline route. */
export function distanceToRoute(route: LonLat[], lon: number, lat: number): number {
  if (route.length < 2) return 0;
  return pointToLineDistance(point([lon, lat]), lineString(route), { units: 'meters' });
}

export function evaluate(
  prev: VehicleAlarmState,
  fix: Fix,
  ctx: { rules: AlarmRules; fences: PreparedFence[]; route?: LonLat[] | null },
): { state: VehicleAlarmState; alarms: RaisedAlarm[] } {
  const { rules } = ctx;
  const s: VehicleAlarmState = {
    ...prev,
    inside: { ...prev.inside },
    pending: { ...prev.pending },
    stop: prev.stop ? { ...prev.stop } : null,
  };
  const alarms: RaisedAlarm[] = [];
  const raise = (type: AlarmType, detail: string, fenceId?: string) =>
    alarms.push({ type, time: fix.time, lon: fix.lon, lat: fix.lat, speed: fix.speed, detail, fenceId });

  // overspeed
  const terminalOver = ((fix.alarmBits ?? 0) & 0x2) !== 0;
  if (fix.speed > rules.speedLimitKmh || terminalOver) {
    if (s.overSince === null) s.overSince = fix.time;
    if (!s.overRaised && (terminalOver || fix.time - s.overSince >= rules.overspeedSeconds * 1000)) {
      s.overRaised = true;
      raise(
        'overspeed',
        terminalOver
          ? `终端上报超速，当前 ${fix.speed.toFixed(1)} km/h`
          : `车速 ${fix.speed.toFixed(1)} km/h 超过限速 ${rules.speedLimitKmh} km/h 持续 ${rules.overspeedSeconds} 秒`,
      );
    }
  } else {
    s.overSince = null;
    s.overRaised = false;
  }

  // geofences (debounced: 2 consecutive fixes)
  for (const f of ctx.fences) {
    const now = insideFence(f, fix.lon, fix.lat);
    const known = s.inside[f.id];
    if (known === undefined) {
      s.inside[f.id] = now;
      delete s.pending[f.id];
      continue;
    }
    if (now === known) {
      delete s.pending[f.id];
      continue;
    }
    const p = s.pending[f.id];
    const n = p && p.inside === now ? p.n + 1 : 1;
    if (n >= 2) {
      s.inside[f.id] = now;
      delete s.pending[f.id];
      raise(now ? 'fence_in' : 'fence_out', `${now ? '进入' : '离开'}围栏「${f.name}」`, f.id);
    } else {
      s.pending[f.id] = { inside: now, n };
    }
  }

  // long stop
  if (fix.speed < rules.stopSpeedKmh) {
    if (!s.stop || metres(s.stop.at, [fix.lon, fix.lat]) > rules.stopRadiusMeters) {
      s.stop = { since: fix.time, at: [fix.lon, fix.lat], raised: false };
    } else if (!s.stop.raised && fix.time - s.stop.since >= rules.longStopSeconds * 1000) {
      s.stop.raised = true;
      raise('long_stop', `停车已 ${Math.round((fix.time - s.stop.since) / 60000)} 分钟`);
    }
  } else {
    s.stop = null;
  }

  // off route
  if (ctx.route && ctx.route.length >= 2) {
    const d = distanceToRoute(ctx.route, fix.lon, fix.lat);
    if (d > rules.offRouteMeters) {
      s.offCount += 1;
      if (s.offCount >= 2 && !s.offRaised) {
        s.offRaised = true;
        raise('off_route', `偏离计划路线 ${Math.round(d)} 米`);
      }
    } else {
      s.offCount = 0;
      s.offRaised = false;
    }
  }
  return { state: s, alarms };
}

/** Is a device overdue (no report for `offlineSeconds`)? */
export function offlineDue(lastSeen: number, now: number, rules: Pick<AlarmRules, 'offlineSeconds'>): boolean {
  return now - lastSeen >= rules.offlineSeconds * 1000;
}
