/**
 * 收支管理 of the current book (/accounting/income-expend), all under /api/izs-financing/income-expend:
 * - engine resource (page, list, detail, save / submit / update, remove, export): each record writes its voucher
 *   (收入: 借 cash/bank 贷 income account; 支出: 借 expense account 贷 cash/bank) in the same transaction; update and
 *   remove change / delete the voucher with it and are refused once the voucher is reviewed, posted or closed;
 * - GET `summary?periodFrom&periodTo&kind&keyword` → 收入合计, 支出合计, 净额;
 * - GET `accounts?use=cash|bank|income|expense|category` → the book's enabled leaf accounts usable as 账户 / 收支类别;
 * - GET `counterparties?dim=客户|供应商` → auxiliary items usable as 往来单位 (value `dimensionId:itemId`).
 *
 * Constraints: amount > 0 with at most 2 decimals, as a decimal string; the date's period must be open.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName, money } from '../fields.ts';
import { incomeExpendRow } from '../generated/finance-bills.ts';
import { defineResource } from '../resource.ts';
import { accountCode, dateReq, FIN, int, opt } from './fields.ts';

export const IE_BASE = `${FIN}/income-expend`;
export const IE_PERMISSION = 'accounting_income_expend';

export const IE_PATHS = {
  summary: `${IE_BASE}/summary`,
  accounts: `${IE_BASE}/accounts`,
  counterparties: `${IE_BASE}/counterparties`,
} as const;

export const IE_KINDS = [
  { label: '收入', value: 'income' },
  { label: '支出', value: 'expense' },
];

/** Positive decimal string with at most 2 decimals. */
export const positiveAmount = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,14}(\.\d{1,2})?$/.test(v), { message: `${label}格式不正确，最多2位小数` })
    .refine((v) => /[1-9]/.test(v), { message: `${label}必须大于 0` });

/** `dimensionId:itemId` of an auxiliary item, '' when none. */
export const counterpartyRef = (label = '往来单位') =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || /^[1-9]\d{0,18}:[1-9]\d{0,18}$/.test(v), { message: `${label}格式不正确` })
    .default('');

export const incomeExpendEntity = incomeExpendRow.omit(ENGINE_HIDDEN).extend({
  cashAccountName: joinedName,
  categoryAccountName: joinedName,
  /** 记-3; null when the voucher was deleted in the voucher list */
  voucherNo: joinedName,
  /** saved | reviewed | posted */
  voucherState: joinedName,
});
export type IncomeExpend = z.infer<typeof incomeExpendEntity>;

export const incomeExpendForm = z.object({
  entryDate: dateReq('日期'),
  kind: z.enum(['income', 'expense'], { error: '请选择收支类型' }),
  cashAccount: accountCode('账户'),
  categoryAccount: accountCode('收支类别'),
  counterparty: counterpartyRef(),
  amount: positiveAmount('金额'),
  summary: opt('摘要', 200),
  attachments: int('附件数', 0, 999, 0),
  remark: opt('备注', 255),
});
export type IncomeExpendForm = z.input<typeof incomeExpendForm>;

export const incomeExpendQuery = z.object({
  periodFrom: z.string().optional(),
  periodTo: z.string().optional(),
  kind: z.string().optional(),
  keyword: z.string().optional(),
});

export const incomeExpendSummaryQuery = z.object({
  periodFrom: z.string().trim().optional(),
  periodTo: z.string().trim().optional(),
  kind: z.string().optional(),
  keyword: z.string().optional(),
});

export const incomeExpendSummarySchema = z.object({
  income: money,
  expense: money,
  /** 收入 − 支出 */
  net: money,
  count: z.number().int(),
});
export type IncomeExpendSummary = z.infer<typeof incomeExpendSummarySchema>;

export const accountOptionSchema = z.object({
  code: z.string(),
  /** "560201 管理费用-办公费" */
  label: z.string(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

export const counterpartyOptionSchema = z.object({ value: z.string(), label: z.string(), dimension: z.string() });
export type CounterpartyOption = z.infer<typeof counterpartyOptionSchema>;

export const incomeExpendResource = defineResource({
  name: 'income-expend',
  title: '收支记录',
  service: 'izs-financing',
  path: IE_BASE,
  permission: IE_PERMISSION,
  schemas: { entity: incomeExpendEntity, form: incomeExpendForm, query: incomeExpendQuery },
  scope: 'tenant',
  sortable: ['entryDate', 'amount', 'createTime'],
  defaultSort: { field: 'entryDate', desc: true },
  columns: [
    { field: 'entryDate', label: '日期', kind: 'date', width: 110 },
    { field: 'kind', label: '类型', kind: 'select', options: { options: IE_KINDS }, width: 64 },
    { field: 'cashAccount', label: '账户', kind: 'text', labelField: 'cashAccountName', width: 170 },
    { field: 'categoryAccount', label: '收支类别', kind: 'text', labelField: 'categoryAccountName', width: 170 },
    { field: 'amount', label: '金额', kind: 'money', width: 120 },
    { field: 'counterpartyName', label: '往来单位', kind: 'text', width: 120 },
    { field: 'summary', label: '摘要', kind: 'text', width: 150 },
    { field: 'voucherNo', label: '凭证字号', kind: 'text', width: 84 },
    { field: 'attachments', label: '附件', kind: 'number', width: 60 },
  ],
  search: [
    { field: 'kind', label: '类型', kind: 'select' },
    { field: 'keyword', label: '摘要', kind: 'text' },
  ],
  form: [
    { field: 'entryDate', label: '日期', kind: 'date', required: true },
    { field: 'kind', label: '类型', kind: 'select', required: true, options: { options: IE_KINDS } },
    {
      field: 'cashAccount',
      label: '账户',
      kind: 'select',
      required: true,
      options: { endpoint: `${IE_PATHS.accounts}?use=cash`, labelKey: 'label', valueKey: 'code' },
    },
    {
      field: 'categoryAccount',
      label: '收支类别',
      kind: 'select',
      required: true,
      options: { endpoint: `${IE_PATHS.accounts}?use=category`, labelKey: 'label', valueKey: 'code' },
    },
    { field: 'amount', label: '金额', kind: 'money', required: true },
    {
      field: 'counterparty',
      label: '往来单位',
      kind: 'select',
      options: { endpoint: IE_PATHS.counterparties, labelKey: 'label', valueKey: 'value' },
    },
    { field: 'summary', label: '摘要', kind: 'text' },
    { field: 'attachments', label: '附件数', kind: 'number' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
});

/** The summary follows the records (the engine's writes of the resource refresh it). */
const RECORDS = [{ type: 'Resource', id: 'income-expend' }] as const;

/** 收支管理 besides the engine routes (income-expend.ts). */
export const INCOME_EXPEND = {
  summary: endpoint({
    method: 'GET',
    path: IE_PATHS.summary,
    summary: '收支合计',
    query: incomeExpendSummaryQuery,
    answer: incomeExpendSummarySchema,
    permission: { code: IE_PERMISSION, action: 'view' },
    provides: RECORDS,
  }),
  accounts: endpoint({
    method: 'GET',
    path: IE_PATHS.accounts,
    summary: '收支可选科目（use=cash|bank|income|expense|category）',
    query: z.object({ use: z.string().default('') }),
    answer: z.array(accountOptionSchema),
    permission: { code: IE_PERMISSION, action: 'view' },
    provides: ['FinAccount'],
  }),
  counterparties: endpoint({
    method: 'GET',
    path: IE_PATHS.counterparties,
    summary: '往来单位（客户、供应商的辅助核算项目）',
    query: z.object({ dim: z.string().default('') }),
    answer: z.array(counterpartyOptionSchema),
    permission: { code: IE_PERMISSION, action: 'view' },
    provides: ['FinDimension'],
  }),
};
