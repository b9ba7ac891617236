/**
 * The zod-free part of the wire contract (core/contract/common.ts re-exports it): answer shapes, header names and
 * product constants. Code of the first page load (the shell, the login page, the session) imports from here so the
 * browser does not download zod before it needs a form's schema.
 */
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
/** The `Authorization` header every call carries (the client app's id and secret). */
export function basicAuthorization(): string {
  return `Basic ${btoa(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`)}`;
}
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
