/** 行政区划 (bladex-contract §5.6): GET list?parentCode=00&current&size → Page<Region> with hasChildren. */
import { z } from 'zod';
import { type Region, SYSTEM_PATHS } from '../blade-system.contract.ts';
import { pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { pageOf } from './fields.ts';

export const regionFilterSchema = z.object({
  parentCode: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, '上级区划编号格式不正确')
    .optional(),
  code: z.string().trim().max(12).optional(),
  name: z.string().trim().max(50).optional(),
  regionLevel: num({ error: '区划层级必须是数字' }).int().min(0).max(5).optional(),
});

export const regionSchema = z.object({
  code: z.string(),
  parentCode: z.string(),
  ancestors: z.string(),
  name: z.string(),
  regionLevel: z.number().int(),
  sort: z.number().int(),
  hasChildren: z.boolean().optional(),
}) satisfies z.ZodType<Region>;

/** Regions are shared by every tenant (no tenant column); any signed-in user reads them (address pickers). */
export const REGION = {
  list: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.regionList,
    summary: '行政区划（分页，按上级、编号、名称、层级）',
    query: regionFilterSchema.extend(pageQuerySchema.shape),
    answer: pageOf(regionSchema),
    provides: ['Region'],
  }),
};
