/**
 * The wire contract shared by client and server (DESIGN §4, BladeX conventions).
 * No framework imports here: zod and plain types only. The zod-free part lives in wire.ts (re-exported).
 */
import { z } from 'zod';
import { paging } from './fields.ts';
import { MAX_PAGE_SIZE } from './wire.ts';

export * from './wire.ts';

/** 64-bit ids travel as strings; accept numbers or numeric strings on input. */
export const idSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: '编号格式不正确' });

/** Query `ids=1,2,3` of remove endpoints. */
export const idListSchema = z
  .string({ error: '缺少必要的请求参数: ids' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((v) => /^[1-9]\d{0,18}$/.test(v)), { message: '编号格式不正确' });

export const pageQuerySchema = z.object({
  ...paging({ size: 10, max: MAX_PAGE_SIZE }),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
