/**
 * 凭证字 of the current account set (period_rules §2; split from voucher.contract.ts): resource engine at
 * /api/izs-financing/voucher-word (page, list, select-list, detail, submit, save, update, remove, export; permission
 * finance_voucher_type). A word used by a voucher cannot be removed; the last word stays.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { voucherWordRow } from '../generated/finance.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { FIN, FIN_PERMISSIONS, flag, int, req } from './fields.ts';

export const VOUCHER_WORD_BASE = `${FIN}/voucher-word`;

export const WORD_RESTRICTIONS = [
  { label: '无限制', value: 'none' },
  { label: '借方必有', value: 'debitMust' },
  { label: '贷方必有', value: 'creditMust' },
  { label: '凭证必有', value: 'voucherMust' },
  { label: '凭证必无', value: 'voucherMustNot' },
  { label: '借方必无', value: 'debitMustNot' },
  { label: '贷方必无', value: 'creditMustNot' },
];

export const voucherWordEntity = voucherWordRow.omit(ENGINE_HIDDEN).extend({});
export type VoucherWordRow = z.infer<typeof voucherWordEntity>;

export const voucherWordForm = z.object({
  word: req('凭证字', 4),
  name: req('凭证字名称', 32),
  restriction: z
    .enum(['none', 'debitMust', 'creditMust', 'voucherMust', 'voucherMustNot', 'debitMustNot', 'creditMustNot'], {
      error: '请选择限制类型',
    })
    .default('none'),
  /** account codes of the restriction, comma separated (each must exist in the chart) */
  codes: z
    .string({ error: '限制科目必须是文本' })
    .trim()
    .max(255, '限制科目不能超过255个字符')
    .refine((v) => v === '' || /^\d{4,10}(,\d{4,10})*$/.test(v.replace(/\s+/g, '')), {
      message: '限制科目应为以逗号分隔的科目编码',
    })
    .transform((v) => v.replace(/\s+/g, ''))
    .default(''),
  isDefault: flag('默认凭证字', 0),
  sort: int('排序', 0, 9999, 0),
  status: flag('状态', 1),
});

export const voucherWordQuery = z.object({
  word: z.string().optional(),
  status: num().int().optional(),
});

export const voucherWordResource = defineResource({
  name: 'voucher-word',
  title: '凭证字',
  service: 'izs-financing',
  path: VOUCHER_WORD_BASE,
  permission: FIN_PERMISSIONS.voucherWord,
  schemas: { entity: voucherWordEntity, form: voucherWordForm, query: voucherWordQuery },
  scope: 'tenant',
  labelField: 'word',
  sortable: ['sort', 'word', 'createTime'],
  defaultSort: { field: 'sort' },
  columns: [
    { field: 'word', label: '凭证字', kind: 'code', width: 90 },
    { field: 'name', label: '名称', kind: 'text' },
    { field: 'restriction', label: '限制类型', kind: 'select', options: { options: WORD_RESTRICTIONS } },
    { field: 'codes', label: '限制科目', kind: 'text' },
    { field: 'isDefault', label: '默认', kind: 'bool', width: 80 },
    { field: 'sort', label: '排序', kind: 'number', width: 80 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
  ],
  search: [{ field: 'word', label: '凭证字', kind: 'text' }],
  form: [
    { field: 'word', label: '凭证字', kind: 'code', required: true },
    { field: 'name', label: '名称', kind: 'text', required: true },
    { field: 'restriction', label: '限制类型', kind: 'select', options: { options: WORD_RESTRICTIONS } },
    { field: 'codes', label: '限制科目', kind: 'text' },
    { field: 'isDefault', label: '默认凭证字', kind: 'bool' },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
});
