// @vitest-environment node
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { point } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import { CHINA_PROVINCES } from './china.ts';

const provinceAt = (lon: number, lat: number) =>
  CHINA_PROVINCES.features.filter((f) => booleanPointInPolygon(point([lon, lat]), f)).map((f) => f.properties.name);

describe('the province boundaries the maps ship (TopoJSON, decoded)', () => {
  it('decodes the 34 provinces with their names and codes, every ring closed', () => {
    expect(CHINA_PROVINCES.features).toHaveLength(34);
    const names = CHINA_PROVINCES.features.map((f) => f.properties.name);
    for (const n of ['北京', '浙江', '新疆', '台湾', '香港', '澳门']) expect(names).toContain(n);
    expect(CHINA_PROVINCES.features.find((f) => f.properties.name === '浙江')?.properties.code).toBe('330000');
    for (const f of CHINA_PROVINCES.features) {
      const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
      for (const r of rings) {
        expect(r.length).toBeGreaterThanOrEqual(4);
        expect(r.at(-1)).toEqual(r[0]);
      }
    }
  });

  it('puts cities in their province, and in one province only (shared borders are one arc: no gap, no overlap)', () => {
    expect(provinceAt(120.15, 30.28)).toEqual(['浙江']); // 杭州
    expect(provinceAt(116.4, 39.9)).toEqual(['北京']);
    expect(provinceAt(121.47, 31.23)).toEqual(['上海']);
    expect(provinceAt(87.62, 43.82)).toEqual(['新疆']); // 乌鲁木齐
    expect(provinceAt(113.26, 23.13)).toEqual(['广东']); // 广州
    expect(provinceAt(91.11, 29.65)).toEqual(['西藏']); // 拉萨
    expect(provinceAt(126.63, 45.75)).toEqual(['黑龙江']); // 哈尔滨
    expect(provinceAt(117.2, 39.13)).toEqual(['天津']);
  });
});
