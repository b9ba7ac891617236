/**
 * The main wall screen's map of China (AntV L7, its own map engine: no base map, no token, no online tiles) over
 * the province boundaries the app ships (features/logistics-map/china-provinces.topo.json, shared with the logistics
 * map). Provinces are shaded by the stock of their sites (core/report/site-map.ts); each site is a marker at its
 * coordinates (大屏配置) — or at its province when it has none — labelled with its stock; hovering a province shows
 * its stock and sites. Imported lazily by home.tsx only, so L7 and the boundaries stay out of the other screens.
 */
// L7 by its parts, not the '@antv/l7' barrel: the barrel's map adapters carry mapbox-gl and maplibre-gl (1.5 MB),
// which a map without a base map never uses (issue 25: the wall screen's map chunk)
import { Marker } from '@antv/l7-component';
import type { ILayer } from '@antv/l7-core';
import { LineLayer, PointLayer, PolygonLayer } from '@antv/l7-layers';
import { Map as L7Map } from '@antv/l7-maps/simple';
import { Scene } from '@antv/l7-scene';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HomeAnswer } from '../../core/contract/izs-visual/visual.contract.ts';
import { labelGroups, maxStock, provinceCode, provinceTotals, shadeOf } from '../../core/report/site-map.ts';
import { CHINA_PROVINCES as china } from '../../features/logistics-map/china.ts';
import { t2 } from '../../features/wall/format.ts';

type Site = HomeAnswer['sites'][number];
type LonLat = [number, number];
type Geometry = { type: 'Polygon'; coordinates: LonLat[][] } | { type: 'MultiPolygon'; coordinates: LonLat[][][] };

/** Label point of a province: the centre of its largest ring's bounding box. */
function centroid(g: Geometry): LonLat {
  const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
  const ring = rings.reduce((a, b) => (b.length > a.length ? b : a), rings[0] ?? []);
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** L7 types its anchors as an enum it does not export from '@antv/l7'; the value is the string. */
const LEFT = 'left' as unknown as NonNullable<ConstructorParameters<typeof Marker>[0]>['anchor'];

const PROVINCES = china.features.map((f) => ({
  code: f.properties.code,
  name: f.properties.name,
  at: centroid(f.geometry as Geometry),
}));
/** The boundaries with each province's fill shade (its sites' stock against the largest province's). */
function shaded(t: Map<string, { stockKg: string }>) {
  const max = maxStock(t);
  return {
    ...china,
    features: china.features.map((f) => ({
      ...f,
      properties: { ...f.properties, fill: shadeOf(t.get(f.properties.code)?.stockKg, max) },
    })),
  };
}
const CENTRE = new Map(PROVINCES.map((p) => [p.code, p.at]));

/** Where a site is drawn: its coordinates, else its province's label point nudged so sites do not overlap. */
export function sitePosition(s: Site, index: number): { at: LonLat; approx: boolean } | null {
  if (s.lon !== null && s.lat !== null) return { at: [s.lon, s.lat], approx: false };
  const c = CENTRE.get(provinceCode(s.regionCode));
  return c ? { at: [c[0] + (index % 3) * 0.8, c[1] - Math.floor(index / 3) * 0.6], approx: true } : null;
}

/** A marker for sites drawn close together: a glowing dot and one line per site with its stock. */
function markerElement(group: { site: Site; approx: boolean }[]): HTMLElement {
  const el = document.createElement('div');
  el.style.cssText =
    'display:flex;align-items:center;gap:6px;white-space:nowrap;font-size:17px;color:#e6f0ff;pointer-events:none;' +
    'text-shadow:0 0 4px #050b1a,0 0 8px #050b1a';
  const dot = document.createElement('span');
  dot.style.cssText =
    'flex:none;width:14px;height:14px;border-radius:50%;background:#ffc53d;box-shadow:0 0 10px 4px rgba(255,197,61,.55)';
  const lines = document.createElement('div');
  for (const { site, approx } of group) {
    const line = document.createElement('div');
    line.dataset.testid = `home-site-${site.warehouseId}`;
    line.dataset.stockKg = site.stockKg;
    line.textContent = `${site.name} ${t2(site.stockKg)} 吨${approx ? '（未设坐标）' : ''}`;
    lines.append(line);
  }
  el.append(dot, lines);
  return el;
}

export default function SiteMap(props: { sites: Site[] }) {
  // a refresh answers a new array every minute: redraw only when a site or its stock changed (runs for days)
  const key = JSON.stringify(props.sites);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the sites
  const sites = useMemo(() => props.sites, [key]);
  const box = useRef<HTMLDivElement>(null);
  const scene = useRef<Scene | null>(null);
  const fill = useRef<ILayer | null>(null);
  const markers = useRef<Marker[]>([]);
  const totals = useRef(new Map<string, { stockKg: string; sites: number }>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState('');
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | null>(null);

  useEffect(() => {
    if (!box.current) return;
    let s: Scene;
    try {
      s = new Scene({
        id: box.current,
        logoVisible: false,
        map: new L7Map({ center: [104.5, 36.5], zoom: 3.55, minZoom: 3, maxZoom: 10 }),
      });
    } catch (e) {
      setFailed(`地图无法显示（需要 WebGL）：${String(e)}`);
      return;
    }
    scene.current = s;
    s.on('loaded', () => {
      // the whole of China, with room on the east for the coastal sites' labels
      s.fitBounds([
        [74, 17],
        [146, 54],
      ]);
      const polygons = new PolygonLayer({ zIndex: 1 })
        .source(shaded(new Map()))
        .shape('fill')
        .color('fill', (c: string) => c)
        .style({ opacity: 0.92 });
      polygons.on(
        'mousemove',
        (e: { x: number; y: number; feature: { properties: { code: string; name: string } } }) => {
          const p = e.feature.properties;
          const t = totals.current.get(p.code);
          setTip({
            x: e.x,
            y: e.y,
            text: t ? `${p.name}：库存 ${t2(t.stockKg)} 吨 · ${t.sites} 个站点` : `${p.name}：暂无站点`,
          });
        },
      );
      polygons.on('mouseout', () => setTip(null));
      s.addLayer(polygons);
      s.addLayer(new LineLayer({ zIndex: 2 }).source(china).shape('line').size(0.8).color('#3f7fd0'));
      s.addLayer(
        new PointLayer({ zIndex: 2 })
          .source(
            PROVINCES.map((p) => ({ name: p.name, lon: p.at[0], lat: p.at[1] })),
            { parser: { type: 'json', x: 'lon', y: 'lat' } },
          )
          .shape('name', 'text')
          .size(11)
          .color('#6f8fbf'),
      );
      fill.current = polygons;
      setReady(true);
    });
    return () => {
      for (const m of markers.current) m.remove();
      markers.current = [];
      fill.current = null;
      scene.current = null;
      s.destroy();
    };
  }, []);

  useEffect(() => {
    const s = scene.current;
    if (!ready || !s || !fill.current) return;
    const t = provinceTotals(sites);
    totals.current = t;
    fill.current.setData(shaded(t));
    for (const m of markers.current) m.remove();
    const placed = sites.flatMap((site, i) => {
      const pos = sitePosition(site, i);
      return pos ? [{ site, ...pos }] : [];
    });
    // screen positions from the fitted extent (74°–146° E across the box; Mercator near 30° N stretches latitude)
    const ppd = (box.current?.clientWidth ?? 760) / 72;
    const groups = labelGroups(placed.map((p) => ({ x: (p.at[0] - 74) * ppd, y: -p.at[1] * ppd * 1.15 })));
    markers.current = groups.map((g) => {
      const members = g.map((i) => placed[i]);
      const m = new Marker({ element: markerElement(members), anchor: LEFT }).setLnglat({
        lng: members[0].at[0],
        lat: members[0].at[1],
      });
      s.addMarker(m);
      return m;
    });
  }, [ready, sites]);

  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <div ref={box} data-testid="home-map" data-ready={ready ? '1' : '0'} style={{ position: 'absolute', inset: 0 }} />
      {tip && (
        <div
          data-testid="home-map-tip"
          style={{
            position: 'absolute',
            left: tip.x + 14,
            top: tip.y + 14,
            padding: '6px 12px',
            background: 'rgba(5,11,26,.9)',
            border: '1px solid #2f5b99',
            borderRadius: 4,
            fontSize: 18,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
          }}
        >
          {tip.text}
        </div>
      )}
      {failed && (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 22 }}>
          {failed}
        </div>
      )}
    </div>
  );
}
