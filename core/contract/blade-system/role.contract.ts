/** Roles and grants (bladex-contract §4.2 grant bodies, §5.3). Role writes need admin / administrator. */
import { z } from 'zod';
import { idListSchema, idSchema, type TreeNode } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { none, treeNodeSchema } from './fields.ts';

export const ROLE_PATHS = {
  list: '/api/blade-system/role/list',
  tree: '/api/blade-system/role/tree',
  detail: '/api/blade-system/role/detail',
  submit: '/api/blade-system/role/submit',
  remove: '/api/blade-system/role/remove',
  grant: '/api/blade-system/role/grant',
  grantTree: '/api/blade-system/menu/grant-tree',
  roleTreeKeys: '/api/blade-system/menu/role-tree-keys',
} as const;

export interface RoleNode {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  parentName?: string;
  hasChildren?: boolean;
  children?: RoleNode[];
}

export const roleSubmitSchema = z.object({
  id: idSchema.optional(),
  parentId: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? '0' : String(v).trim())),
  roleName: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(50, '角色名称过长'),
  roleAlias: z
    .string({ error: '请输入角色别名' })
    .trim()
    .min(1, '请输入角色别名')
    .max(50, '角色别名过长')
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '角色别名只能是字母开头的字母、数字、_ 或 -'),
  sort: num({ error: '排序必须是数字' }).int('排序必须是整数').default(0),
});
export type RoleSubmit = z.input<typeof roleSubmitSchema>;

/** Id lists as arrays or comma strings (BladeX GrantVO). */
const ids = (label: string) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null()])
    .optional()
    .transform((v) =>
      v == null
        ? []
        : [...new Set((Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))],
    )
    .refine((l) => l.every((s) => /^[1-9]\d{0,18}$/.test(s)), { message: `${label}编号格式不正确` });

export const roleGrantSchema = z.object({
  roleIds: ids('角色').refine((l) => l.length > 0, { message: '请选择角色' }),
  menuIds: ids('菜单'),
  dataScopeIds: ids('数据权限'),
  apiScopeIds: ids('接口权限'),
});
export type RoleGrant = z.input<typeof roleGrantSchema>;

export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}
export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

export const roleNodeSchema: z.ZodType<RoleNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    parentId: z.string(),
    roleName: z.string(),
    roleAlias: z.string(),
    sort: z.number().int(),
    parentName: z.string().optional(),
    hasChildren: z.boolean().optional(),
    children: z.array(roleNodeSchema).optional(),
  }),
);
export const grantTreeSchema = z.object({
  menu: z.array(treeNodeSchema),
  dataScope: z.array(treeNodeSchema),
  apiScope: z.array(treeNodeSchema),
}) satisfies z.ZodType<GrantTree>;
export const grantKeysSchema = z.object({
  menu: z.array(z.string()),
  dataScope: z.array(z.string()),
  apiScope: z.array(z.string()),
}) satisfies z.ZodType<GrantKeys>;

/**
 * The endpoints of 角色管理 and its grant dialog (screens/authority/role.tsx); administrator / admin role only, the
 * caller's tenant only. Handlers: server/modules/blade-system/role/*.ts.
 */
export const ROLE = {
  list: endpoint({
    method: 'GET',
    path: ROLE_PATHS.list,
    summary: '角色列表（树）',
    query: z.object({
      roleName: z.string().trim().max(50).optional(),
      roleAlias: z.string().trim().max(50).optional(),
    }),
    answer: z.array(roleNodeSchema),
    provides: ['Role'],
  }),
  tree: endpoint({
    method: 'GET',
    path: ROLE_PATHS.tree,
    summary: '角色树',
    answer: z.array(treeNodeSchema),
    provides: ['Role'],
  }),
  detail: endpoint({
    method: 'GET',
    path: ROLE_PATHS.detail,
    summary: '角色详情',
    query: z.object({ id: idSchema }),
    answer: roleNodeSchema,
    provides: ['Role'],
  }),
  submit: endpoint({
    method: 'POST',
    path: ROLE_PATHS.submit,
    summary: '新增或修改角色',
    body: roleSubmitSchema,
    answer: none,
    invalidates: ['Role'],
  }),
  remove: endpoint({
    method: 'POST',
    path: ROLE_PATHS.remove,
    summary: '删除角色（及其授权）',
    query: z.object({ ids: idListSchema }),
    answer: none,
    invalidates: ['Role', 'Grant'],
  }),
  grant: endpoint({
    method: 'POST',
    path: ROLE_PATHS.grant,
    summary: '角色授权（菜单、数据权限、接口权限）',
    body: roleGrantSchema,
    answer: none,
    // the caller's own menus / buttons may change too
    invalidates: ['Grant', 'Menu', 'Buttons'],
  }),
  grantTree: endpoint({
    method: 'GET',
    path: ROLE_PATHS.grantTree,
    summary: '授权树（菜单、数据权限、接口权限）',
    answer: grantTreeSchema,
    provides: ['Grant', 'DataScope', 'ApiScope', 'MenuAdmin'],
  }),
  treeKeys: endpoint({
    method: 'GET',
    path: ROLE_PATHS.roleTreeKeys,
    summary: '角色已授权的键',
    query: z.object({ roleIds: idListSchema }),
    answer: grantKeysSchema,
    provides: ['Grant'],
  }),
};
