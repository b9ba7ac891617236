/** 费用项目 (expense items charged on orders: 运费, 装卸费, 过磅费, 分拣费 …). */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { financialExpensesRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { flag, oneOf, opt, req } from './fields.ts';

export const EXPENSE_CATEGORIES = [
  { label: '采购费用', value: 'purchase' },
  { label: '销售费用', value: 'sale' },
  { label: '运输费用', value: 'transport' },
  { label: '管理费用', value: 'admin' },
];

export const financialExpensesEntity = financialExpensesRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});

export const financialExpensesForm = z.object({
  code: req('费用编码', 32),
  name: req('费用名称', 64),
  category: oneOf('费用类别', ['purchase', 'sale', 'transport', 'admin']),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const financialExpensesQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  category: z.string().optional(),
  status: num().int().optional(),
});

export const financialExpensesResource = defineResource({
  name: 'financial-expenses',
  title: '费用项目',
  service: 'izs-base',
  path: '/api/izs-base/financial-expenses',
  permission: 'base_financial_expenses',
  schemas: { entity: financialExpensesEntity, form: financialExpensesForm, query: financialExpensesQuery },
  scope: 'tenant',
  importable: true,
  sortable: ['code', 'name', 'createTime'],
  defaultSort: { field: 'code' },
  unique: [{ fields: ['code'], message: '费用编码已存在' }],
  columns: [
    { field: 'code', label: '费用编码', kind: 'code', width: 120 },
    { field: 'name', label: '费用名称', kind: 'text', width: 160 },
    { field: 'category', label: '费用类别', kind: 'select', options: { options: EXPENSE_CATEGORIES }, width: 110 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '费用名称', kind: 'text' },
    { field: 'category', label: '费用类别', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '费用编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '费用名称', kind: 'text', required: true },
    { field: 'category', label: '费用类别', kind: 'select', required: true, options: { options: EXPENSE_CATEGORIES } },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
