/**
 * The wire contract shared by client and server (DESIGN §4, BladeX conventions).
 * No framework imports here: zod and plain types only.
 */
import { z } from 'zod';

/** Every answer: `{ code, success, data, msg }`; success is code 200 (reference: bladex-contract §1). */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** Paged answer (`data` of R). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const APP_VERSION = '1.2.0';
export const PRODUCT_TITLE = 'Loopyard 再生资源管理平台';
export const DEFAULT_TENANT_ID = '000000';
/** BladeX's default client app (managed in /system/app): `Authorization: Basic base64(saber:saber_secret)`. */
export const DEFAULT_CLIENT_ID = 'saber';
export const DEFAULT_CLIENT_SECRET = 'saber_secret';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const MAX_PAGE_SIZE = 1000;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;

/** Header names (spec §7). */
export const HEADERS = {
  auth: 'Blade-Auth',
  tenant: 'Tenant-Id',
  deptId: 'Current-Dept-Id',
  deptName: 'Current-Dept-Name',
  accountSetId: 'Current-Account-Set-Id',
  captchaKey: 'Captcha-Key',
  captchaCode: 'Captcha-Code',
} as const;

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
  current: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码必须大于0').default(1),
  size: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数必须大于0')
    .max(MAX_PAGE_SIZE, `每页条数不能超过${MAX_PAGE_SIZE}`)
    .default(10),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Tree node of every tree endpoint (bladex-contract §4.3). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}
