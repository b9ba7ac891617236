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

/**
 * The trucks each party sends (浙B plates of Ningbo) and their tare (kg; each truck its own, within a few hundred kg):
 * the history's weighings go round them, so a plate comes back to the scale hours later, never within the
 * anti-cheat's 复磅 minutes.
 */
export const PLATES: Record<string, { plates: string[]; tare: number; letter: string }> = {
  GYS001: {
    plates: ['浙BH3061', '浙BH3172', '浙BH5208', '浙BK7713', '浙BK8125', '浙BQ2290', '浙BQ6031', '浙BR1187'],
    tare: 15200,
    letter: 'T',
  },
  GYS002: { plates: ['浙B2W613', '浙B3X705', '浙B5M228', '浙B7C940'], tare: 4600, letter: 'W' },
  KH001: { plates: ['浙BD6601', '浙BD6602', '浙BD6815', '浙BE0263', '浙BE1478', '浙BF3390'], tare: 16800, letter: 'Y' },
  KH002: { plates: ['浙BN5521', '浙BN5836', '浙BP0719', '浙BP4408'], tare: 8200, letter: 'U' },
};

/** The yard's equipment (fixed-asset cards, type codes of the book's defaults: 02 机器设备, 04 运输工具, 05 电子设备). */
export const ASSETS: { name: string; spec: string; type: string; dept: string; cost: string }[] = [
  { name: '电子汽车衡', spec: 'SCS-100 100吨', type: '02', dept: '过磅房', cost: '168000.00' },
  { name: '液压龙门剪', spec: 'Q43-4000', type: '02', dept: '生产部', cost: '460000.00' },
  { name: '废钢液压打包机', spec: 'Y81-250', type: '02', dept: '生产部', cost: '285000.00' },
  { name: '合力叉车', spec: 'CPCD50 5吨', type: '04', dept: '仓储部', cost: '132000.00' },
  { name: '过磅监控电脑', spec: '联想 M920', type: '05', dept: '过磅房', cost: '18600.00' },
];

/** The year's contracts (tonnes a month of history, 元/吨): the steel bought from 鑫达, the steel sold to 宁波钢铁. */
export const CONTRACTS: {
  title: string;
  side: 'purchase' | 'sale';
  party: string;
  place: string;
  lines: { mat: string; tonnesPerMonth: number; price: string }[];
}[] = [
  {
    title: '重废钢及铜米年度采购合同',
    side: 'purchase',
    party: 'GYS001',
    place: '买方厂内（北仑）',
    lines: [
      { mat: 'WL0001', tonnesPerMonth: 320, price: '2630' },
      { mat: 'WL0005', tonnesPerMonth: 8, price: '61900' },
    ],
  },
  {
    title: '废钢年度销售合同',
    side: 'sale',
    party: 'KH001',
    place: '宁波钢铁原料场',
    lines: [
      { mat: 'WL0001', tonnesPerMonth: 180, price: '2860' },
      { mat: 'WL0002', tonnesPerMonth: 60, price: '2520' },
      { mat: 'WL0011', tonnesPerMonth: 40, price: '1770' },
    ],
  },
];

/** The weekly quotes (元/吨 bands the walk stays in): what the yard pays and what it asks, per material. */
export const QUOTES: { type: 'purchase' | 'sale'; mat: string; band: [number, number] }[] = [
  { type: 'purchase', mat: 'WL0001', band: [2500, 2760] },
  { type: 'purchase', mat: 'WL0002', band: [2080, 2320] },
  { type: 'purchase', mat: 'WL0005', band: [59000, 64500] },
  { type: 'purchase', mat: 'WL0007', band: [12600, 14000] },
  { type: 'purchase', mat: 'WL0011', band: [1380, 1620] },
  { type: 'sale', mat: 'WL0001', band: [2760, 2980] },
  { type: 'sale', mat: 'WL0002', band: [2430, 2620] },
  { type: 'sale', mat: 'WL0005', band: [65000, 69500] },
  { type: 'sale', mat: 'WL0007', band: [14000, 15200] },
  { type: 'sale', mat: 'WL0011', band: [1690, 1870] },
];

/** The delivery route from the yard in 北仑 to 宁波钢铁's raw-material yard (lon, lat; about 18 km of road). */
export const ROUTE: [number, number][] = [
  [121.8512, 29.9046],
  [121.8398, 29.9139],
  [121.8181, 29.9232],
  [121.7932, 29.9318],
  [121.7705, 29.9387],
  [121.7566, 29.9441],
];
