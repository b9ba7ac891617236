/**
 * Vehicles for the GPS simulator (`npm run gps-gateway -- --simulate N`, the in-process demo simulator and the
 * bench): each drives a road-like polyline between two sites and back at 1 Hz, slows into a stop at each end (a
 * loading stop), makes a short stop halfway, and vehicle 0 speeds (95 km/h against the 80 km/h default limit).
 * Deterministic for a given index, so tests and screenshots see the same tracks.
 */
import { bearing, type LonLat, metres } from './geo.ts';

/** A polyline from a to b with gentle perpendicular bends, like a road (14 legs). */
export function roadBetween(a: LonLat, b: LonLat, seed: number): LonLat[] {
  const n = 14;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const out: LonLat[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const bend = i === 0 || i === n ? 0 : Math.sin(t * Math.PI * (1 + (seed % 3))) * 0.06 + Math.sin(seed + i) * 0.008;
    out.push([a[0] + dx * t - dy * bend, a[1] + dy * t + dx * bend]);
  }
  return out;
}

export interface SimFix {
  lon: number;
  lat: number;
  speed: number;
  direction: number;
}

export class RouteWalker {
  private readonly cum: number[] = [0];
  private pos = 0;
  private forward = true;
  private stopLeft = 0;
  private midStopDone = false;

  constructor(
    readonly route: LonLat[],
    readonly speedKmh: number,
    readonly endStopSeconds = 90,
    readonly midStopSeconds = 40,
    startFraction = 0,
  ) {
    for (let i = 1; i < route.length; i++) this.cum.push(this.cum[i - 1] + metres(route[i - 1], route[i]));
    this.pos = this.length * startFraction;
    this.midStopDone = startFraction > 0.5;
  }

  get length(): number {
    return this.cum[this.cum.length - 1];
  }

  private at(d: number): { p: LonLat; dir: number } {
    let i = 1;
    while (i < this.cum.length - 1 && this.cum[i] < d) i++;
    const a = this.route[i - 1];
    const b = this.route[i];
    const seg = this.cum[i] - this.cum[i - 1] || 1;
    const t = Math.min(1, Math.max(0, (d - this.cum[i - 1]) / seg));
    const p: LonLat = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    return { p, dir: this.forward ? bearing(a, b) : bearing(b, a) };
  }

  /** Advance `dt` seconds. */
  step(dt = 1): SimFix {
    const here = () => this.at(this.forward ? this.pos : this.length - this.pos);
    if (this.stopLeft > 0) {
      this.stopLeft -= dt;
      const { p, dir } = here();
      return { lon: p[0], lat: p[1], speed: 0, direction: Math.round(dir) };
    }
    const wobble = 1 + Math.sin(this.pos / 700) * 0.08;
    const v = this.speedKmh * wobble;
    this.pos += (v / 3.6) * dt;
    if (!this.midStopDone && this.pos >= this.length / 2) {
      this.midStopDone = true;
      this.stopLeft = this.midStopSeconds;
    }
    if (this.pos >= this.length) {
      this.pos = 0;
      this.forward = !this.forward;
      this.midStopDone = false;
      this.stopLeft = this.endStopSeconds;
      const { p, dir } = this.at(this.forward ? 0 : this.length);
      return { lon: p[0], lat: p[1], speed: 0, direction: Math.round(dir) };
    }
    const { p, dir } = here();
    return { lon: p[0], lat: p[1], speed: Math.round(v * 10) / 10, direction: Math.round(dir) };
  }
}

/** The two sites (indexes) simulated vehicle i drives between. */
export function simEnds(i: number, n: number): [number, number] {
  return [i % n, (i + 1 + (Math.floor(i / n) % Math.max(1, n - 1))) % n];
}

/** The road simulated vehicle i drives (demo orders use it as their planned route). */
export function simRoute(i: number, sites: LonLat[]): LonLat[] {
  const [a, b] = simEnds(i, sites.length);
  return roadBetween(sites[a], sites[b], i);
}

/** The i-th simulated vehicle over a list of sites: its route, speed and starting point. */
export function simVehicle(i: number, sites: LonLat[]): RouteWalker {
  const speed = i === 0 ? 95 : 45 + ((i * 7) % 25);
  return new RouteWalker(simRoute(i, sites), speed, 90, 40, ((i * 0.137) % 0.9) + 0.02);
}

/** Terminal phone number of simulated vehicle i (13 digits max in BCD[6] for 2013 headers; 11 used). */
export const simPhone = (i: number) => `1390000${String(i).padStart(4, '0')}`;

/** Demo sites: [name, kind, lon, lat, address]. The simulator drives between them in this order. */
export const DEMO_SITES: [string, string, number, number, string][] = [
  ['南海狮山回收站', 'collect', 113.0135, 23.134, '佛山市南海区狮山镇'],
  ['禅城料场', 'yard', 113.122, 23.0215, '佛山市禅城区张槎街道'],
  ['顺德钢厂收货点', 'mill', 113.293, 22.805, '佛山市顺德区北滘镇'],
  ['白云再生资源回收点', 'collect', 113.273, 23.238, '广州市白云区石井街道'],
  ['番禺石楼收货点', 'receive', 113.488, 22.895, '广州市番禺区石楼镇'],
];
