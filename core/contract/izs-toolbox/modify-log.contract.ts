/**
 * 修改日志 (/monitor/update, spec §7.8: GET /api/izs-toolbox/modify-log/page, detail; POST modify-log/report).
 * A business document changed after the fact — who changed which fields of which document, from what to what,
 * and why. In a weighbridge yard this is the anti-fraud trail: a weighing slip whose gross weight or price is
 * edited after printing must leave a trace. `report` is the client's operation-log helper of spec §7.8 (it posts
 * the §3 operation-log fields title, serviceId, requestUri, params, modifyParams, method) plus the document
 * (orderType, orderNo) and a reason; server modules write the same rows through `recordModification`.
 *
 * Constraints (report):
 * - orderType is one of MODIFY_MODULES; title and orderNo required;
 * - modifyParams holds at least one change, as `{field: [old, new]}` or `[{field, label?, oldValue, newValue}]`,
 *   at most 200 fields, each value ≤ 2000 characters;
 * - the caller, tenant, department, address and time come from the request, never from the body.
 */
import { z } from 'zod';
import { changesOf, createTimeRange, type FieldChange, optionalText as text } from '../blade-log/log-fields.ts';
import { endpoint } from '../endpoint.ts';
import { defineResource, type Option } from '../resource.ts';

export const MODIFY_LOG_PATH = '/api/izs-toolbox/modify-log';
export const MODIFY_LOG_PATHS = { report: `${MODIFY_LOG_PATH}/report` } as const;

export const MODIFY_MODULES: Option[] = [
  { label: '磅单', value: 'weight-memo' },
  { label: '入库单', value: 'in-stock' },
  { label: '出库单', value: 'out-stock' },
  { label: '采购订单', value: 'purchase-order' },
  { label: '销售订单', value: 'sale-order' },
  { label: '直发单', value: 'drop-shipping' },
  { label: '合同', value: 'contract' },
  { label: '凭证', value: 'voucher' },
  { label: '基础数据', value: 'base' },
  { label: '其他', value: 'other' },
];
const MODULE_VALUES = MODIFY_MODULES.map((m) => String(m.value)) as [string, ...string[]];

export const modifyLogEntity = z.object({
  id: z.string(),
  orderType: z.string(),
  orderNo: z.string(),
  title: z.string(),
  reason: z.string(),
  serviceId: z.string(),
  requestUri: z.string(),
  method: z.string(),
  params: z.string(),
  changeCount: z.number(),
  changes: z.array(z.custom<FieldChange>()),
  createUser: z.string().nullable(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  deptId: z.string().nullable(),
  deptName: z.string().optional(),
  remoteIp: z.string(),
  createTime: z.string(),
});
export type ModifyLogRow = z.infer<typeof modifyLogEntity>;

export const modifyLogQuery = z.object({
  orderType: z.enum(MODULE_VALUES, { error: '业务模块不正确' }).optional(),
  orderNo: text('单据编号', 64),
  title: text('修改内容'),
  account: text('修改人', 45),
  ...createTimeRange,
});

const value = z.union([z.string().max(2000, '字段值不能超过2000个字符'), z.number(), z.boolean(), z.null()]);
const changeRow = z.object({
  field: z.string({ error: '请填写修改字段' }).trim().min(1, '请填写修改字段').max(100, '修改字段名过长'),
  label: z.string().trim().max(100, '字段名称过长').optional(),
  oldValue: value.optional(),
  newValue: value.optional(),
});

export const modifyLogReportSchema = z
  .object({
    orderType: z.enum(MODULE_VALUES, { error: '请选择正确的业务模块' }),
    orderNo: z.string({ error: '请填写单据编号' }).trim().min(1, '请填写单据编号').max(64, '单据编号不能超过64个字符'),
    title: z.string({ error: '请输入修改内容' }).trim().min(1, '请输入修改内容').max(255, '修改内容不能超过255个字符'),
    reason: z.string().trim().max(255, '修改原因不能超过255个字符').default(''),
    serviceId: z.string().trim().max(50, '服务不能超过50个字符').default(''),
    requestUri: z
      .string()
      .trim()
      .max(500, '请求路径不能超过500个字符')
      .refine((v) => v === '' || v.startsWith('/'), { message: '请求路径须以 / 开头' })
      .default(''),
    method: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(['', 'GET', 'POST', 'PUT', 'DELETE'], { error: '请求方式不正确' }))
      .default(''),
    params: z
      .union([z.string(), z.record(z.string(), z.unknown())], { error: '请求参数格式不正确' })
      .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      .pipe(z.string().max(20000, '请求参数不能超过20000个字符'))
      .default(''),
    modifyParams: z.union([z.array(changeRow), z.record(z.string().max(100), z.tuple([value, value]))], {
      error: '修改明细格式不正确，须为 {字段: [原值, 新值]} 或 [{field, oldValue, newValue}]',
    }),
  })
  .transform((v) => ({ ...v, changes: changesOf(v.modifyParams) }))
  .refine((v) => v.changes.length > 0, { message: '修改明细不能为空', path: ['modifyParams'] })
  .refine((v) => v.changes.length <= 200, { message: '修改字段不能超过200个', path: ['modifyParams'] });
export type ModifyLogReport = z.input<typeof modifyLogReportSchema>;

export const modifyLogResource = defineResource({
  name: 'modify-log',
  title: '修改日志',
  service: 'izs-toolbox',
  path: MODIFY_LOG_PATH,
  permission: 'monitor_update',
  schemas: { entity: modifyLogEntity, form: z.object({}), query: modifyLogQuery },
  scope: 'dept',
  sortable: ['createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'createTime', label: '修改时间', kind: 'datetime', width: 165 },
    { field: 'orderType', label: '业务模块', kind: 'select', options: { options: MODIFY_MODULES }, width: 90 },
    { field: 'orderNo', label: '单据编号', kind: 'code', width: 150 },
    { field: 'title', label: '修改内容', kind: 'text', width: 150 },
    { field: 'changeCount', label: '改动字段', kind: 'number', width: 90 },
    { field: 'reason', label: '修改原因', kind: 'text', width: 130 },
    { field: 'account', label: '修改人', kind: 'text', width: 90 },
    { field: 'realName', label: '姓名', kind: 'text', width: 100 },
    { field: 'deptId', label: '所属机构', kind: 'text', labelField: 'deptName', width: 110 },
    { field: 'requestUri', label: '请求路径', kind: 'code' },
    { field: 'remoteIp', label: '客户端IP', kind: 'code' },
  ],
  search: [
    { field: 'orderType', label: '业务模块', kind: 'select' },
    { field: 'orderNo', label: '单据编号', kind: 'text' },
    { field: 'account', label: '修改人', kind: 'text' },
    { field: 'createTime', label: '修改时间', kind: 'date-range', range: ['createTimeBegin', 'createTimeEnd'] },
  ],
  form: [],
});

/** The client's modification-log helper (spec §7.8); handler in server/modules/izs-toolbox/modify-log.ts. */
export const MODIFY_LOG = {
  report: endpoint({
    method: 'POST',
    path: MODIFY_LOG_PATHS.report,
    summary: '记录一次修改（客户端的修改日志）',
    body: modifyLogReportSchema,
    answer: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
  }),
};
