/**
 * The linearity profile of a weighbridge (issue 24, anti-cheat: "readings that break the scale's linearity
 * profile"). A scale's last 检定 / calibration loads reference weights (砝码 or a weighed test truck) at several
 * points and notes what the scale read: reference → reading. The scale's error at a point is reading − reference;
 * between points it is interpolated linearly (from an implied zero at zero load up to the top point, flat above it
 * — nothing is extrapolated). Pure functions over decimal strings (decimal.js).
 *
 * Two rules, both only for a scale that has calibration points (no profile, nothing to break):
 * - off_profile: a weighing whose reading lies where the profile says the scale reads off by more than the
 *   tolerance — a weighing in that range cannot be trusted until the scale is recalibrated (and a load cell that
 *   reads off in one range only is how a remote-control device or a damaged cell shows);
 * - scale_drift: the median of the recent same-truck tare re-weighings on this scale (each tare − the same truck's
 *   previous tare there, newest first, the weighing's own included) moves by more than the tolerance, over at least
 *   DRIFT_MIN re-weighings — every truck reading heavier (or lighter) than last time is the scale drifting, not the
 *   trucks (one truck's mud or fuel moves its own tare, not the median).
 *
 * The tolerance: the scale's own (kg, 地磅管理), else DEFAULT_LINEARITY_DIVISIONS divisions — JJG 539 / OIML R76
 * class III's in-service maximum permissible error above 2000 e (±3 e); 0 = both checks off.
 */
import Decimal from 'decimal.js';

export interface CalibrationPoint {
  /** The reference load (kg): weights or a test truck of known mass. */
  referenceKg: string;
  /** What the scale read under it (kg). */
  readingKg: string;
}

export const DEFAULT_LINEARITY_DIVISIONS = 3;
/** At least this many same-truck tare re-weighings before a median says the scale drifts. */
export const DRIFT_MIN = 3;
/** At most this many (the newest) re-weighings are read. */
export const DRIFT_WINDOW = 10;
/** At most this many calibration points a scale keeps. */
export const MAX_CALIBRATION_POINTS = 20;

const kg = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(3).toString();
const signed = (v: Decimal.Value) => {
  const d = new Decimal(v).toDecimalPlaces(3);
  return d.gt(0) ? `+${d.toString()}` : d.toString();
};

/** The tolerance (kg) of a scale: its own when set, else 3 divisions. */
export function linearityTolKg(cfg: { linearityTolKg?: string | null; divisionKg: string }): string {
  if (cfg.linearityTolKg !== undefined && cfg.linearityTolKg !== null && cfg.linearityTolKg !== '') {
    return kg(cfg.linearityTolKg);
  }
  return kg(new Decimal(cfg.divisionKg || '0').times(DEFAULT_LINEARITY_DIVISIONS));
}

/**
 * The scale's error (reading − reference, kg) at a reading, from its calibration points; null without points.
 * Points are ordered by reading; zero load reading zero is implied below the first point.
 */
export function profileErrorAt(points: CalibrationPoint[], readingKg: string): string | null {
  if (!points.length) return null;
  const pts = points
    .map((p) => ({ r: new Decimal(p.readingKg), e: new Decimal(p.readingKg).minus(p.referenceKg) }))
    .sort((a, b) => a.r.comparedTo(b.r));
  if (pts[0].r.gt(0)) pts.unshift({ r: new Decimal(0), e: new Decimal(0) });
  const x = new Decimal(readingKg);
  if (x.lte(pts[0].r)) return kg(pts[0].e);
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i];
    const b = pts[i + 1];
    if (x.lte(b.r)) {
      if (b.r.eq(a.r)) return kg(a.e.abs().gte(b.e.abs()) ? a.e : b.e); // two loads read the same: the worse
      return kg(a.e.plus(b.e.minus(a.e).times(x.minus(a.r)).div(b.r.minus(a.r))));
    }
  }
  return kg(pts[pts.length - 1].e);
}

/** Median of decimal strings (kg, 3 places); null when none. */
export function medianKg(values: string[]): string | null {
  if (!values.length) return null;
  const s = values.map((v) => new Decimal(v)).sort((a, b) => a.comparedTo(b));
  const m = s.length >> 1;
  return kg(s.length % 2 ? s[m] : s[m - 1].plus(s[m]).div(2));
}

export interface LinearityFinding {
  kind: 'off_profile' | 'scale_drift';
  detail: string;
  /** The tolerance compared with (kg). */
  reference: string;
}

/** The off-profile finding of a reading, or null (no profile, tolerance 0, or within tolerance). */
export function offProfile(readingKg: string, points: CalibrationPoint[], tolKg: string): LinearityFinding | null {
  const tol = new Decimal(tolKg || '0');
  if (!points.length || tol.lte(0)) return null;
  const e = profileErrorAt(points, readingKg);
  if (e === null || new Decimal(e).abs().lte(tol)) return null;
  return {
    kind: 'off_profile',
    detail: `读数 ${kg(readingKg)} kg 落在检定超差区间：按检定点该处示值误差 ${signed(e)} kg，超过允差 ±${kg(tol)} kg，须重新检定`,
    reference: kg(tol),
  };
}

/**
 * The drift finding of a scale from its recent same-truck tare re-weighings (each tare − that truck's previous
 * tare on this scale, newest first), or null (fewer than DRIFT_MIN, tolerance 0, or the median within tolerance).
 */
export function tareDrift(diffs: string[], tolKg: string): LinearityFinding | null {
  const tol = new Decimal(tolKg || '0');
  const recent = diffs.slice(0, DRIFT_WINDOW);
  if (tol.lte(0) || recent.length < DRIFT_MIN) return null;
  const m = medianKg(recent);
  if (m === null || new Decimal(m).abs().lte(tol)) return null;
  return {
    kind: 'scale_drift',
    detail: `本地磅近${recent.length}次同车复称皮重偏移中位数 ${signed(m)} kg，超过允差 ±${kg(tol)} kg，地磅可能漂移，须校秤`,
    reference: kg(tol),
  };
}

/**
 * Calibration points from 地磅管理's text: one `reference=reading` (kg) a line (also `,` `；` separated; `=`,
 * `＝`, `:` or `→` between). Answers the points (ordered by reference) or the Chinese message naming the line.
 */
export function parseCalibration(
  text: string,
  label = '检定点',
): { ok: true; points: CalibrationPoint[] } | { ok: false; msg: string } {
  const parts = text
    .split(/[\n;；,，]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > MAX_CALIBRATION_POINTS) return { ok: false, msg: `${label}最多${MAX_CALIBRATION_POINTS}个` };
  const points: CalibrationPoint[] = [];
  const num = /^\d{1,9}(\.\d{1,3})?$/;
  for (const [i, p] of parts.entries()) {
    const m = /^([^=＝:：→]+)[=＝:：→]+([^=＝:：→]+)$/.exec(p);
    const ref = m?.[1].trim() ?? '';
    const read = m?.[2].trim() ?? '';
    if (!m || !num.test(ref) || !num.test(read)) {
      return { ok: false, msg: `${label}第${i + 1}个格式应为“参考重量=读数”（kg，最多3位小数）` };
    }
    if (new Decimal(ref).lte(0)) return { ok: false, msg: `${label}第${i + 1}个的参考重量必须大于0` };
    if (points.some((q) => new Decimal(q.referenceKg).eq(ref))) {
      return { ok: false, msg: `${label}的参考重量 ${kg(ref)} kg 重复` };
    }
    points.push({ referenceKg: kg(ref), readingKg: kg(read) });
  }
  points.sort((a, b) => new Decimal(a.referenceKg).comparedTo(b.referenceKg));
  return { ok: true, points };
}

/** The points as 地磅管理 shows them: `reference=reading` a line, by reference. */
export const calibrationText = (points: CalibrationPoint[]) =>
  points.map((p) => `${kg(p.referenceKg)}=${kg(p.readingKg)}`).join('\n');
