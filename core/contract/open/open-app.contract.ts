/**
 * 开放平台 administration (spec §2.8 open; /open/api admin only; issue 14): integrator apps, their secrets (shown
 * once, rotatable), IP allow-list, scopes, rate limit, webhook; the call log; webhook deliveries (replayable); the
 * paths an app may call (/open/url/:appId). Buttons: open_api_view / _add / _edit / _delete.
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { pageLiteOf, paging } from '../fields.ts';
import { num } from '../input.ts';
import { OPEN_EVENTS, OPEN_SCOPES } from './open-v1.contract.ts';

const OA = '/api/izs-toolbox/open-app';
const view = { code: 'open_api', action: 'view' } as const;
const SCOPE_VALUES = OPEN_SCOPES.map((s) => s.value) as [string, ...string[]];
const EVENT_VALUES = OPEN_EVENTS.map((s) => s.value) as [string, ...string[]];

export const openAppRow = z.object({
  id: z.string(),
  name: z.string(),
  appKey: z.string(),
  enabled: z.number().int(),
  ipAllow: z.string(),
  scopes: z.array(z.string()),
  rateLimit: z.number().int(),
  webhookUrl: z.string(),
  webhookEvents: z.array(z.string()),
  remark: z.string(),
  createTime: z.string(),
  /** Calls of the last 24 hours. */
  calls24h: z.number().int(),
});
export type OpenAppRow = z.infer<typeof openAppRow>;

const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

export const openAppForm = z.object({
  id: idSchema.optional(),
  name: z.string().trim().min(1, '请输入应用名称').max(100, '应用名称不能超过100字'),
  enabled: num().int().min(0).max(1).default(1),
  ipAllow: z
    .string()
    .trim()
    .max(2000, 'IP白名单过长')
    .default('')
    .refine(
      (v) =>
        v
          .split(/[\s,，]+/)
          .filter(Boolean)
          .every((ip) => IP_OR_CIDR.test(ip)),
      { message: 'IP白名单格式不正确（IP或CIDR，逗号分隔）' },
    ),
  scopes: z.array(z.enum(SCOPE_VALUES, { error: '接口分组不正确' })).default([]),
  rateLimit: num({ error: '限流必须是数字' })
    .int('限流必须是整数')
    .min(1, '限流至少每分钟1次')
    .max(100000, '限流不能超过每分钟100000次')
    .default(60),
  webhookUrl: z
    .string()
    .trim()
    .max(500, '回调地址过长')
    .default('')
    .refine((v) => !v || /^https?:\/\/\S+$/.test(v), { message: '回调地址应以 http:// 或 https:// 开头' }),
  webhookEvents: z.array(z.enum(EVENT_VALUES, { error: '推送事件不正确' })).default([]),
  remark: z.string().max(255, '备注不能超过255字').default(''),
});

/** A new or rotated secret: shown once. */
export const openAppSecrets = z.object({
  app: openAppRow,
  /** null on update (the secret does not change). */
  secret: z.string().nullable(),
  webhookSecret: z.string().nullable(),
});

export const openCall = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  httpStatus: z.number().int(),
  code: z.number().int(),
  msg: z.string(),
  latencyMs: z.number().int(),
  ip: z.string(),
  createTime: z.string(),
});

export const openDelivery = z.object({
  id: z.string(),
  event: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string(),
  lastLatencyMs: z.number().int().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string(),
  createTime: z.string(),
  payload: z.string(),
});

const pageQuery = paging({ size: 20, max: 200 });

export const OPEN_APP = {
  list: endpoint({
    method: 'GET',
    path: `${OA}/list`,
    summary: '开放平台应用列表',
    answer: z.array(openAppRow),
    permission: view,
    provides: ['OpenApp'],
  }),
  save: endpoint({
    method: 'POST',
    path: `${OA}/save`,
    summary: '新增或修改应用（新增时返回一次性密钥）',
    body: openAppForm,
    answer: openAppSecrets,
    permission: { code: 'open_api', action: 'add' },
    invalidates: ['OpenApp'],
  }),
  rotate: endpoint({
    method: 'POST',
    path: `${OA}/rotate-secret`,
    summary: '重置应用密钥和推送签名密钥（旧密钥立即失效）',
    body: z.object({ id: idSchema }),
    answer: openAppSecrets,
    permission: { code: 'open_api', action: 'edit' },
    invalidates: ['OpenApp'],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${OA}/remove`,
    summary: '删除应用',
    body: z.object({ id: idSchema }),
    answer: z.boolean(),
    permission: { code: 'open_api', action: 'delete' },
    invalidates: ['OpenApp'],
  }),
  calls: endpoint({
    method: 'GET',
    path: `${OA}/calls`,
    summary: '应用的调用日志（状态、返回码、耗时）',
    query: z.object({ appId: idSchema, ...pageQuery }),
    answer: pageLiteOf(openCall),
    permission: view,
    provides: ['OpenCall'],
  }),
  deliveries: endpoint({
    method: 'GET',
    path: `${OA}/deliveries`,
    summary: '应用的事件推送记录',
    query: z.object({ appId: idSchema, ...pageQuery }),
    answer: pageLiteOf(openDelivery),
    permission: view,
    provides: ['OpenDelivery'],
  }),
  replay: endpoint({
    method: 'POST',
    path: `${OA}/replay`,
    summary: '重新推送一条事件（立即排队）',
    body: z.object({ id: idSchema }),
    answer: z.boolean(),
    permission: { code: 'open_api', action: 'edit' },
    invalidates: ['OpenDelivery'],
  }),
  paths: endpoint({
    method: 'GET',
    path: `${OA}/paths`,
    summary: '应用可调用的开放接口路径',
    query: z.object({ appId: idSchema }),
    answer: z.object({
      app: openAppRow,
      paths: z.array(
        z.object({
          method: z.string(),
          path: z.string(),
          summary: z.string(),
          scope: z.string(),
          scopeLabel: z.string(),
          allowed: z.boolean(),
        }),
      ),
    }),
    permission: view,
    provides: ['OpenApp'],
  }),
};
