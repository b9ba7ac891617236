/**
 * 操作日志 (/monitor/operation, spec §3 "Operation log entry", DESIGN §4): every mutation the server performs
 * writes one entry — title, serviceId, requestUri, params (redacted), modifyParams (old and new value of each
 * changed field) and method. The list shows who did what and when; the detail shows the changes as a table of
 * field → old → new (`changes`, labelled with the resource's Chinese field names when the server knows them).
 * Read-only: the server writes it (platform/logs.ts writeOperationLog). The client-side helper of spec §7.8 posts
 * to the modify log (core/contract/izs-toolbox/modify-log.contract.ts).
 */
import { z } from 'zod';
import { defineResource } from '../resource.ts';
import { createTimeRange, type FieldChange, optionalText as text } from './log-fields.ts';

export const OPERATION_LOG_PATH = '/api/blade-log/operation';

export const operationLogEntity = z.object({
  id: z.string(),
  title: z.string(),
  serviceId: z.string(),
  requestUri: z.string(),
  method: z.string(),
  params: z.string().optional(),
  createBy: z.string().nullable(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  remoteIp: z.string(),
  createTime: z.string(),
  /** Number of changed fields (list) and the changes themselves (detail). */
  changeCount: z.number(),
  changes: z.array(z.custom<FieldChange>()).optional(),
});
export type OperationLogRow = z.infer<typeof operationLogEntity>;

export const operationLogQuery = z.object({
  title: text('日志标题'),
  account: text('操作人', 45),
  requestUri: text('请求路径'),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: '请求方式不正确' }).optional(),
  serviceId: text('服务', 50),
  ...createTimeRange,
});

export const operationLogResource = defineResource({
  name: 'operation-log',
  title: '操作日志',
  service: 'blade-log',
  path: OPERATION_LOG_PATH,
  permission: 'monitor_operation',
  schemas: { entity: operationLogEntity, form: z.object({}), query: operationLogQuery },
  scope: 'tenant',
  sortable: ['createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'createTime', label: '操作时间', kind: 'datetime', width: 170 },
    { field: 'title', label: '日志标题', kind: 'text', width: 200 },
    { field: 'account', label: '操作人', kind: 'text', width: 100 },
    { field: 'realName', label: '姓名', kind: 'text', width: 100 },
    { field: 'method', label: '请求方式', kind: 'text', width: 90 },
    { field: 'requestUri', label: '请求路径', kind: 'code', width: 260 },
    { field: 'changeCount', label: '改动字段', kind: 'number', width: 90 },
    { field: 'serviceId', label: '服务', kind: 'code', width: 110 },
    { field: 'remoteIp', label: '客户端IP', kind: 'code', width: 130 },
  ],
  search: [
    { field: 'title', label: '日志标题', kind: 'text' },
    { field: 'account', label: '操作人', kind: 'text' },
    { field: 'method', label: '请求方式', kind: 'select' },
    { field: 'createTime', label: '操作时间', kind: 'date-range', range: ['createTimeBegin', 'createTimeEnd'] },
  ],
  form: [],
});
