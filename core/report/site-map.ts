/**
 * The main wall screen's map of China: stock per province from the sites (warehouse region code → province code
 * `xx0000`, as the province boundaries name them) and the fill shade of a province by its share of the largest
 * province's stock. Pure, so the map's figures are tested without WebGL.
 */
import Decimal from 'decimal.js';
import { weightFixed } from '../format/amounts.ts';

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
  return new Map([...acc].map(([k, v]) => [k, { stockKg: weightFixed(v.kg), sites: v.sites }]));
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
  return weightFixed(max);
}

/**
 * Sites drawn close together share one marker with a line each (labels of separate markers would cover each
 * other): a site joins the first group whose anchor is within `dx` × `dy` screen px, else starts its own. Answers
 * the groups as lists of indexes; `points` are the sites' screen positions.
 */
export function labelGroups(points: { x: number; y: number }[], dx = 200, dy = 40): number[][] {
  const groups: { x: number; y: number; members: number[] }[] = [];
  points.forEach((p, i) => {
    const g = groups.find((q) => Math.abs(q.x - p.x) < dx && Math.abs(q.y - p.y) < dy);
    if (g) g.members.push(i);
    else groups.push({ x: p.x, y: p.y, members: [i] });
  });
  return groups.map((g) => g.members);
}
