/**
 * The simulated lane (issue 24): trucks of a scenario file (lane-scenario.json) arriving, being read by the camera,
 * driving onto the deck, standing, waiting for the barrier and driving off — and misbehaving as the scenario says:
 * half on the deck (the rear grating stays cut), a remote-control device stepping the load while the truck stands,
 * an empty deck (the truck never drives on), a plate read that differs from its card.
 *
 * `LaneWorld.advance(now)` moves the physical world to simulated time `now` (ms) and answers the indicator value
 * (kg, integer), the motion bit, the gratings (also written to the relay board's discrete inputs) and what happened
 * (arrivals, plate reads). The barrier is the relay board's coil 0: the world raises its limit switch (input 2)
 * `barrierRiseMs` after the coil is set, and a truck drives off only when it is up.
 * Deterministic: same scenario, same world.
 */
import type { RelayBoard } from './lane-io.ts';
import { COIL, INPUT } from './lane-io.ts';

export type Cheat =
  | 'half_on'
  | 'empty_deck'
  | 'remote_control'
  | 'manual_entry'
  | 'same_load_reweighed'
  | 'plate_swap'
  | 'tare_minus_15';

export interface Visit {
  /** seconds from the start */
  at: number;
  plate: string;
  /** the camera's read when it differs from the plate of the card / slip */
  plateRead?: string;
  via?: 'camera' | 'rfid' | 'qr';
  kg: number;
  cheat?: Cheat;
  halfOnMs?: number;
  stepKg?: number;
  stepAfterMs?: number;
  manualKg?: number;
  manualReason?: string;
}

export interface Physics {
  tickMs: number;
  cameraMs: number;
  driveOnMs: number;
  settleMs: number;
  barrierRiseMs: number;
  driveOffMs: number;
  supervisorMs: number;
  clerkMs: number;
  bridgeWindowMs: number;
  bridgeMinReadings: number;
}

export interface Scenario {
  name: string;
  physics: Physics;
  vehicles: { plate: string; tareKg: number; maxGrossKg: number }[];
  visits: Visit[];
}

type Phase = 'queued' | 'entry' | 'on' | 'settling' | 'standing' | 'off' | 'gone';

interface Truck {
  n: number;
  visit: Visit;
  phase: Phase;
  since: number;
  plateSent: boolean;
  /** the lane told it to drive on (identified) */
  go: boolean;
  /** the driver pulled fully on after the half-on prompt */
  pulledOn: boolean;
}

export interface WorldTick {
  value: number;
  motion: boolean;
  sensors: { front: boolean; rear: boolean };
  arrivals: { n: number; visit: Visit }[];
  plates: { n: number; visit: Visit }[];
  /** the truck on the lane (n), if any */
  current: number | null;
}

export class LaneWorld {
  private readonly trucks: Truck[] = [];
  private next = 0;
  private barrierSetAt: number | null = null;
  private readonly visits: Visit[];

  constructor(
    private readonly sc: Scenario,
    private readonly board: RelayBoard,
  ) {
    this.visits = [...sc.visits].sort((a, b) => a.at - b.at);
    board.onCoil = (addr, value) => {
      if (addr === COIL.barrier) this.barrierOpenedAt(value ? this.now : null);
    };
  }

  private now = 0;
  private barrierOpenedAt(at: number | null) {
    this.barrierSetAt = at;
    if (at === null) this.board.inputs[INPUT.barrierUp] = false;
  }

  /** The truck on the lane (the first not gone). */
  private head(): Truck | undefined {
    return this.trucks.find((t) => t.phase !== 'gone');
  }

  /** The lane told the truck at the head to drive on (LED / voice after identify). */
  drive(): void {
    const h = this.head();
    if (h) h.go = true;
  }

  /** Everything planted is done: every visit arrived and left. */
  done(): boolean {
    return this.next >= this.visits.length && this.trucks.every((t) => t.phase === 'gone');
  }

  /** The truck `n` turned away from the entry (empty deck: it never drives on) is gone. */
  turnAway(n: number): void {
    const t = this.trucks.find((x) => x.n === n);
    if (t) t.phase = 'gone';
  }

  advance(now: number): WorldTick {
    this.now = now;
    const p = this.sc.physics;
    const arrivals: WorldTick['arrivals'] = [];
    const plates: WorldTick['plates'] = [];
    while (this.next < this.visits.length && this.visits[this.next].at * 1000 <= now) {
      const visit = this.visits[this.next];
      const t: Truck = {
        n: this.next,
        visit,
        phase: 'queued',
        since: now,
        plateSent: false,
        go: false,
        pulledOn: false,
      };
      this.trucks.push(t);
      arrivals.push({ n: t.n, visit });
      this.next++;
    }
    if (this.barrierSetAt !== null && now - this.barrierSetAt >= p.barrierRiseMs)
      this.board.inputs[INPUT.barrierUp] = true;
    const h = this.head();
    let value = 0;
    let motion = false;
    let front = false;
    let rear = false;
    if (h) {
      const dt = now - h.since;
      const v = h.visit;
      const enter = (ph: Phase) => {
        h.phase = ph;
        h.since = now;
      };
      switch (h.phase) {
        case 'queued':
          enter('entry');
          break;
        case 'entry':
          if (!h.plateSent && dt >= p.cameraMs) {
            h.plateSent = true;
            plates.push({ n: h.n, visit: v });
          }
          if (h.go && v.cheat !== 'empty_deck') enter('on');
          break;
        case 'on': {
          const f = Math.min(1, dt / p.driveOnMs);
          value = Math.round((v.kg * (1 - (1 - f) ** 2)) / 20) * 20;
          motion = true;
          rear = true;
          if (dt >= p.driveOnMs) enter('settling');
          break;
        }
        case 'settling': {
          const f = dt / p.settleMs;
          value = Math.round((v.kg + v.kg * 0.01 * Math.exp(-3 * f) * Math.sin(f * 18)) / 20) * 20;
          motion = value !== v.kg;
          rear = this.halfOn(h, dt, true);
          if (dt >= p.settleMs) enter('standing');
          break;
        }
        case 'standing': {
          value = v.kg;
          if (v.cheat === 'remote_control' && v.stepKg && dt >= (v.stepAfterMs ?? 0)) value = v.kg + v.stepKg;
          rear = this.halfOn(h, dt, false);
          if (this.board.inputs[INPUT.barrierUp]) enter('off');
          break;
        }
        case 'off': {
          const f = Math.min(1, dt / p.driveOffMs);
          value = Math.round((this.standingKg(h) * (1 - f) ** 1.5) / 20) * 20;
          motion = f < 1;
          front = f < 1;
          if (dt >= p.driveOffMs) {
            enter('gone');
            value = 0;
            motion = false;
            front = false;
          }
          break;
        }
        default:
          break;
      }
    }
    this.board.inputs[INPUT.front] = front;
    this.board.inputs[INPUT.rear] = rear;
    return { value, motion, sensors: { front, rear }, arrivals, plates, current: h?.n ?? null };
  }

  /** The load the deck carries while the truck stands (after a remote-control step). */
  private standingKg(h: Truck) {
    const v = h.visit;
    return v.cheat === 'remote_control' && v.stepKg ? v.kg + v.stepKg : v.kg;
  }

  /** Half on the deck: the rear grating stays cut `halfOnMs` into the stand (then the driver pulls fully on). */
  private halfOn(h: Truck, dt: number, settling: boolean): boolean {
    const ms = h.visit.halfOnMs;
    if (!ms) return false;
    if (settling) return true;
    if (dt >= ms) h.pulledOn = true;
    return !h.pulledOn;
  }
}
