/**
 * Stability detection (DESIGN §5: "a reading is captured only when stable"): the reading is stable when the last
 * `windowMs` hold at least `minReadings` readings, all within `tolerance` (kg, normally the scale division) of the
 * newest, and the indicator does not report motion. The window test itself is core/stock's `isStable`.
 */
import { isStable } from '../../core/stock/weighing.ts';

export interface StabilityOptions {
  /** Readings needed inside the window (n). */
  minReadings: number;
  /** Window length (t), ms. */
  windowMs: number;
  /** Allowed spread, a decimal string in the reading's unit (the division, e.g. "20"). */
  tolerance: string;
}

export class StabilityDetector {
  private samples: { at: number; kg: string }[] = [];

  constructor(private readonly opts: StabilityOptions) {}

  /** Adds a reading (time in ms) and answers whether the scale is stable now. */
  add(value: string, at: number, motion = false): boolean {
    this.samples.push({ at, kg: value });
    const from = at - this.opts.windowMs;
    // keep one sample older than the window so that isStable can see the window is filled
    let cut = 0;
    while (cut + 1 < this.samples.length && this.samples[cut + 1].at <= from) cut++;
    if (cut > 0) this.samples = this.samples.slice(cut);
    if (motion) return false;
    const inside = this.samples.filter((s) => s.at >= from).length;
    return inside >= this.opts.minReadings && isStable(this.samples, this.opts.tolerance, this.opts.windowMs);
  }

  reset(): void {
    this.samples = [];
  }
}
