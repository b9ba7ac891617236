/**
 * The weighing workstation's rules as plain functions (DESIGN §5 Weighing; orders.contract.ts), kept apart from
 * the React screens so that each rule has a test:
 * - which pass the truck on the deck is at (a new truck, its open first-pass record, or a record already weighed
 *   twice) and what the buttons may do;
 * - a capture takes the live reading only when the scale says stable (and the weight is above zero); a manual
 *   weight needs the button supply_chain_loadometer_manual and is sent with manual = 1 (marked on the memo);
 * - the live preview of gross / tare / deduction / net / amount uses core/stock/weighing.ts (the server's
 *   arithmetic), the impurity rate converted from percent to a fraction;
 * - every command sends the whole editable set (so a value the clerk did not touch is never reset by a default).
 */
import Decimal from 'decimal.js';
import { CUSTOMER_SELECT, PARTY_SELECT, SUPPLIER_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import {
  type FirstPassBody,
  type SecondPassBody,
  WEIGHING_ORDER_TYPES,
  type WeighingOrder,
} from '../../../core/contract/izs-weighing/orders.contract.ts';
import type { WeightReading } from '../../../core/contract/izs-weighing/socket.contract.ts';
import { computeWeighing, type PriceUnit, type WeighingResult } from '../../../core/stock/weighing.ts';
import type { PositionSensors, ScaleSample } from '../../../core/weighing/anti-cheat.ts';
import { readingKg } from '../../../core/weighing/reading.ts';

export type OrderType = 'purchase' | 'sale' | 'transfer' | 'other';
export const ORDER_TYPES = WEIGHING_ORDER_TYPES as { label: string; value: OrderType }[];

export interface StationForm {
  orderType: OrderType;
  carNumber: string;
  partyId: string;
  materialId: string;
  warehouseId: string;
  driverName: string;
  /** Decimal strings as typed ('' = not set). */
  unitPrice: string;
  deductWeight: string;
  /** Percent (1.5 = 1.5 %). */
  impurityRate: string;
  remark: string;
  /** issue 12: the trading contract the truck executes (an open contract of the party), '' = none */
  contractId?: string;
}

export const emptyForm = (orderType: OrderType = 'purchase', warehouseId = ''): StationForm => ({
  orderType,
  carNumber: '',
  partyId: '',
  materialId: '',
  warehouseId,
  driverName: '',
  unitPrice: '',
  deductWeight: '',
  impurityRate: '',
  remark: '',
});

/** A record as the form (the record's values win; ids and decimals stay text). */
export function formFromRecord(r: WeighingOrder): StationForm {
  const t = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    orderType: (ORDER_TYPES.some((o) => o.value === r.orderType) ? r.orderType : 'other') as OrderType,
    carNumber: r.carNumber,
    partyId: t(r.partyId),
    materialId: t(r.materialId),
    warehouseId: t(r.warehouseId),
    driverName: t(r.driverName),
    unitPrice: t(r.unitPrice),
    deductWeight: t(r.deductWeight),
    impurityRate: t(r.impurityRate),
    remark: t(r.remark),
    ...(r.contractId ? { contractId: r.contractId } : {}),
  };
}

/** Plates as the server keeps them: no spaces or middle dots, upper case (苏e·12345 → 苏E12345). */
export function normalizePlate(text: string): string {
  return text.replace(/[\s·•.-]/g, '').toUpperCase();
}

/** Whose price list applies, and who the counterparty is, for an order type. */
export function partyOf(orderType: OrderType) {
  if (orderType === 'purchase') return { label: '供应商', source: SUPPLIER_SELECT, priceType: 'purchase' as const };
  if (orderType === 'sale') return { label: '客户', source: CUSTOMER_SELECT, priceType: 'sale' as const };
  return { label: '往来单位', source: PARTY_SELECT, priceType: undefined };
}

/**
 * The editable fields of a command. `keepDefaults` leaves out the price and the impurity rate while the clerk
 * has not set them, so the server fills them from the price list and the material (first pass of a new truck).
 */
export function editableBody(f: StationForm, keepDefaults: { unitPrice?: boolean; impurityRate?: boolean } = {}) {
  const id = (v: string) => (v ? v : null);
  return {
    partyId: id(f.partyId),
    materialId: id(f.materialId),
    warehouseId: id(f.warehouseId),
    driverName: f.driverName.trim(),
    deductWeight: f.deductWeight || '0',
    remark: f.remark.trim(),
    ...(f.contractId ? { contractId: f.contractId } : {}),
    ...(keepDefaults.unitPrice && !f.unitPrice ? {} : { unitPrice: f.unitPrice || '0' }),
    ...(keepDefaults.impurityRate && !f.impurityRate ? {} : { impurityRate: f.impurityRate || '0' }),
  };
}

/** Where the truck on the deck is. */
export type Stage = 'new' | 'second' | 'weighed' | 'completed' | 'voided';

export function stageOf(record: WeighingOrder | null | undefined): Stage {
  if (!record) return 'new';
  if (record.weighState === 'completed') return 'completed';
  if (record.weighState === 'voided') return 'voided';
  return record.secondWeight ? 'weighed' : 'second';
}

export interface ManualEntry {
  /** The clerk switched to 手工录入. */
  on: boolean;
  value: string;
  /** issue 24: why the scale's reading is not used (required; the weighing is always flagged). */
  reason?: string;
}

export interface Capture {
  ok: boolean;
  /** Why not (shown as the button's hint). */
  reason: string;
  weight: string;
  stable: boolean;
  manual: 0 | 1;
}

const DECIMAL_KG = /^\d{1,6}(\.\d{1,3})?$/;

export { KG_PER_UNIT, readingKg } from '../../../core/weighing/reading.ts';

/**
 * The reading a capture would send: the live stable weight, or the manual one (only with the permission).
 * Refused while the link is down, the scale is moving, or the weight is zero.
 */
export function captureOf(
  live: { enabled: boolean; weight?: WeightReading },
  manual: ManualEntry,
  canManual: boolean,
  /** The scale's minimum capture (kg; core/weighing/anti-cheat.ts minCaptureKg), when known. */
  minKg?: string,
): Capture {
  if (manual.on && canManual) {
    const v = manual.value.trim();
    if (!DECIMAL_KG.test(v) || new Decimal(v).lte(0)) {
      return { ok: false, reason: '请输入手工重量(kg)', weight: v, stable: false, manual: 1 };
    }
    if (!manual.reason?.trim()) {
      return { ok: false, reason: '请填写手工录入原因', weight: v, stable: false, manual: 1 };
    }
    return { ok: true, reason: '', weight: v, stable: false, manual: 1 };
  }
  if (!live.enabled || !live.weight) return { ok: false, reason: '地磅未连接', weight: '', stable: false, manual: 0 };
  const w = live.weight;
  const kg = readingKg(w.value, w.unit);
  if (kg === null) return { ok: false, reason: `重量单位不支持：${w.unit}`, weight: '', stable: false, manual: 0 };
  if (!w.stable) return { ok: false, reason: '重量未稳定', weight: kg, stable: false, manual: 0 };
  if (!DECIMAL_KG.test(kg) || new Decimal(kg).lte(0)) {
    return { ok: false, reason: '地磅无重量', weight: kg, stable: true, manual: 0 };
  }
  // issue 24: the server refuses it too (秤台上无车或重量过低); said here before the key is pressed
  if (minKg && new Decimal(kg).lt(minKg)) {
    return { ok: false, reason: `秤台上无车或重量过低（最小称量 ${minKg} kg）`, weight: kg, stable: true, manual: 0 };
  }
  return { ok: true, reason: '', weight: kg, stable: true, manual: 0 };
}

/**
 * What the lane saw, sent with a capture (issue 24): the manual weight's reason, the camera's plate, the last 30 s
 * of readings and the positioning sensors (when the bridge reports them).
 */
export interface LaneSeen {
  manualReason?: string;
  plateRead?: string;
  readings?: ScaleSample[];
  sensors?: PositionSensors | null;
}

export function laneSeenOf(
  c: Capture,
  manual: ManualEntry,
  plateRead: string,
  readings: ScaleSample[],
  sensors?: PositionSensors,
) {
  if (c.manual === 1) return { manualReason: manual.reason?.trim() ?? '', ...(plateRead ? { plateRead } : {}) };
  return {
    ...(plateRead ? { plateRead } : {}),
    ...(readings.length ? { readings } : {}),
    ...(sensors ? { sensors } : {}),
  } satisfies LaneSeen;
}

export function firstPassBody(
  form: StationForm,
  weighbridgeId: string,
  c: Capture,
  photos: string[],
  keepDefaults: { unitPrice?: boolean; impurityRate?: boolean },
  lane: LaneSeen = {},
): FirstPassBody {
  return {
    ...lane,
    orderType: form.orderType,
    weighbridgeId,
    carNumber: normalizePlate(form.carNumber),
    weight: c.weight,
    stable: c.stable,
    manual: c.manual,
    photos,
    ...editableBody(form, keepDefaults),
  };
}

/**
 * The 派车单 a first pass is made under (issue 24): the slip the clerk read, while the plate is still the slip's —
 * a plate typed over it weighs without the slip (the server would refuse the mismatch).
 */
export function underSlip(body: FirstPassBody, slip: { slipNo: string; carNumber: string } | null): FirstPassBody {
  if (!slip || normalizePlate(slip.carNumber) !== normalizePlate(body.carNumber)) return body;
  return { ...body, dispatchSlipNo: slip.slipNo };
}

export function secondPassBody(
  form: StationForm,
  id: string,
  c: Capture,
  photos: string[],
  complete: boolean,
  lane: LaneSeen = {},
): SecondPassBody {
  return {
    ...lane,
    id,
    weight: c.weight,
    stable: c.stable,
    manual: c.manual,
    photos,
    complete: complete ? 1 : 0,
    ...editableBody(form),
  };
}

export interface Preview extends Partial<WeighingResult> {
  /** The reading already stored for this truck (kg). */
  first?: string;
  /** The reading the next capture would take (kg). */
  current?: string;
  /** Why net/amount cannot be shown ('' when they can). */
  note: string;
}

const priceUnitOf = (u: string | undefined): PriceUnit => (u === 'yuan_per_kg' ? 'kg' : 't');

/**
 * The figures shown under the weight: after the second pass the record's own figures (computed by the server);
 * while a truck waits for its second pass, first reading vs the live one; a new truck shows only the live one.
 */
export function previewOf(
  record: WeighingOrder | null | undefined,
  form: StationForm,
  current: string | undefined,
  priceUnit: string | undefined,
  places = 3,
): Preview {
  const stage = stageOf(record);
  const first = record?.firstWeight ?? undefined;
  const second = stage === 'weighed' || stage === 'completed' ? (record?.secondWeight ?? undefined) : current;
  if (stage === 'new') return { current, note: '一次过磅后显示净重' };
  if (!first || !second) return { first, current, note: '等待二次过磅重量' };
  try {
    const r = computeWeighing({
      first,
      second,
      deductWeight: form.deductWeight || '0',
      impurityRate: new Decimal(form.impurityRate || '0').div(100).toString(),
      unitPrice: form.unitPrice || '0',
      priceUnit: priceUnitOf(priceUnit ?? record?.priceUnit),
      weightPlaces: places,
    });
    return { ...r, first, current, note: '' };
  } catch (e) {
    return { first, current, note: (e as Error).message };
  }
}

/** The workstation path of a weighbridge. */
export const stationPath = (weighbridgeId: string) => `/supply-chain/loadometer/${weighbridgeId}`;
