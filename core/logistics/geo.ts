/**
 * Small geometry for tracks: haversine metres, bearings, stop (stay-point) detection, thinning for retention, and
 * the vehicle's motion state on the map. Coordinates are [lon, lat] numbers (WGS-84 as the terminal reports).
 */

export type LonLat = [number, number];

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

export function metres(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function bearing(a: LonLat, b: LonLat): number {
  const y = Math.sin(rad(b[0] - a[0])) * Math.cos(rad(b[1]));
  const x =
    Math.cos(rad(a[1])) * Math.sin(rad(b[1])) - Math.sin(rad(a[1])) * Math.cos(rad(b[1])) * Math.cos(rad(b[0] - a[0]));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export interface TrackPoint {
  time: number;
  lon: number;
  lat: number;
  speed: number;
}

export interface Stop {
  lon: number;
  lat: number;
  from: number;
  to: number;
  seconds: number;
}

/**
 * Stay points: from an anchor, advance while within `radiusM`; when the track leaves (or ends) after at least
 * `minSeconds`, that is a stop (mean coordinate, arrive = anchor time, leave = last point inside).
 */
export function detectStops(points: TrackPoint[], radiusM = 60, minSeconds = 120): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    let j = i + 1;
    while (j < points.length && metres([points[i].lon, points[i].lat], [points[j].lon, points[j].lat]) <= radiusM) j++;
    const last = points[j - 1];
    const seconds = (last.time - points[i].time) / 1000;
    if (seconds >= minSeconds) {
      const span = points.slice(i, j);
      stops.push({
        lon: span.reduce((a, p) => a + p.lon, 0) / span.length,
        lat: span.reduce((a, p) => a + p.lat, 0) / span.length,
        from: points[i].time,
        to: last.time,
        seconds: Math.round(seconds),
      });
      i = j;
    } else {
      i++;
    }
  }
  return stops;
}

/** Motion state shown on the map: 行驶 (moving), 停车 (stopped), 离线 (no report for `offlineSeconds`). */
export type Motion = 'moving' | 'stopped' | 'offline';
export const MOTION_LABELS: Record<Motion, string> = { moving: '行驶中', stopped: '停车', offline: '离线' };

export function motionOf(last: { time: number; speed: number } | null, now: number, offlineSeconds: number): Motion {
  if (!last || now - last.time >= offlineSeconds * 1000) return 'offline';
  return last.speed >= 3 ? 'moving' : 'stopped';
}

/**
 * Retention thinning: of the points older than the full-resolution window, keep one per `everySeconds` bucket
 * (the first of each). Returns the times to delete.
 */
export function thinTimes(times: number[], everySeconds: number): number[] {
  const drop: number[] = [];
  let bucket = Number.NaN;
  for (const t of [...times].sort((a, b) => a - b)) {
    const b = Math.floor(t / (everySeconds * 1000));
    if (b === bucket) drop.push(t);
    else bucket = b;
  }
  return drop;
}

/**
 * A circular geofence as a closed ring of `n` points `radiusM` metres around `center` (spherical offsets, as
 * `metres` measures), coordinates rounded to 6 decimals (≈ 0.1 m).
 */
export function circleRing(center: LonLat, radiusM: number, n = 32): LonLat[] {
  const [lon0, lat0] = center;
  const d = radiusM / R;
  const φ1 = rad(lat0);
  const λ1 = rad(lon0);
  const ring: LonLat[] = [];
  for (let i = 0; i < n; i++) {
    const θ = (2 * Math.PI * i) / n;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
    const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
    const r6 = (v: number) => Math.round(((v * 180) / Math.PI) * 1e6) / 1e6;
    ring.push([r6(λ2), r6(φ2)]);
  }
  ring.push(ring[0]);
  return ring;
}
