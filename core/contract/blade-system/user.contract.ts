/** User administration (bladex-contract §5.2, BladeX flavour). Passwords travel as md5 hex; hashes never leave. */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { idCsvIn, idOut, none, pageOf } from './fields.ts';

export const USER_PATHS = {
  page: '/api/blade-system/user/page',
  list: '/api/blade-system/user/list',
  detail: '/api/blade-system/user/detail',
  submit: '/api/blade-system/user/submit',
  update: '/api/blade-system/user/update',
  remove: '/api/blade-system/user/remove',
  grant: '/api/blade-system/user/grant',
  resetPassword: '/api/blade-system/user/reset-password',
  unlock: '/api/blade-system/user/unlock',
  /** `userIds`, `status` 1 enable / 0 disable (disabling ends the user's sessions). */
  status: '/api/blade-system/user/update-status',
  /** Post options for the user form (id, postName). */
  postOptions: '/api/blade-system/user/post-options',
} as const;

export const DEFAULT_PASSWORD = '123456';

export interface UserRow {
  id: string;
  tenantId: string;
  code: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  birthday: string;
  sex: number;
  sexName: string;
  roleId: string;
  roleName: string;
  deptId: string;
  deptName: string;
  postId: string;
  postName: string;
  status: number;
  /** Too many failed sign-ins in the lock window. */
  locked: boolean;
  createTime: string;
}

const idCsv = (label: string) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null()])
    .optional()
    .transform((v) =>
      v == null
        ? undefined
        : [...new Set((Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))],
    )
    .refine((l) => l === undefined || l.every((s) => /^[1-9]\d{0,18}$/.test(s)), {
      message: `${label}编号格式不正确`,
    });

export const userSubmitSchema = z.object({
  id: idSchema.optional(),
  account: z
    .string({ error: '请输入登录账号' })
    .trim()
    .min(1, '请输入登录账号')
    .max(45, '登录账号过长')
    .regex(/^[A-Za-z0-9_.@-]+$/, '登录账号只能含字母、数字和 _.@-'),
  /** md5 hex of the password; required when adding, ignored on update (use reset-password). */
  password: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{32}$/, '密码格式不正确')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  code: z.string().trim().max(30, '用户编号过长').default(''),
  name: z.string().trim().max(20, '昵称过长').default(''),
  realName: z.string({ error: '请输入用户姓名' }).trim().min(1, '请输入用户姓名').max(20, '用户姓名过长'),
  email: z.union([z.literal(''), z.email('邮箱格式不正确')]).default(''),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^1\d{10}$/.test(v), { message: '手机号码格式不正确' })
    .default(''),
  birthday: z.string().trim().max(20).default(''),
  sex: num().int().min(1, '性别不正确').max(2, '性别不正确').default(1),
  roleId: idCsv('角色').refine((l) => !!l?.length, { message: '请选择所属角色' }),
  deptId: idCsv('机构').refine((l) => !!l?.length, { message: '请选择所属机构' }),
  postId: idCsv('岗位'),
  status: num().int().min(0).max(1).default(1),
});
export type UserSubmit = z.input<typeof userSubmitSchema>;

export const userPageQuerySchema = z.object({
  account: z.string().trim().max(45).optional(),
  realName: z.string().trim().max(20).optional(),
  deptId: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[1-9]\d{0,18}$/.test(v), { message: '机构编号格式不正确' }),
  status: z
    .union([z.literal(''), num().int().min(0).max(1)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

export const userRowSchema = z.object({
  id: idOut,
  tenantId: z.string(),
  code: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  birthday: z.string(),
  sex: z.number().int(),
  sexName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  postId: z.string(),
  postName: z.string(),
  status: z.number().int(),
  locked: z.boolean(),
  createTime: z.string(),
}) satisfies z.ZodType<UserRow>;

/** userIds (+ roleIds / status) of grant, reset-password, unlock, update-status: query (BladeX) or JSON body. */
const idsQuery = z.looseObject({ userIds: idCsvIn.optional(), roleIds: idCsvIn.optional() });
const statusQuery = z.looseObject({
  userIds: idCsvIn.optional(),
  status: z.union([z.string(), z.number()]).optional(),
});

/**
 * The endpoints of 用户管理 (screens/system/user.tsx); administrator / admin role only, the caller's tenant only.
 * Handlers: server/modules/blade-system/user-admin/*.ts.
 */
export const USER_ADMIN = {
  page: endpoint({
    method: 'GET',
    path: USER_PATHS.page,
    summary: '用户分页',
    query: userPageQuerySchema.extend(pageQuerySchema.shape),
    answer: pageOf(userRowSchema),
    provides: ['User'],
  }),
  list: endpoint({
    method: 'GET',
    path: USER_PATHS.list,
    summary: '用户列表（至多 1000）',
    query: userPageQuerySchema,
    answer: z.array(userRowSchema),
    provides: ['User'],
  }),
  detail: endpoint({
    method: 'GET',
    path: USER_PATHS.detail,
    summary: '用户详情',
    query: z.object({ id: idSchema }),
    answer: userRowSchema,
    provides: ['User'],
  }),
  postOptions: endpoint({
    method: 'GET',
    path: USER_PATHS.postOptions,
    summary: '用户表单的岗位选项',
    answer: z.array(z.object({ id: idOut, postName: z.string(), postCode: z.string() })),
  }),
  submit: endpoint({
    method: 'POST',
    path: USER_PATHS.submit,
    summary: '新增或修改用户',
    body: userSubmitSchema,
    answer: none,
    invalidates: ['User'],
  }),
  update: endpoint({
    method: 'POST',
    path: USER_PATHS.update,
    summary: '修改用户',
    body: userSubmitSchema,
    answer: none,
    invalidates: ['User'],
  }),
  remove: endpoint({
    method: 'POST',
    path: USER_PATHS.remove,
    summary: '删除用户（结束其会话）',
    query: z.object({ ids: idListSchema }),
    answer: none,
    invalidates: ['User'],
  }),
  grant: endpoint({
    method: 'POST',
    path: USER_PATHS.grant,
    summary: '用户角色配置',
    query: idsQuery,
    answer: none,
    invalidates: ['User'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: USER_PATHS.resetPassword,
    summary: '重置密码（租户的初始密码参数，否则 123456）',
    query: idsQuery,
    answer: none,
    withMsg: true,
  }),
  unlock: endpoint({
    method: 'POST',
    path: USER_PATHS.unlock,
    summary: '解锁用户',
    query: idsQuery,
    answer: none,
    invalidates: ['User'],
    withMsg: true,
  }),
  status: endpoint({
    method: 'POST',
    path: USER_PATHS.status,
    summary: '启用 / 停用用户（停用结束其会话）',
    query: statusQuery,
    answer: none,
    invalidates: ['User'],
    withMsg: true,
  }),
};
