/** 银行信息 (bank accounts of the company): 开户行, 户名, 账号 — `bankAccount` is text, never a number. */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { bankRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, flag, opt, req } from './fields.ts';

export const bankEntity = bankRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});

export const bankForm = z.object({
  bankName: req('开户行', 100),
  accountName: req('户名', 100),
  bankAccount: z
    .union([z.string(), z.number()], { error: '请输入银行账号' })
    .transform((v) => String(v).replace(/\s+/g, ''))
    .refine((v) => /^\d{6,32}$/.test(v), { message: '银行账号应为6到32位数字' }),
  bankCode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{12}$/.test(v), { message: '联行号应为12位数字' })
    .default(''),
  isDefault: flag('默认账户'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const bankQuery = z.object({
  bankName: z.string().optional(),
  accountName: z.string().optional(),
  bankAccount: z.string().optional(),
  status: num().int().optional(),
});

export const bankResource = defineResource({
  name: 'bank',
  title: '银行账户',
  service: 'izs-base',
  path: '/api/izs-base/bank',
  permission: 'base_bank_list',
  schemas: { entity: bankEntity, form: bankForm, query: bankQuery },
  scope: 'dept',
  importable: true,
  labelField: 'bankName',
  sortable: ['bankName', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['bankAccount'], message: '银行账号已存在' }],
  columns: [
    { field: 'bankName', label: '开户行', kind: 'text', width: 200 },
    { field: 'accountName', label: '户名', kind: 'text', width: 200 },
    { field: 'bankAccount', label: '银行账号', kind: 'code', width: 200 },
    { field: 'bankCode', label: '联行号', kind: 'code', width: 130 },
    { field: 'isDefault', label: '默认账户', kind: 'bool', width: 90 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'bankName', label: '开户行', kind: 'text' },
    { field: 'accountName', label: '户名', kind: 'text' },
    { field: 'bankAccount', label: '银行账号', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'bankName', label: '开户行', kind: 'text', required: true },
    { field: 'accountName', label: '户名', kind: 'text', required: true },
    { field: 'bankAccount', label: '银行账号', kind: 'code', required: true },
    { field: 'bankCode', label: '联行号', kind: 'code' },
    { field: 'isDefault', label: '默认账户', kind: 'bool' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
