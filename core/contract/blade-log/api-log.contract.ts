/**
 * 接口日志 (/monitor/log/api, bladex-contract §7): one row per /api call — path, method, caller, time, duration,
 * HTTP status, and the query/body as redacted JSON text (`params`, answered by `detail` only, as BladeX's VO hides
 * it in lists). Read-only: written by the server's onSend hook, never by a client.
 */
import { z } from 'zod';
import { num } from '../input.ts';
import { defineResource, type Option } from '../resource.ts';
import { createTimeRange, optionalText as text } from './log-fields.ts';

export const API_LOG_PATH = '/api/blade-log/api';

export const HTTP_METHODS: Option[] = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ label: m, value: m }));

/** HTTP statuses the server answers (DESIGN §4: the body code equals the HTTP status). */
export const HTTP_STATUS_OPTIONS: Option[] = [
  { label: '200 成功', value: 200 },
  { label: '400 请求错误', value: 400 },
  { label: '401 未登录', value: 401 },
  { label: '403 无权限', value: 403 },
  { label: '404 不存在', value: 404 },
  { label: '500 服务器错误', value: 500 },
];

export const apiLogEntity = z.object({
  id: z.string(),
  serviceId: z.string(),
  method: z.string(),
  requestUri: z.string(),
  userId: z.string().nullable(),
  /** Account and name of the caller (joined; '' for calls without a token). */
  account: z.string().nullable(),
  realName: z.string().nullable(),
  status: z.number(),
  /** Duration in ms. */
  time: z.number(),
  remoteIp: z.string(),
  userAgent: z.string(),
  /** Redacted `{query, body}` JSON; detail only. */
  params: z.string().optional(),
  createTime: z.string(),
});
export type ApiLogRow = z.infer<typeof apiLogEntity>;

export const apiLogQuery = z.object({
  requestUri: text('请求路径'),
  /** Account or real name, contains. */
  account: text('操作人', 45),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: '请求方式不正确' }).optional(),
  status: num({ error: '状态码必须是数字' })
    .int('状态码必须是整数')
    .min(100, '状态码不正确')
    .max(599, '状态码不正确')
    .optional(),
  serviceId: text('服务', 50),
  ...createTimeRange,
});

export const apiLogResource = defineResource({
  name: 'api-log',
  title: '接口日志',
  service: 'blade-log',
  path: API_LOG_PATH,
  permission: 'monitor_log_api',
  schemas: { entity: apiLogEntity, form: z.object({}), query: apiLogQuery },
  scope: 'tenant',
  sortable: ['createTime', 'time', 'status'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'createTime', label: '请求时间', kind: 'datetime', width: 170 },
    { field: 'requestUri', label: '请求路径', kind: 'code', width: 300 },
    { field: 'method', label: '请求方式', kind: 'text', width: 90 },
    {
      field: 'status',
      label: '状态',
      kind: 'select',
      options: { options: HTTP_STATUS_OPTIONS },
      width: 120,
    },
    { field: 'time', label: '耗时(ms)', kind: 'number', width: 110 },
    { field: 'account', label: '操作人', kind: 'text', width: 100 },
    { field: 'realName', label: '姓名', kind: 'text', width: 100 },
    { field: 'serviceId', label: '服务', kind: 'code', width: 120 },
    { field: 'remoteIp', label: '客户端IP', kind: 'code', width: 130 },
    { field: 'userAgent', label: '客户端', kind: 'text' },
  ],
  search: [
    { field: 'requestUri', label: '请求路径', kind: 'text' },
    { field: 'account', label: '操作人', kind: 'text' },
    { field: 'status', label: '状态', kind: 'select' },
    { field: 'method', label: '请求方式', kind: 'select' },
    {
      field: 'createTime',
      label: '请求时间',
      kind: 'date-range',
      range: ['createTimeBegin', 'createTimeEnd'],
    },
  ],
  form: [],
});
