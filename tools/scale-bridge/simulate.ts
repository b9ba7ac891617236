/**
 * --simulate: a truck scale with trucks driving on and off, as an indicator would send it. Every tick yields the
 * bytes of one frame in the chosen format (sometimes garbled, as a noisy RS-232 line does) and, once per visit, a
 * plate from the "camera". Everything comes from a seeded PRNG, so a seed replays the same day.
 *
 * One visit: empty deck (zero, a division of noise now and then) → drive on (the weight climbs with large
 * noise) → settling (a decaying swing around the load) → stable (the load, exactly; the plate arrives) →
 * drive off (down to zero). Loads alternate at random between a loaded lorry (25–49 t gross) and an empty one
 * (12–18 t tare).
 */
import { encodeFrameFor, type IndicatorFormat } from './formats.ts';

/** mulberry32: small, fast, good enough for a simulator. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROVINCES = '苏浙沪皖鲁豫冀晋赣鄂湘粤闽川渝陕辽吉黑京津';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;

export type Phase = 'empty' | 'on' | 'settling' | 'stable' | 'off';

export interface SimulatorOptions {
  seed: number;
  format: IndicatorFormat;
  /** Frame interval of the indicator, ms (default 100). */
  tickMs?: number;
  /** Scale division in kg (default 20). */
  division?: number;
  /** Probability that a frame is damaged on the line (default 0.02). */
  lineNoise?: number;
  /**
   * Trucks to drive on first, in order (a rehearsed day: the same lorry loaded in, then empty out); random ones
   * follow. Noise, settling and line damage stay as for any truck.
   */
  visits?: ScriptedVisit[];
  /** issue 24: the lane has positioning sensors (红外对射); each tick says whether the front / rear beam is blocked. */
  sensors?: boolean;
}

export interface ScriptedVisit {
  carNumber: string;
  color?: string;
  /** The load on the deck, kg (rounded to the division). */
  kg: number;
  /** How long the truck stands still, simulated ms (default 4–8 s at random). */
  stableMs?: number;
  /**
   * issue 24 cheats: the rear axle stays off the deck (the rear beam stays blocked while the weight is steady), or
   * a remote-control device on the load cells steps the weight by `stepKg` (negative: lighter) 40 % into the stand.
   */
  halfOn?: boolean;
  stepKg?: number;
}

export interface SimulatorTick {
  /** Simulated time since start, ms. */
  at: number;
  phase: Phase;
  /** The true displayed value (kg, integer) before any line damage. */
  value: number;
  /** The bytes on the serial line for this tick. */
  bytes: Uint8Array;
  /** A plate read by the camera at this tick. */
  plate?: { carNumber: string; color: string };
  /** The positioning sensors (when the lane has them): true = beam blocked. */
  sensors?: { front: boolean; rear: boolean };
}

export class TruckSimulator {
  private readonly rnd: () => number;
  private readonly tickMs: number;
  private readonly division: number;
  private readonly lineNoise: number;
  private t = 0;
  private phase: Phase = 'empty';
  private phaseStart = 0;
  private phaseLen = 0;
  private target = 0;
  private plateAt = -1;
  private plate: { carNumber: string; color: string } | undefined;
  private last = 0;
  private readonly script: ScriptedVisit[];
  private visit: ScriptedVisit | undefined;

  constructor(private readonly opts: SimulatorOptions) {
    this.script = [...(opts.visits ?? [])];
    this.rnd = prng(opts.seed);
    this.tickMs = opts.tickMs ?? 100;
    this.division = opts.division ?? 20;
    this.lineNoise = opts.lineNoise ?? 0.02;
    this.enter('empty');
  }

  private between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.rnd();
  }

  private round(v: number): number {
    return Math.max(0, Math.round(v / this.division) * this.division);
  }

  private newPlate(): { carNumber: string; color: string } {
    const pick = (s: string) => s[Math.floor(this.rnd() * s.length)];
    let tail = '';
    for (let i = 0; i < 5; i++) tail += pick(ALNUM);
    const lorry = this.rnd() < 0.8;
    return { carNumber: `${pick(PROVINCES)}${pick(LETTERS)}${tail}`, color: lorry ? '黄' : '蓝' };
  }

  private enter(phase: Phase): void {
    this.phase = phase;
    this.phaseStart = this.t;
    const ms = (lo: number, hi: number) => Math.round(this.between(lo, hi) / this.tickMs) * this.tickMs;
    switch (phase) {
      case 'empty':
        this.phaseLen = ms(3000, 8000);
        break;
      case 'on':
        this.visit = this.script.shift();
        this.target = this.visit
          ? this.round(this.visit.kg)
          : this.round(this.rnd() < 0.5 ? this.between(25_000, 49_000) : this.between(12_000, 18_000));
        this.plate = this.visit
          ? { carNumber: this.visit.carNumber, color: this.visit.color ?? '黄' }
          : this.newPlate();
        this.phaseLen = ms(2000, 4000);
        break;
      case 'settling':
        this.phaseLen = ms(1500, 3000);
        break;
      case 'stable':
        this.phaseLen = this.visit?.stableMs ?? ms(4000, 8000);
        this.plateAt = this.t + ms(300, 1500);
        break;
      case 'off':
        this.phaseLen = ms(2000, 3000);
        break;
    }
  }

  private valueNow(): number {
    const p = (this.t - this.phaseStart) / Math.max(1, this.phaseLen);
    switch (this.phase) {
      case 'empty':
        return this.rnd() < 0.1 ? this.division : 0;
      case 'on': {
        // axle by axle: a rising curve with ±4 % noise
        const base = this.target * (1 - (1 - p) ** 2);
        return this.round(base * (1 + this.between(-0.04, 0.04)));
      }
      case 'settling': {
        const swing = this.target * 0.02 * Math.exp(-4 * p) * Math.sin(p * 20);
        return this.round(this.target + swing + this.between(-1, 1) * this.division);
      }
      case 'stable': {
        const step = this.visit?.stepKg;
        return step && p >= 0.4 ? this.round(this.target + step) : this.target;
      }
      case 'off':
        return this.round(this.target * (1 - p) ** 1.5 * (1 + this.between(-0.03, 0.03)));
    }
  }

  /**
   * The truck standing on the deck drives off now instead of at the end of its stand (the clerk has weighed it and
   * waved it on); the next frame starts its way off. Anything else (empty deck, a truck still moving) is left as it is.
   */
  driveOff(): void {
    if (this.phase === 'stable') this.phaseLen = Math.max(this.tickMs, this.t - this.phaseStart + this.tickMs);
  }

  /** Advances one frame interval. */
  step(): SimulatorTick {
    this.t += this.tickMs;
    if (this.t - this.phaseStart >= this.phaseLen) {
      const next: Record<Phase, Phase> = {
        empty: 'on',
        on: 'settling',
        settling: 'stable',
        stable: 'off',
        off: 'empty',
      };
      this.enter(next[this.phase]);
    }
    const value = this.valueNow();
    const motion = this.phase === 'on' || this.phase === 'off' || (this.phase === 'settling' && value !== this.last);
    this.last = value;
    let bytes = encodeFrameFor(this.opts.format, String(value), motion);
    if (this.rnd() < this.lineNoise) bytes = this.damage(bytes);
    const tick: SimulatorTick = { at: this.t, phase: this.phase, value, bytes };
    if (this.opts.sensors) {
      // the beams are cut while the truck crosses them; a truck half on the deck keeps the rear one cut
      const crossing = this.phase === 'on' || this.phase === 'off';
      const half = !!this.visit?.halfOn && (this.phase === 'settling' || this.phase === 'stable');
      tick.sensors = { front: crossing, rear: crossing || half };
    }
    if (this.phase === 'stable' && this.plate && this.t >= this.plateAt) {
      tick.plate = this.plate;
      this.plate = undefined;
    }
    return tick;
  }

  /** A flipped bit, a lost tail or a stray byte — what a long RS-232 cable does. */
  private damage(bytes: Uint8Array): Uint8Array {
    const copy = Uint8Array.from(bytes);
    const kind = this.rnd();
    const at = 1 + Math.floor(this.rnd() * (copy.length - 1));
    if (kind < 0.4) {
      copy[at] ^= 1 << Math.floor(this.rnd() * 4);
      return copy;
    }
    if (kind < 0.7) return copy.subarray(0, at);
    return Uint8Array.from([...copy.subarray(0, at), 0xff, ...copy.subarray(at)]);
  }
}
