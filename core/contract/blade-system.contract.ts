/** blade-system: menus, departments, regions, version info (spec §7.2, §7.3 regions, §7.5, §7.8). */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { num } from './input.ts';

// the paths live in a zod-free module the first page load imports (wire.ts explains why)
export { SYSTEM_PATHS } from './system-paths.ts';

/**
 * R data of GET /api/blade-system/site-info (public). A business day (今天, 本月, date-range defaults) is the
 * server's (TZ), not the browser's: the client takes `today` / `timeZone` / `utcOffsetMinutes` from here.
 */
export interface SiteInfo {
  /** IANA zone of the server's TZ, e.g. Asia/Shanghai */
  timeZone: string;
  /** the zone's offset from UTC now, in minutes (480 for UTC+8) */
  utcOffsetMinutes: number;
  /** yyyy-MM-dd in the server's zone */
  today: string;
  /** the server's clock, ms since epoch */
  now: number;
  /** the database holds the demo data (SEED_DEMO=1 when it was seeded): the login card may show the demo account */
  demo: boolean;
}

/** Menu node as served by routes / lazy-list / detail (bladex-contract §4.1). category 1 menu, 2 button. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  action: number;
  /** 1 no, 2 yes: open in a new window (full-screen routes). */
  isOpen: 1 | 2;
  /** 1 hidden from the sidebar (detail pages reached from lists). */
  isHidden?: 0 | 1;
  remark?: string;
  hasChildren?: boolean;
  children?: MenuNode[];
  parentName?: string;
}

export const menuSubmitSchema = z.object({
  id: idSchema.optional(),
  parentId: z.union([z.string(), z.number()]).transform(String).default('0'),
  code: z.string({ error: '请输入菜单编号' }).trim().min(1, '请输入菜单编号').max(100, '菜单编号过长'),
  name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(50, '菜单名称过长'),
  alias: z.string().trim().max(50).default('menu'),
  path: z.string().trim().max(255, '路由地址过长').default(''),
  source: z.string().trim().max(100).default(''),
  sort: num({ error: '排序必须是数字' }).int('排序必须是整数').default(0),
  category: num()
    .refine((v) => v === 1 || v === 2, { message: '菜单类型只能是菜单或按钮' })
    .default(1),
  action: num().int().min(0).max(3).default(0),
  isOpen: num()
    .refine((v) => v === 1 || v === 2, { message: '新窗口只能是是或否' })
    .default(1),
  isHidden: num()
    .refine((v) => v === 0 || v === 1)
    .default(0),
  remark: z.string().max(255).optional(),
});
export type MenuSubmit = z.infer<typeof menuSubmitSchema>;

/** Department (bladex-contract §5.1, BladeX flavour with deptCategory). */
export interface Dept {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  sort: number;
  remark: string;
  hasChildren?: boolean;
  children?: Dept[];
  parentName?: string;
}

export const deptSubmitSchema = z.object({
  id: idSchema.optional(),
  parentId: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  deptName: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(45, '机构名称过长'),
  fullName: z.string().trim().max(45, '机构全称过长').optional(),
  deptCategory: num().int().min(1, '机构类型不正确').max(3, '机构类型不正确').default(2),
  sort: num({ error: '排序必须是数字' }).int('排序必须是整数').default(0),
  remark: z.string().max(255, '备注过长').optional(),
});
export type DeptSubmit = z.infer<typeof deptSubmitSchema>;

export interface Region {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  regionLevel: number;
  sort: number;
  hasChildren?: boolean;
}

/** Current user's profile (GET /user/info; password never sent). */
export interface UserInfo {
  id: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  birthday: string;
  sex: number;
  roleId: string;
  roleName: string;
  deptId: string;
  deptName: string;
  postId: string;
}

export const userUpdateInfoSchema = z.object({
  name: z.string().trim().max(20, '昵称过长').optional(),
  realName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名过长'),
  avatar: z.string().max(500).optional(),
  email: z.union([z.literal(''), z.email('邮箱格式不正确')]).optional(),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^1\d{10}$/.test(v), { message: '手机号码格式不正确' })
    .optional(),
  birthday: z.string().optional(),
  sex: num().int().min(1).max(2).optional(),
});

/** Passwords arrive as md5 hex from the client, like the token endpoint. */
export const updatePasswordSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).regex(/^[0-9a-f]{32}$/, '密码格式不正确'),
    newPassword: z.string({ error: '请输入新密码' }).regex(/^[0-9a-f]{32}$/, '密码格式不正确'),
    newPassword1: z.string({ error: '请输入确认密码' }).regex(/^[0-9a-f]{32}$/, '密码格式不正确'),
  })
  .refine((v) => v.newPassword === v.newPassword1, { message: '请输入正确的确认密码!', path: ['newPassword1'] });

/**
 * Dashboard figures (home tab), computed from the database. Business figures (weighings, tonnage, money)
 * are fixed-decimal strings and stay zero until the weighing/stock module exists.
 */
export interface DashboardSummary {
  counts: { users: number; depts: number; roles: number; menus: number; activeSessions: number };
  today: {
    logins: number;
    apiCalls: number;
    operations: number;
    weighCount: number;
    inNetKg: string;
    outNetKg: string;
  };
  /** Last 7 days, oldest first, date as yyyy-MM-dd. */
  trend: { date: string; logins: number; apiCalls: number }[];
}

/** Account-check status (spec §4): 0 no permission for accounting pages, 1 no account set yet, else normal. */
export const ACCOUNT_SET_CHECK_PATH = '/api/izs-financing/account-set/check';
/** STOMP over WebSocket endpoint (spec §7.9); the broker itself comes with the weighing module. */
export const WEIGHING_WS_PATH = '/api/izs-weighing/ws';
