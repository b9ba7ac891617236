/**
 * The bridge pipeline: bytes (serial port or simulator) → format decoder → stability → WeightReading on the
 * plugin link (and upstream); plates (camera or simulator) → CarReading on the plugin link.
 */
import type { CarReading, WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { createDecoder, type IndicatorDecoder, type IndicatorFormat } from './formats.ts';
import { StabilityDetector, type StabilityOptions } from './stability.ts';

export interface BridgeSinks {
  weight(w: WeightReading): void;
  car?(c: CarReading): void;
}

export class Bridge {
  readonly decoder: IndicatorDecoder;
  private readonly stability: StabilityDetector;
  last: WeightReading | undefined;

  constructor(
    format: IndicatorFormat,
    stability: StabilityOptions,
    private readonly scale: string,
    private readonly sinks: BridgeSinks,
    private readonly now: () => number = Date.now,
  ) {
    this.decoder = createDecoder(format);
    this.stability = new StabilityDetector(stability);
  }

  /**
   * Bytes from the line; answers the readings published. `sensors`: the lane's positioning sensors at this moment
   * (issue 24; read from the relay board, or the simulator), carried on every reading.
   */
  feed(bytes: Uint8Array, sensors?: { front: boolean; rear: boolean }): WeightReading[] {
    const out: WeightReading[] = [];
    for (const r of this.decoder.push(bytes)) {
      if (r.overload) continue;
      const time = this.now();
      const stable = this.stability.add(r.value, time, r.motion === true);
      const unit = r.unit === 'g' ? 'g' : r.unit;
      const w: WeightReading = {
        value: r.value,
        unit,
        stable,
        scale: this.scale,
        time,
        ...(sensors ? { sensors } : {}),
      };
      this.last = w;
      this.sinks.weight(w);
      out.push(w);
    }
    return out;
  }

  plate(p: { carNumber: string; color: string; image?: string }): CarReading {
    const c: CarReading = { ...p, scale: this.scale, time: this.now() };
    this.sinks.car?.(c);
    return c;
  }

  /** The line went away: forget the stability window. */
  lineLost(): void {
    this.stability.reset();
  }
}
