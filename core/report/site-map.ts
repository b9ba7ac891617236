/**
 * The main wall screen's map of China: stock per province from the sites (warehouse region code → province code
 * `xx0000`, as the province boundaries name them) and the fill shade of a province by its share of the largest
 * province's stock. Pure, so the map's figures are tested without WebGL.
 */
import Decimal from 'decimal.js';

export interface StockSite {
  warehouseId: string;
  name: string;
  regionCode: string;
  stockKg: string;
}

/** Province code (GB/T 2260, `330000`) of a region code (`330206`); '' when the region is not set. */
export const provinceCode = (regionCode: string) => (/^\d{2}/.test(regionCode) ? `${regionCode.slice(0, 2)}0000` : '');

/** Σ stock (kg, 3 decimals) and the sites of each province that has sites. */
export function provinceTotals(sites: StockSite[]): Map<string, { stockKg: string; sites: number }> {
  const acc = new Map<string, { kg: Decimal; sites: number }>();
  for (const s of sites) {
    const code = provinceCode(s.regionCode);
    if (!code) continue;
    const a = acc.get(code) ?? { kg: new Decimal(0), sites: 0 };
    a.kg = a.kg.plus(s.stockKg || '0');
    a.sites += 1;
    acc.set(code, a);
  }
  return new Map([...acc].map(([k, v]) => [k, { stockKg: v.kg.toFixed(3), sites: v.sites }]));
}

/** Fill shades, from a province without sites to the one with the most stock. */
export const SHADES = ['#0e2346', '#14386b', '#1a5193', '#1f6cb8', '#2b8bd6', '#36cfc9'] as const;

/** The shade of a province: none = no site there; otherwise 1..5 by its stock's share of the largest (ceil). */
export function shadeOf(stockKg: string | undefined, maxKg: string): string {
  if (stockKg === undefined) return SHADES[0];
  const max = new Decimal(maxKg || '0');
  if (max.lte(0)) return SHADES[1];
  const share = new Decimal(stockKg).div(max);
  const step = Math.min(5, Math.max(1, share.times(5).ceil().toNumber()));
  return SHADES[step];
}

/** The largest province stock (kg string; '0' without provinces). */
export function maxStock(t: Map<string, { stockKg: string }>): string {
  let max = new Decimal(0);
  for (const v of t.values()) if (max.lt(v.stockKg)) max = new Decimal(v.stockKg);
  return max.toFixed(3);
}

/**
 * Vertical label offsets (px) so that labels of sites drawn close together do not cover each other: labels are
 * placed top to bottom; one whose box (width × height from its point) meets a placed one moves down below it.
 * `points` are container pixels of the sites.
 */
export function labelOffsets(points: { x: number; y: number }[], width = 240, height = 26): number[] {
  const order = points.map((p, i) => ({ ...p, i })).sort((a, b) => a.y - b.y || a.x - b.x);
  const placed: { x: number; y: number }[] = [];
  const out = new Array<number>(points.length).fill(0);
  for (const p of order) {
    let y = p.y;
    for (let moved = true; moved; ) {
      moved = false;
      for (const q of placed) {
        if (Math.abs(q.x - p.x) < width && Math.abs(q.y - y) < height) {
          y = q.y + height;
          moved = true;
        }
      }
    }
    placed.push({ x: p.x, y });
    out[p.i] = y - p.y;
  }
  return out;
}
