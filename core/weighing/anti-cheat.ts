/**
 * Anti-cheat rules of the weighbridge (issue 24, comparable-systems §3 "Anti-cheat"): what refuses a capture and
 * what flags a weighing. Pure functions over decimal strings (decimal.js, never floats), shared by the server (the
 * rule that counts) and the workstation (the same rule as a hint before the key is pressed).
 *
 * Refusals (the capture is not taken, nothing is written):
 * - a reading below the scale's minimum (秤台上无车或重量过低): the scale's own minimum, else 20 divisions —
 *   OIML R76 / JJG 539 class III's minimum capacity (Min = 20 e), below which the scale is not verified;
 * - a live reading the bridge did not report stable (its window: n readings in t ms within a division, no
 *   motion; the last readings it reported are sent with the capture), a "stable" the readings of its last second
 *   contradict (inStableWindow), or a value that is not the one it holds;
 * - where the lane has positioning sensors (红外对射), any sensor blocked — the truck is half on the deck;
 * - a manual weight without its reason (the permission is the server's check).
 *
 * Flags (the weighing is taken but held as 异常过磅 until a supervisor releases or voids it):
 * - tare_deviation: the tare outside ±N % of the archive (the valid standard tare, else the mean of the last
 *   three tares). Default ±10 %: the tare archive practice of the CN lane vendors (a tare "outside range" alarm);
 *   a truck's own tare moves by fuel, mud, driver and spare tyre by a few hundred kg (≈ 1–3 % of a 15 t
 *   lorry), while water or ballast that pays (≥ 1.5 t) is over 10 %;
 * - over_max_gross: a reading above the vehicle's registered maximum gross (行驶证 总质量);
 * - quick_reweigh: the same plate weighed in again within N minutes of its last completed weighing (default
 *   15 min: no truck unloads, leaves the yard and comes back loaded faster);
 * - plate_mismatch: the camera's plate differs from the typed one (or the record's);
 * - stable_step: the weight steps from one steady value to another by more than N divisions (default 10, i.e.
 *   200 kg at e = 20 kg: a person stepping on or off the deck is 4 divisions) without passing through the values
 *   between — how a remote-control device on the load cells shows (stableStep), also one switched on before the
 *   bridge ever reported stable (a settled run of readings, not yet called stable, then the jump);
 * - photos_missing: fewer photos than the scale has cameras (per scale, off until its cameras answer snapshots);
 * - manual_entry: every manual weight;
 * - off_profile / scale_drift: the scale's linearity profile (core/weighing/linearity.ts): a reading where the
 *   calibration points say the scale reads off beyond tolerance, or the scale's recent same-truck tare re-weighings
 *   drifting beyond it (only for a scale with calibration points).
 */
import Decimal from 'decimal.js';
import { type CalibrationPoint, linearityTolKg, offProfile, tareDrift } from './linearity.ts';

export const FLAG_KINDS = [
  { value: 'tare_deviation', label: '皮重超出档案范围' },
  { value: 'over_max_gross', label: '超过核定总质量' },
  { value: 'quick_reweigh', label: '短时间重复过磅' },
  { value: 'plate_mismatch', label: '车牌识别不一致' },
  { value: 'stable_step', label: '稳定期间重量突变' },
  { value: 'photos_missing', label: '缺少抓拍照片' },
  { value: 'manual_entry', label: '手工录入重量' },
  { value: 'off_profile', label: '读数超出检定线性' },
  { value: 'scale_drift', label: '地磅皮重漂移' },
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number]['value'];
export const FLAG_KIND_VALUES = FLAG_KINDS.map((k) => k.value) as [FlagKind, ...FlagKind[]];
export const flagLabel = (k: string) => FLAG_KINDS.find((f) => f.value === k)?.label ?? k;

export interface Flag {
  kind: FlagKind;
  /** Chinese, for the exception list and the toast. */
  detail: string;
  /** The archive / limit the reading was compared with (kg), when there is one. */
  reference?: string;
}

/** A reading as the bridge reported it: ms since epoch, kg as a decimal string, the bridge's stable bit. */
export interface ScaleSample {
  t: number;
  v: string;
  s: boolean;
}

/** The positioning sensors (红外对射) of a lane: true = beam blocked. */
export interface PositionSensors {
  front: boolean;
  rear: boolean;
}

/** Per-scale settings (izs_weighbridge), with the defaults above. */
export interface AntiCheatConfig {
  divisionKg: string;
  /** '0' = 20 divisions. */
  minWeightKg: string;
  /** Length of the bridge's stable window (ms). */
  stableWindowMs: number;
  /** The lane has positioning sensors: a live capture needs their report, all clear. */
  positionSensors: boolean;
  /** '0' = off. */
  tareTolerancePct: string;
  /** 0 = off. */
  reweighMinutes: number;
  /** 0 = off. */
  stepDivisions: number;
  checkPlate: boolean;
  checkPhotos: boolean;
  checkMaxGross: boolean;
  /**
   * The settled-run window of this scale (ms): how long readings must sit within a division to count as settled
   * (settledReadings) and how far back a "stable" claim is checked (inStableWindow). Absent = SETTLED_MS.
   */
  settledMs?: number;
  /** The scale's calibration points (its linearity profile); absent or empty = no profile, no linearity check. */
  calibration?: CalibrationPoint[];
  /** The profile's tolerance (kg); absent / null = 3 divisions, '0' = off. */
  linearityTolKg?: string | null;
}

export const DEFAULT_ANTI_CHEAT: AntiCheatConfig = {
  divisionKg: '20',
  minWeightKg: '0',
  stableWindowMs: 3000,
  positionSensors: false,
  tareTolerancePct: '10',
  reweighMinutes: 15,
  stepDivisions: 10,
  checkPlate: true,
  checkPhotos: false,
  checkMaxGross: true,
};

const kg = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(3).toString();

/** The minimum capture of a scale (kg): its own, else 20 divisions. */
export function minCaptureKg(cfg: Pick<AntiCheatConfig, 'minWeightKg' | 'divisionKg'>): string {
  const own = new Decimal(cfg.minWeightKg || '0');
  return own.gt(0) ? kg(own) : kg(new Decimal(cfg.divisionKg || '0').times(20));
}

export interface CaptureInput {
  weight: string;
  manual: boolean;
  manualReason?: string;
  /** The client's stable bit (used when it sent no readings). */
  stable?: boolean;
  /** The last readings the bridge reported (oldest first). */
  readings?: ScaleSample[];
  /** null / undefined: no sensor report. */
  sensors?: PositionSensors | null;
}

/** Why a capture is refused, or null when it may be taken. */
export function captureRefusal(input: CaptureInput, cfg: AntiCheatConfig): string | null {
  const w = new Decimal(input.weight);
  const min = minCaptureKg(cfg);
  if (w.lt(min)) return `秤台上无车或重量过低（${kg(w)} kg，最小称量 ${min} kg），不能采集`;
  if (input.manual) {
    if (!input.manualReason?.trim()) return '手工录入重量必须填写原因';
    return null;
  }
  if (input.sensors) {
    const blocked = [input.sensors.front && '前', input.sensors.rear && '后'].filter(Boolean);
    if (blocked.length) return `车辆未完全上磅（${blocked.join('、')}红外对射被遮挡），不能采集`;
  } else if (cfg.positionSensors) {
    return '本地磅装有定位传感器（红外对射），未收到传感器状态，不能采集';
  }
  const rs = input.readings;
  if (rs?.length) {
    if (!rs[rs.length - 1]?.s) return '重量未稳定（地磅未报稳定），不能采集';
    if (!inStableWindow(rs, cfg)) {
      const settled = settledWindowMs(cfg);
      const span = Math.min(settled, cfg.stableWindowMs || settled) / 1000;
      return `重量未稳定（地磅报稳定，但最近 ${span} 秒的读数变化超过一个分度值 ${kg(cfg.divisionKg || '0')} kg），不能采集`;
    }
    const last = rs[rs.length - 1];
    if (
      new Decimal(last.v)
        .minus(w)
        .abs()
        .gt(cfg.divisionKg || '0')
    ) {
      return `采集重量 ${kg(w)} kg 与地磅当前读数 ${kg(last.v)} kg 不符，不能采集`;
    }
    return null;
  }
  return input.stable ? null : '重量未稳定，不能采集';
}

/**
 * How long before the newest reading the readings must already sit within a division of it for a "stable" claim
 * to stand (ms; the scale's own window when shorter). A bridge reports stable only after its whole window (2–3 s)
 * held still, so the last second of what it sent is flat; a client that calls a moving deck stable is refused.
 */
export const SETTLED_MS = 1000;

/** The scale's settled-run window (ms): its own when set (> 0), else the global SETTLED_MS. */
export function settledWindowMs(cfg?: Partial<Pick<AntiCheatConfig, 'settledMs'>>): number {
  const own = cfg?.settledMs;
  return own && own > 0 ? own : SETTLED_MS;
}

/**
 * The readings end in a settled window: the newest is reported stable (the bridge decides that over its window:
 * tools/scale-bridge/stability.ts, n readings in t ms within a division, no motion bit) AND every reading of the
 * last SETTLED_MS (or the scale's window, when shorter) lies within a division of it — a "stable" the readings
 * contradict is not taken. The captured value is checked against the newest reading by the caller.
 */
export function inStableWindow(
  rs: ScaleSample[],
  cfg?: Pick<AntiCheatConfig, 'stableWindowMs' | 'divisionKg'> & Partial<Pick<AntiCheatConfig, 'settledMs'>>,
) {
  const last = rs[rs.length - 1];
  if (!last?.s) return false;
  if (!cfg) return true;
  const div = new Decimal(cfg.divisionKg || '0');
  const settled = settledWindowMs(cfg);
  const span = Math.min(settled, cfg.stableWindowMs || settled);
  return rs.every((r) => r.t < last.t - span || new Decimal(r.v).minus(last.v).abs().lte(div));
}

/**
 * A settled run the bridge had not (yet) called stable: at least SETTLED_READINGS readings in a row, SETTLED_MS or
 * longer, all within a division of the first — the deck held still. A remote-control device switched on before
 * the bridge's window ever filled shows as such a run, a jump, and the bridge's "stable" at the new value.
 */
export const SETTLED_READINGS = 3;

/** Which readings count as settled: reported stable, or inside a settled run (see SETTLED_READINGS). */
export function settledReadings(rs: ScaleSample[], divisionKg: string, settledMs = SETTLED_MS): boolean[] {
  const div = new Decimal(divisionKg || '0');
  const out = rs.map((r) => r.s);
  let i = 0;
  while (i < rs.length) {
    let j = i + 1;
    while (j < rs.length && new Decimal(rs[j].v).minus(rs[i].v).abs().lte(div)) j++;
    if (j - i >= SETTLED_READINGS && rs[j - 1].t - rs[i].t >= settledMs) for (let k = i; k < j; k++) out[k] = true;
    i = j;
  }
  return out;
}

/**
 * A step while stable: the weight sat still at A (readings reported stable, or a settled run the bridge had not
 * called stable yet — settledReadings), then sits still at B, |B − A| above `stepDivisions` divisions, and nothing
 * in between was other than A or B (within a division) — the weight jumped without a truck driving (a truck driving
 * on, off or further on passes through the values between). Two stable readings side by side that differ is the
 * same case with nothing in between. How a remote-control device switched on the load cells shows — also one
 * switched on before the bridge ever reported stable (the settled run at A is the evidence); the bridge's own
 * window only loses "stable" for its length.
 *
 * The readings must be every frame the bridge sent (the workstation's features/weighing/sample-buffer.ts, fed
 * before the display's 100 ms debounce): a buffer that keeps only the newest frame of each 100 ms can lose the
 * empty deck ("0, stable") between two trucks, and the two trucks' weights then read as exactly this case.
 */
/**
 * How soon after the last steady reading the new steady value must come to be a step (ms): a bridge reports ~10
 * readings a second and regains "stable" one window (2–3 s) after a jump; readings minutes apart (a link that only
 * sends changes) say nothing about what happened between them.
 */
export const STEP_MS = 10_000;

export function stableStep(
  rs: ScaleSample[],
  cfg: Pick<AntiCheatConfig, 'stepDivisions' | 'divisionKg'> &
    Partial<Pick<AntiCheatConfig, 'minWeightKg' | 'settledMs'>>,
) {
  if (!cfg.stepDivisions) return null;
  const div = new Decimal(cfg.divisionKg || '0');
  // a steady value below the minimum capture is the empty deck: a truck arriving is not a step
  const min = minCaptureKg({ minWeightKg: cfg.minWeightKg ?? '0', divisionKg: cfg.divisionKg });
  const limit = div.times(cfg.stepDivisions);
  const settled = settledReadings(rs, cfg.divisionKg, settledWindowMs(cfg));
  let plateau: string | null = null;
  let since = 0;
  let gap: string[] = [];
  const near = (a: string, b: string) => new Decimal(a).minus(b).abs().lte(div);
  for (const [i, r] of rs.entries()) {
    if (settled[i] && new Decimal(r.v).lt(min)) {
      plateau = null;
      gap = [];
      continue;
    }
    if (!settled[i]) {
      if (plateau !== null) gap.push(r.v);
      continue;
    }
    if (plateau !== null && r.t - since <= STEP_MS && new Decimal(r.v).minus(plateau).abs().gt(limit)) {
      const from = plateau;
      if (gap.every((g) => near(g, from) || near(g, r.v))) return { from, to: r.v, at: r.t };
    }
    plateau = r.v;
    since = r.t;
    gap = [];
  }
  return null;
}

/** A vehicle's tare archive as the rules read it (kg strings). */
export interface TareArchive {
  /** The administrator's standard tare (vehicle + the named trailer/container) when valid today, else null. */
  standard: string | null;
  /** The last completed tares of the plate, newest first. */
  recent: string[];
  /** 行驶证 总质量, '0' = not registered. */
  maxGross: string;
}

/** The tare the archive expects: the valid standard tare, else the mean of the last three (null: no archive). */
export function referenceTare(a: Pick<TareArchive, 'standard' | 'recent'>): string | null {
  if (a.standard && new Decimal(a.standard).gt(0)) return kg(a.standard);
  const last = a.recent.slice(0, 3);
  if (!last.length) return null;
  return kg(last.reduce((s, v) => s.plus(v), new Decimal(0)).div(last.length));
}

/** Mean of tares (kg, 3 places), null when none. */
export function averageTare(tares: string[]): string | null {
  if (!tares.length) return null;
  return kg(tares.reduce((s, v) => s.plus(v), new Decimal(0)).div(tares.length));
}

/** Signed deviation of a tare from its reference, in percent (2 places). */
export function tareDeviationPct(tare: string, reference: string): string {
  return new Decimal(tare).minus(reference).div(reference).times(100).toDecimalPlaces(2).toString();
}

/** Plates compared as the server keeps them (no spaces or dots, upper case). */
export const samePlate = (a: string, b: string) =>
  a.replace(/[\s·•.-]/g, '').toUpperCase() === b.replace(/[\s·•.-]/g, '').toUpperCase();

export interface FlagInput {
  pass: 'first' | 'second';
  /** This pass's weight. */
  weight: string;
  /** Both readings known (second pass): the tare is the lighter. */
  tare?: string;
  manual: boolean;
  manualReason?: string;
  plate: string;
  /** The camera's read, '' = none. */
  plateRead: string;
  photos: number;
  cameras: number;
  readings: ScaleSample[];
  archive: TareArchive;
  /** First pass: the plate's last completed weighing. */
  lastCompleted?: { orderNo: string; at: Date } | null;
  now: Date;
  /**
   * Second pass on a scale with a profile: the recent same-truck tare re-weighings on this scale (each tare − that
   * truck's previous tare there, kg), newest first, this weighing's own first.
   */
  tareDrift?: string[];
}

/** Every flag a capture raises (empty: a clean weighing). */
export function flagsOf(i: FlagInput, cfg: AntiCheatConfig): Flag[] {
  const out: Flag[] = [];
  if (i.manual)
    out.push({ kind: 'manual_entry', detail: `手工录入 ${kg(i.weight)} kg，原因：${i.manualReason ?? ''}` });
  if (cfg.checkPlate && i.plateRead && !samePlate(i.plateRead, i.plate)) {
    out.push({ kind: 'plate_mismatch', detail: `车牌识别为 ${i.plateRead}，录入为 ${i.plate}` });
  }
  if (cfg.checkPhotos && i.cameras > 0 && i.photos < i.cameras) {
    out.push({ kind: 'photos_missing', detail: `地磅有 ${i.cameras} 台摄像机，只抓拍到 ${i.photos} 张照片` });
  }
  const step = i.manual ? null : stableStep(i.readings, cfg);
  if (step) {
    out.push({
      kind: 'stable_step',
      detail: `稳定状态下重量由 ${kg(step.from)} kg 跳变为 ${kg(step.to)} kg（超过 ${cfg.stepDivisions} 个分度值）`,
    });
  }
  const max = new Decimal(i.archive.maxGross || '0');
  if (cfg.checkMaxGross && max.gt(0) && new Decimal(i.weight).gt(max)) {
    out.push({
      kind: 'over_max_gross',
      detail: `重量 ${kg(i.weight)} kg 超过核定总质量 ${kg(max)} kg`,
      reference: kg(max),
    });
  }
  if (i.pass === 'first' && cfg.reweighMinutes > 0 && i.lastCompleted) {
    const minutes = (i.now.getTime() - i.lastCompleted.at.getTime()) / 60000;
    if (minutes >= 0 && minutes < cfg.reweighMinutes) {
      out.push({
        kind: 'quick_reweigh',
        detail: `车辆 ${i.plate} 距上次完成过磅（${i.lastCompleted.orderNo}）仅 ${Math.floor(minutes)} 分钟（限 ${cfg.reweighMinutes} 分钟）`,
      });
    }
  }
  if (!i.manual && cfg.calibration?.length) {
    const tolKg = linearityTolKg(cfg);
    const off = offProfile(i.weight, cfg.calibration, tolKg);
    if (off) out.push(off);
    const drift = i.pass === 'second' && i.tareDrift ? tareDrift(i.tareDrift, tolKg) : null;
    if (drift) out.push(drift);
  }
  const tol = new Decimal(cfg.tareTolerancePct || '0');
  if (i.tare !== undefined && tol.gt(0)) {
    const ref = referenceTare(i.archive);
    if (ref && new Decimal(ref).gt(0)) {
      const dev = tareDeviationPct(i.tare, ref);
      if (new Decimal(dev).abs().gt(tol)) {
        const src = i.archive.standard ? '标准皮重' : `近${Math.min(3, i.archive.recent.length)}次平均皮重`;
        out.push({
          kind: 'tare_deviation',
          detail: `皮重 ${kg(i.tare)} kg 与${src} ${ref} kg 偏差 ${dev}%（允许 ±${tol.toString()}%）`,
          reference: ref,
        });
      }
    }
  }
  return out;
}
