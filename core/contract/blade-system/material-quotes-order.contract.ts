/**
 * 物料报价单 (/system/material-quotes-order): the yard's quoted price of a material — what it pays (采购报价)
 * or asks (销售报价) — for a period; weighing and the 行情 screens read the quote in force on a day.
 *
 * Constraints:
 * - code (报价单号) is given by the server when left empty: BJ + yyyyMMdd + 3-digit daily sequence per tenant;
 *   unique per tenant (报价单号已存在).
 * - material required and of the same tenant; price ≥ 0 with 2 decimals, per priceUnit (decimal string, never float).
 * - effectiveStart required (yyyy-MM-dd); effectiveEnd empty (open-ended) or ≥ effectiveStart.
 * - Department-scoped: the role's data scope applies.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { materialQuotesOrderRow } from '../generated/base.ts';
import { dayRangeMessage, isCalendarDay, num } from '../input.ts';
import { DEPT_TREE, dateStr, decimal, flag, opt, ref, refReq } from '../izs-base/fields.ts';
import { PRICE_UNITS } from '../izs-base/material.contract.ts';
import { defineResource, type Option } from '../resource.ts';

export const QUOTE_TYPES: Option[] = [
  { label: '采购报价', value: 'purchase' },
  { label: '销售报价', value: 'sale' },
];
export const MATERIAL_SELECT = {
  endpoint: '/api/izs-base/material/select-list',
  labelKey: 'name',
  valueKey: 'id',
} as const;

export const materialQuoteEntity = materialQuotesOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  materialName: joinedName,
  materialCode: joinedName,
});
export type MaterialQuoteRow = z.infer<typeof materialQuoteEntity>;

export const materialQuoteForm = z.object({
  code: z
    .string({ error: '报价单号必须是文本' })
    .trim()
    .max(32, '报价单号不能超过32个字符')
    .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), { message: '报价单号只能含字母、数字、_ 和 -' })
    .default(''),
  quoteType: z.enum(['purchase', 'sale'], { error: '请选择报价类型' }).default('purchase'),
  materialId: refReq('物料'),
  price: decimal('报价', 2, '99999999'),
  priceUnit: z.enum(['yuan_per_tonne', 'yuan_per_kg'], { error: '请选择计价单位' }).default('yuan_per_tonne'),
  effectiveStart: dateStr('生效日期').refine((v) => v !== '', { message: '请选择生效日期' }),
  effectiveEnd: dateStr('失效日期'),
  deptId: ref('所属机构'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const materialQuoteQuery = z.object({
  code: z.string().max(32).optional(),
  quoteType: z.enum(['purchase', 'sale'], { error: '报价类型不正确' }).optional(),
  materialId: z.string().optional(),
  deptId: z.string().optional(),
  status: num().int().optional(),
  /** Quotes in force on that day (yyyy-MM-dd): start ≤ day and (no end or end ≥ day). */
  activeOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '查询日期格式应为yyyy-MM-dd')
    .refine(isCalendarDay, { message: dayRangeMessage('查询日期') })
    .optional(),
  effectiveStart: z.string().optional(),
  effectiveStartBegin: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, '生效日期格式不正确')
    .optional(),
  effectiveStartEnd: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, '生效日期格式不正确')
    .optional(),
});

export const materialQuoteResource = defineResource({
  name: 'material-quotes-order',
  title: '物料报价单',
  service: 'izs-sell',
  path: '/api/izs-sell/material-quotes-order',
  permission: 'system_material_quotes_order',
  schemas: { entity: materialQuoteEntity, form: materialQuoteForm, query: materialQuoteQuery },
  scope: 'dept',
  labelField: 'code',
  sortable: ['code', 'price', 'effectiveStart', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '报价单号已存在' }],
  columns: [
    { field: 'code', label: '报价单号', kind: 'code', width: 150 },
    { field: 'quoteType', label: '报价类型', kind: 'select', options: { options: QUOTE_TYPES }, width: 100 },
    {
      field: 'materialId',
      label: '物料',
      kind: 'select',
      labelField: 'materialName',
      options: MATERIAL_SELECT,
      width: 140,
    },
    { field: 'price', label: '报价', kind: 'money', decimals: 2, width: 120 },
    { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNITS }, width: 90 },
    { field: 'effectiveStart', label: '生效日期', kind: 'date', width: 110 },
    { field: 'effectiveEnd', label: '失效日期', kind: 'date', width: 110 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE, width: 140 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'code', label: '报价单号', kind: 'text' },
    { field: 'quoteType', label: '报价类型', kind: 'select' },
    { field: 'materialId', label: '物料', kind: 'select' },
    {
      field: 'effectiveStart',
      label: '生效日期',
      kind: 'date-range',
      range: ['effectiveStartBegin', 'effectiveStartEnd'],
    },
  ],
  form: [
    { field: 'code', label: '报价单号', kind: 'code', editDisabled: true },
    { field: 'quoteType', label: '报价类型', kind: 'select', required: true, options: { options: QUOTE_TYPES } },
    { field: 'materialId', label: '物料', kind: 'select', required: true, options: MATERIAL_SELECT },
    { field: 'price', label: '报价', kind: 'money', required: true, decimals: 2 },
    { field: 'priceUnit', label: '计价单位', kind: 'select', required: true, options: { options: PRICE_UNITS } },
    { field: 'effectiveStart', label: '生效日期', kind: 'date', required: true },
    { field: 'effectiveEnd', label: '失效日期', kind: 'date' },
    { field: 'deptId', label: '所属机构', kind: 'tree', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
