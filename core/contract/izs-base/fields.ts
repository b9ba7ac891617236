/** Field schemas shared by the resource definitions (zod only; messages name the field in Chinese). */
import { z } from 'zod';
import { dayRangeMessage, isCalendarDay, num } from '../input.ts';

/** Fixed-decimal string (never a float): up to `places` decimals, 0 ≤ v ≤ max. */
export const decimal = (label: string, places: number, max: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    })
    .refine((v) => Number(v) <= Number(max), { message: `${label}不能大于${max}` });

/** Fixed-decimal string that may be negative (temperatures): up to `places` decimals, min ≤ v ≤ max. */
export const signedDecimal = (label: string, places: number, min: string, max: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^-?\\d{1,12}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    })
    .refine((v) => Number(v) >= Number(min), { message: `${label}不能小于${min}` })
    .refine((v) => Number(v) <= Number(max), { message: `${label}不能大于${max}` });

/** Required text. */
export const req = (label: string, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .max(max, `${label}不能超过${max}个字符`);

/** Optional text, '' by default. */
export const opt = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .default('');

/** Optional reference to another row (id string), null when empty. */
export const ref = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: `${label}格式不正确` })
    .nullable()
    .optional();

/** Required reference. */
export const refReq = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请选择${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: `请选择${label}` });

/** 0/1 flag (status 1 enabled by default). */
export const flag = (label: string, def: 0 | 1 = 0) =>
  num({ error: `${label}格式不正确` })
    .int(`${label}格式不正确`)
    .min(0, `${label}格式不正确`)
    .max(1, `${label}格式不正确`)
    .default(def);

export const int = (label: string, min: number, max: number, def: number) =>
  num({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`)
    .default(def);

export const oneOf = <T extends string>(label: string, values: readonly [T, ...T[]], def?: T) => {
  const e = z.enum(values, { error: `请选择${label}` });
  return def === undefined ? e : e.default(def);
};

export const phone = (label = '联系电话') =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .refine((v) => v === '' || /^[0-9+\-() ]{5,20}$/.test(v), { message: `${label}格式不正确` })
    .default('');

/** yyyy-MM-dd or ''. */
export const dateStr = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: `${label}格式应为yyyy-MM-dd` })
    .refine((v) => v === '' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), { message: dayRangeMessage(label) })
    .default('');

/** Common entity fields answered by the engine. */
export const entityBase = {
  id: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable().optional(),
  status: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
};

export const STATUS_OPTIONS = [
  { label: '启用', value: 1 },
  { label: '停用', value: 0 },
];

export const DEPT_TREE = { tree: '/api/blade-system/dept/tree' } as const;
