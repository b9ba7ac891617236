/**
 * 应用管理 (/system/app, bladex-contract §5.8): the OAuth client apps of `blade_client` that the token endpoint
 * (POST /api/blade-auth/oauth/token) authenticates with `Authorization: Basic base64(clientId:clientSecret)`.
 * The client row decides which grant types are allowed and how long access and refresh tokens live.
 *
 * Constraints:
 * - clientId unique (客户端编号已存在), letters/digits/_-, fixed after creation.
 * - clientSecret is stored hashed and never answered; it is shown once, in the answer of the create and the
 *   reset-secret calls (left empty when adding, the server generates a random one).
 * - authorizedGrantTypes: a comma list drawn from GRANT_TYPES; access 60 s – 30 days, refresh ≥ access, ≤ 365 days.
 * - Clients are platform-wide (not per tenant): only callers of the platform tenant (000000) manage them, and the
 *   built-in `saber` client (used by this web app) can be neither removed nor disabled.
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { flag, opt } from '../izs-base/fields.ts';
import { defineResource, type Option } from '../resource.ts';

export const CLIENT_PATHS = {
  /** POST `?id=` → `{clientId, clientSecret}`: a new random secret, shown once. */
  resetSecret: '/api/blade-system/client/reset-secret',
} as const;

export const GRANT_TYPES: Option[] = [
  { label: '密码 password', value: 'password' },
  { label: '验证码 captcha', value: 'captcha' },
  { label: '刷新令牌 refresh_token', value: 'refresh_token' },
  { label: '授权码 authorization_code', value: 'authorization_code' },
  { label: '客户端 client_credentials', value: 'client_credentials' },
  { label: '简化 implicit', value: 'implicit' },
];
const GRANT_VALUES = GRANT_TYPES.map((g) => String(g.value));

export const clientEntity = z.object({
  id: z.string(),
  clientId: z.string(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  accessTokenValidity: z.number(),
  refreshTokenValidity: z.number(),
  webServerRedirectUri: z.string(),
  resourceIds: z.string(),
  authorities: z.string(),
  additionalInformation: z.string(),
  autoapprove: z.string(),
  status: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  /** Only in the answer of create / reset-secret. */
  clientSecret: z.string().optional(),
});
export type ClientRow = z.infer<typeof clientEntity>;

/** Comma list (or array) of grant types → 'password,refresh_token'. */
const grantTypes = z
  .union([z.string(), z.array(z.string())], { error: '请选择授权类型' })
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))].join(','))
  .refine((v) => v !== '', { message: '请选择授权类型' })
  .refine((v) => v.split(',').every((g) => GRANT_VALUES.includes(g)), {
    message: `授权类型只能是 ${GRANT_VALUES.join('、')}`,
  })
  .default('password,refresh_token');

const seconds = (label: string, min: number, max: number, def: number) =>
  num({ error: `${label}必须是整数秒` })
    .int(`${label}必须是整数秒`)
    .min(min, `${label}不能小于${min}秒`)
    .max(max, `${label}不能大于${max}秒`)
    .default(def);

export const clientForm = z.object({
  clientId: z
    .string({ error: '请输入客户端编号' })
    .trim()
    .min(1, '请输入客户端编号')
    .max(48, '客户端编号不能超过48个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '客户端编号只能含字母、数字、_ 和 -'),
  /** Only when adding; empty → generated. */
  clientSecret: z
    .string({ error: '客户端密钥必须是文本' })
    .trim()
    .refine((v) => v === '' || (v.length >= 8 && v.length <= 128), { message: '客户端密钥长度应为8到128个字符' })
    .default(''),
  scope: z
    .string({ error: '请输入授权范围' })
    .trim()
    .min(1, '请输入授权范围')
    .max(255, '授权范围不能超过255个字符')
    .default('all'),
  authorizedGrantTypes: grantTypes,
  accessTokenValidity: seconds('令牌有效期', 60, 2592000, 3600),
  refreshTokenValidity: seconds('刷新令牌有效期', 60, 31536000, 604800),
  webServerRedirectUri: z
    .string({ error: '回调地址格式不正确' })
    .trim()
    .max(255, '回调地址不能超过255个字符')
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), { message: '回调地址必须以 http:// 或 https:// 开头' })
    .default(''),
  resourceIds: opt('资源集合', 255),
  authorities: opt('权限', 255),
  additionalInformation: opt('附加说明', 4096),
  autoapprove: opt('自动授权', 255),
  status: flag('状态', 1),
});

export const clientQuery = z.object({
  clientId: z.string().max(48).optional(),
  status: num().int().optional(),
});

export const clientResource = defineResource({
  name: 'client',
  title: '应用',
  service: 'blade-system',
  path: '/api/blade-system/client',
  permission: 'system_app',
  schemas: { entity: clientEntity, form: clientForm, query: clientQuery },
  scope: 'tenant',
  labelField: 'clientId',
  sortable: ['clientId', 'createTime'],
  defaultSort: { field: 'createTime' },
  unique: [{ fields: ['clientId'], message: '客户端编号已存在' }],
  columns: [
    { field: 'clientId', label: '客户端编号', kind: 'code', width: 150 },
    { field: 'scope', label: '授权范围', kind: 'text', width: 90 },
    { field: 'authorizedGrantTypes', label: '授权类型', kind: 'code', width: 260 },
    { field: 'accessTokenValidity', label: '令牌有效期(秒)', kind: 'number', width: 130 },
    { field: 'refreshTokenValidity', label: '刷新令牌有效期(秒)', kind: 'number', width: 160 },
    { field: 'webServerRedirectUri', label: '回调地址', kind: 'text', width: 200 },
    { field: 'resourceIds', label: '资源集合', kind: 'text' },
    { field: 'authorities', label: '权限', kind: 'text' },
    { field: 'autoapprove', label: '自动授权', kind: 'text' },
    { field: 'additionalInformation', label: '附加说明', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'clientId', label: '客户端编号', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'clientId', label: '客户端编号', kind: 'code', required: true, editDisabled: true },
    { field: 'clientSecret', label: '客户端密钥', kind: 'password' },
    { field: 'scope', label: '授权范围', kind: 'text', required: true },
    {
      field: 'authorizedGrantTypes',
      label: '授权类型',
      kind: 'select',
      required: true,
      options: { options: GRANT_TYPES },
    },
    { field: 'accessTokenValidity', label: '令牌有效期(秒)', kind: 'number', required: true },
    { field: 'refreshTokenValidity', label: '刷新有效期(秒)', kind: 'number', required: true },
    { field: 'webServerRedirectUri', label: '回调地址', kind: 'text' },
    { field: 'resourceIds', label: '资源集合', kind: 'text' },
    { field: 'authorities', label: '权限', kind: 'text' },
    { field: 'autoapprove', label: '自动授权', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'additionalInformation', label: '附加说明', kind: 'textarea' },
  ],
});

/** 应用管理's own endpoint (handler in server/modules/blade-system/client.ts; the edit button, platform tenant). */
export const CLIENT = {
  resetSecret: endpoint({
    method: 'POST',
    path: CLIENT_PATHS.resetSecret,
    summary: '重置应用密钥（新密钥只显示一次）',
    query: z.object({ id: idSchema }, { error: '缺少必要的请求参数: id' }),
    answer: z.object({ clientId: z.string(), clientSecret: z.string() }),
    invalidates: [{ type: 'Resource', id: 'client' }],
  }),
};
