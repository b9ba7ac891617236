/**
 * Map coordinates of the sites (warehouses) on the main wall screen's map of China, set in 大屏配置. WGS-84
 * degrees; a coordinate outside China's extent is refused (a swapped longitude / latitude is the usual slip).
 */
import { z } from 'zod';
import { num } from '../input.ts';

const degrees = (label: string, min: number, max: number) =>
  num({ message: `${label}格式不正确` }).refine((v) => Number.isFinite(v) && v >= min && v <= max, {
    message: `${label}应在 ${min} 到 ${max} 之间（中国境内）`,
  });

export const siteCoords = z.object({ lon: z.number().nullable(), lat: z.number().nullable() });

export const sitesBody = z.object({
  sites: z
    .array(
      z
        .object({
          warehouseId: z.string().regex(/^[1-9]\d{0,18}$/, { message: '仓库编号格式不正确' }),
          lon: degrees('经度', 73, 136).nullable(),
          lat: degrees('纬度', 3, 54).nullable(),
        })
        .refine((x) => (x.lon === null) === (x.lat === null), { message: '经度和纬度应同时填写或同时清空' }),
    )
    .max(500, { message: '一次最多保存500个站点' }),
});
export type SitesBody = z.infer<typeof sitesBody>;
