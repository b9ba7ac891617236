/**
 * The workstation's buffer of the bridge's readings (issue 24): what a capture sends to the server as "the last 30 s
 * of readings" for the anti-cheat rules (core/weighing/anti-cheat.ts — the stable window, a step while stable).
 *
 * Fed with every frame the bridge sends (ScaleLink's onReading, not the 100 ms display debounce, which keeps only
 * the newest frame of each window and so could drop the empty deck between two trucks). A run of identical frames
 * (same value, same stable bit) keeps only its first and its last: the rules read a run's start (when the stable
 * window began) and its end (the newest), never the frames between, and a bridge at 10–50 frames a second stays
 * well under the contract's 600 readings.
 */
import type { ScaleSample } from '../../core/weighing/anti-cheat.ts';

/** How far back the buffer reaches (ms). */
export const RECENT_MS = 30_000;
/** The capture contract's limit (orders.contract.ts laneSeen.readings). */
export const MAX_SAMPLES = 600;

const same = (a: ScaleSample | undefined, b: ScaleSample) => !!a && a.v === b.v && a.s === b.s;

/** Adds a reading to the buffer (in place) and drops what is older than `RECENT_MS` before it. */
export function pushSample(buf: ScaleSample[], r: ScaleSample): ScaleSample[] {
  const n = buf.length;
  if (n >= 2 && same(buf[n - 1], r) && same(buf[n - 2], r)) buf[n - 1] = r;
  else buf.push(r);
  while (buf.length && buf[0].t < r.t - RECENT_MS) buf.shift();
  if (buf.length > MAX_SAMPLES) buf.splice(0, buf.length - MAX_SAMPLES);
  return buf;
}
