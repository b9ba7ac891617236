/**
 * The shape of the demo yard's year (history/index.ts): who sells it what, at which price band, and whom it sells
 * to; a seeded PRNG; business days. Prices are 元/吨 ×10 (one decimal), quantities kg (whole).
 */
import type { Period } from '../../../core/accounting/index.ts';

export interface Rand {
  /** an integer in [min, max] */
  int(min: number, max: number): number;
}

/** mulberry32: a small, fast, fixed-seed PRNG (the same seed, the same history). */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

/** Monday–Friday of `period` up to `end` (inclusive), as YYYY-MM-DD. */
export function businessDays(period: Period, end: string): string[] {
  const out: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const day = `${period}-${String(d).padStart(2, '0')}`;
    const at = new Date(`${day}T00:00:00Z`);
    if (at.getUTCMonth() + 1 !== Number(period.slice(5)) || day > end) break;
    const wd = at.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(day);
  }
  return out;
}

export interface PurchasePlan {
  party: string;
  wh: string;
  mat: string;
  /** kg */
  kg: [number, number];
  /** 元/吨 × 10 */
  price: [number, number];
  rate: 13 | 9 | 0;
  incl: boolean;
}
/** Purchases: 宁波北仑鑫达 (tax on top), 海亮铜业 (含税), the natural person 王师傅 (0 %, what he is paid). */
export const PURCHASES: PurchasePlan[] = [
  { party: 'GYS001', wh: 'CK01', mat: 'WL0001', kg: [18000, 34000], price: [25500, 27200], rate: 13, incl: false },
  { party: 'GYS002', wh: 'CK01', mat: 'WL0002', kg: [2000, 9000], price: [21000, 23000], rate: 0, incl: true },
  { party: 'KH002', wh: 'CK02', mat: 'WL0007', kg: [1500, 5000], price: [128000, 138000], rate: 13, incl: true },
  { party: 'GYS001', wh: 'CK02', mat: 'WL0005', kg: [300, 1600], price: [598000, 640000], rate: 13, incl: false },
  { party: 'GYS002', wh: 'CK01', mat: 'WL0011', kg: [1500, 6000], price: [14000, 16000], rate: 0, incl: true },
];

export interface SalePlan {
  party: string;
  wh: string;
  mat: string;
  /** % of what the loader holds of it */
  share: [number, number];
  price: [number, number];
  incl: boolean;
}
/** Sales: 宁波钢铁 buys the steel (tax on top), 海亮铜业 the copper and aluminium (含税). */
export const SALES: SalePlan[] = [
  { party: 'KH001', wh: 'CK01', mat: 'WL0001', share: [40, 80], price: [27800, 29500], incl: false },
  { party: 'KH001', wh: 'CK01', mat: 'WL0002', share: [50, 90], price: [24500, 26000], incl: false },
  { party: 'KH002', wh: 'CK02', mat: 'WL0005', share: [50, 90], price: [655000, 690000], incl: true },
  { party: 'KH002', wh: 'CK02', mat: 'WL0007', share: [50, 90], price: [142000, 150000], incl: true },
  { party: 'KH001', wh: 'CK01', mat: 'WL0011', share: [60, 95], price: [17000, 18500], incl: false },
];
