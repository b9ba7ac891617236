/**
 * The province boundaries of China as GeoJSON, decoded once from the TopoJSON the app ships
 * (china-provinces.topo.json, made by tools/geo/build-china.ts): 34 features with `name` and `code`. Shared by the
 * logistics map and the main wall screen's map; imported only by their lazy chunks.
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import topo from './china-provinces.topo.json';

export type ProvinceGeometry = Polygon | MultiPolygon;
export interface ProvinceProperties {
  name: string;
  code: string;
}

const topology = topo as unknown as Topology<{ provinces: GeometryCollection<ProvinceProperties> }>;

export const CHINA_PROVINCES = feature(topology, topology.objects.provinces) as FeatureCollection<
  ProvinceGeometry,
  ProvinceProperties
>;
