/**
 * Data scope (数据权限) and API scope (接口权限), bladex-contract §5.10–5.11. Rules hang under a menu; the
 * resource code is that menu's code (e.g. `base_material`). Roles receive them through role/grant.
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { num } from '../input.ts';

export const SCOPE_PATHS = {
  dataScopeList: '/api/blade-system/data-scope/list',
  dataScopeDetail: '/api/blade-system/data-scope/detail',
  dataScopeSubmit: '/api/blade-system/data-scope/submit',
  dataScopeRemove: '/api/blade-system/data-scope/remove',
  apiScopeList: '/api/blade-system/api-scope/list',
  apiScopeDetail: '/api/blade-system/api-scope/detail',
  apiScopeSubmit: '/api/blade-system/api-scope/submit',
  apiScopeRemove: '/api/blade-system/api-scope/remove',
} as const;

/** dict `data_scope_type`. */
export const DATA_SCOPE_TYPES: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};
/** dict `api_scope_type`. */
export const API_SCOPE_TYPES: Record<number, string> = { 1: '系统接口', 2: '业务接口' };
/** HTTP method an API rule covers (Loopyard addition to BladeX's scopePath): ALL = every method; HEAD counts as GET. */
export const API_SCOPE_METHODS = ['ALL', 'GET', 'POST', 'PUT', 'DELETE'] as const;
export type ApiScopeMethod = (typeof API_SCOPE_METHODS)[number];

export interface DataScopeRow {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeColumn: string;
  scopeType: number;
  scopeTypeName: string;
  /** Type 5: comma-separated dept ids. */
  scopeValue: string;
  remark: string;
  status: number;
}

export interface ApiScopeRow {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeMethod: ApiScopeMethod;
  scopeType: number;
  scopeTypeName: string;
  remark: string;
  status: number;
}

const idList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((l) => l.every((s) => /^[1-9]\d{0,18}$/.test(s)), { message: '机构编号格式不正确' });

export const dataScopeSubmitSchema = z
  .object({
    id: idSchema.optional(),
    menuId: idSchema.or(z.undefined()).refine((v) => v !== undefined, { message: '请选择所属菜单' }),
    scopeName: z.string({ error: '请输入权限名称' }).trim().min(1, '请输入权限名称').max(100, '权限名称过长'),
    scopeColumn: z
      .string()
      .trim()
      .regex(/^[a-z_][a-z0-9_]*$/, '权限字段只能是小写字母、数字和下划线')
      .max(100)
      .default('create_dept'),
    scopeType: num({ error: '请选择权限类型' })
      .int()
      .refine((v) => v >= 1 && v <= 5, { message: '权限类型不正确' }),
    scopeValue: idList.default([]),
    remark: z.string().trim().max(255, '备注过长').default(''),
    status: num().int().min(0).max(1).default(1),
  })
  .refine((v) => v.scopeType !== 5 || v.scopeValue.length > 0, {
    message: '自定义权限请选择可见机构',
    path: ['scopeValue'],
  });
export type DataScopeSubmit = z.input<typeof dataScopeSubmitSchema>;

/** Ant-style API path pattern: /api/… with `*` (one segment) and `**` (any depth). */
export const API_PATTERN = /^\/api\/[A-Za-z0-9_\-./*{}]*$/;

export const apiScopeSubmitSchema = z.object({
  id: idSchema.optional(),
  menuId: idSchema.or(z.undefined()).refine((v) => v !== undefined, { message: '请选择所属菜单' }),
  scopeName: z.string({ error: '请输入权限名称' }).trim().min(1, '请输入权限名称').max(100, '权限名称过长'),
  scopePath: z
    .string({ error: '请输入权限路径' })
    .trim()
    .min(1, '请输入权限路径')
    .max(255, '权限路径过长')
    .regex(API_PATTERN, '权限路径须以 /api/ 开头，只能含字母、数字、-_./ 和 *'),
  scopeMethod: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(API_SCOPE_METHODS, { error: '请求方式只能是 ALL、GET、POST、PUT 或 DELETE' }))
    .default('ALL'),
  scopeType: num()
    .int()
    .refine((v) => v === 1 || v === 2, { message: '接口类型不正确' })
    .default(2),
  remark: z.string().trim().max(255, '备注过长').default(''),
  status: num().int().min(0).max(1).default(1),
});
export type ApiScopeSubmit = z.input<typeof apiScopeSubmitSchema>;

/**
 * Ant-style matcher shared by server (enforcement) and client (preview): `**` any depth (a trailing `/**` also
 * matches the bare prefix), `*` within one segment, everything else literal.
 */
export function apiPatternToRegExp(pattern: string): RegExp {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    if (pattern.startsWith('/**', i)) {
      out += '(?:/.*)?';
      i += 3;
    } else if (pattern.startsWith('**', i)) {
      out += '.*';
      i += 2;
    } else if (pattern[i] === '*') {
      out += '[^/]*';
      i += 1;
    } else {
      out += pattern[i].replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
    }
  }
  return new RegExp(`^${out}/?$`);
}

/** True when an API rule's method covers the request's (ALL covers every method; HEAD is treated as GET). */
export function methodMatches(ruleMethod: string, requestMethod: string): boolean {
  const rule = (ruleMethod || 'ALL').toUpperCase();
  if (rule === 'ALL') return true;
  const m = requestMethod.toUpperCase();
  return rule === (m === 'HEAD' ? 'GET' : m);
}
