/**
 * Per-department settings (spec §7.6): 业务配置 (system-business-config) and 财务参数 (system-finace-config — the
 * misspelling is the product's path). GET `detail-dept?deptId=` answers the row (defaults when never saved);
 * POST `update` saves it for that department. Rates are percent strings with 2 decimals.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { fixedOut } from '../fields.ts';
import type { FormFieldDef } from '../resource.ts';
import { decimal, flag, int, ref, refReq } from './fields.ts';

export const CONFIG_PATHS = {
  businessDetail: '/api/izs-base/system-business-config/detail-dept',
  businessUpdate: '/api/izs-base/system-business-config/update',
  financeDetail: '/api/izs-base/system-finace-config/detail-dept',
  financeUpdate: '/api/izs-base/system-finace-config/update',
} as const;

export const businessConfigForm = z.object({
  deptId: refReq('机构'),
  allowNegativeStock: flag('允许负库存'),
  weighStableSeconds: int('过磅稳定时间(秒)', 1, 60, 3),
  manualWeighAllowed: flag('允许手工录入重量'),
  defaultWarehouseId: ref('默认仓库'),
  pricePrecision: int('单价小数位', 0, 4, 2),
  weightPrecision: int('重量小数位', 0, 3, 3),
  taxRate: decimal('税率(%)', 2, '100').default('13'),
  autoReview: flag('磅单自动审核'),
});
export type BusinessConfigForm = z.input<typeof businessConfigForm>;

const rate2 = fixedOut(2);

/** The saved row of a department, or the defaults (`id` null) when never saved. */
export const businessConfigSchema = z.object({
  id: z.string().nullable(),
  deptId: z.string(),
  allowNegativeStock: z.number().int(),
  weighStableSeconds: z.number().int(),
  manualWeighAllowed: z.number().int(),
  defaultWarehouseId: z.string().nullable(),
  pricePrecision: z.number().int(),
  weightPrecision: z.number().int(),
  taxRate: rate2,
  autoReview: z.number().int(),
});
export type BusinessConfig = z.infer<typeof businessConfigSchema>;

export const financeConfigForm = z.object({
  deptId: refReq('机构'),
  accountingSystem: int('会计制度', 1, 2, 1),
  taxNature: z.enum(['1', '2'], { error: '请选择纳税人性质' }).default('1'),
  vatRate: decimal('增值税率(%)', 2, '100').default('13'),
  incomeTaxRate: decimal('所得税率(%)', 2, '100').default('25'),
  autoVoucher: flag('自动生成凭证'),
  amountPrecision: int('金额小数位', 0, 4, 2),
});
export type FinanceConfigForm = z.input<typeof financeConfigForm>;

export const financeConfigSchema = z.object({
  id: z.string().nullable(),
  deptId: z.string(),
  accountingSystem: z.number().int(),
  taxNature: z.string(),
  vatRate: rate2,
  incomeTaxRate: rate2,
  autoVoucher: z.number().int(),
  amountPrecision: z.number().int(),
});
export type FinanceConfig = z.infer<typeof financeConfigSchema>;

/** `deptId` empty: the caller's current department (one of the caller's; administrator: any of the tenant). */
const deptQuery = z.object({ deptId: z.string().optional() });
const deptOptional = { deptId: z.union([z.string(), z.number()]).optional() };
/** The form; `deptId` may be left out (the current department). */
export const businessConfigBody = businessConfigForm.extend(deptOptional);
export const financeConfigBody = financeConfigForm.extend(deptOptional);

/** 业务配置 / 财务参数 of a department (handlers in server/modules/izs-base/config.ts). */
export const CONFIG = {
  businessDetail: endpoint({
    method: 'GET',
    path: CONFIG_PATHS.businessDetail,
    summary: '业务配置（机构）',
    query: deptQuery,
    answer: businessConfigSchema,
    provides: ['DeptConfig'],
    /** also the weighing workstation's background look-up (weight precision): no error toast */
    silent: true,
  }),
  businessUpdate: endpoint({
    method: 'POST',
    path: CONFIG_PATHS.businessUpdate,
    summary: '保存业务配置',
    body: businessConfigBody,
    answer: businessConfigSchema,
    permission: { code: 'base_dept_config', action: 'edit' },
    invalidates: ['DeptConfig'],
  }),
  financeDetail: endpoint({
    method: 'GET',
    path: CONFIG_PATHS.financeDetail,
    summary: '财务参数（机构）',
    query: deptQuery,
    answer: financeConfigSchema,
    provides: ['DeptConfig'],
  }),
  financeUpdate: endpoint({
    method: 'POST',
    path: CONFIG_PATHS.financeUpdate,
    summary: '保存财务参数',
    body: financeConfigBody,
    answer: financeConfigSchema,
    permission: { code: 'finance_setting_system_config', action: 'edit' },
    invalidates: ['DeptConfig'],
  }),
};

/**
 * Form fields of the /base/dept/config page (rendered like any resource form), one card per config; their boxes
 * (number bounds) are screens/base/dept-config.resource.ts.
 */
export const BUSINESS_CONFIG_FIELDS: FormFieldDef<BusinessConfigForm>[] = [
  { field: 'allowNegativeStock', label: '允许负库存', kind: 'bool' },
  { field: 'weighStableSeconds', label: '过磅稳定时间(秒)', kind: 'number' },
  { field: 'manualWeighAllowed', label: '允许手工录入重量', kind: 'bool' },
  {
    field: 'defaultWarehouseId',
    label: '默认仓库',
    kind: 'select',
    options: { endpoint: '/api/izs-base/warehouse/select-list', labelKey: 'name', valueKey: 'id' },
  },
  { field: 'pricePrecision', label: '单价小数位', kind: 'number' },
  { field: 'weightPrecision', label: '重量小数位', kind: 'number' },
  { field: 'taxRate', label: '税率(%)', kind: 'rate', decimals: 2 },
  { field: 'autoReview', label: '磅单自动审核', kind: 'bool' },
];

export const FINANCE_CONFIG_FIELDS: FormFieldDef<FinanceConfigForm>[] = [
  {
    field: 'accountingSystem',
    label: '会计制度',
    kind: 'select',
    options: {
      options: [
        { label: '小企业会计准则', value: 1 },
        { label: '企业会计准则', value: 2 },
      ],
    },
  },
  {
    field: 'taxNature',
    label: '纳税人性质',
    kind: 'select',
    options: {
      options: [
        { label: '一般纳税人', value: '1' },
        { label: '小规模纳税人', value: '2' },
      ],
    },
  },
  { field: 'vatRate', label: '增值税率(%)', kind: 'rate', decimals: 2 },
  { field: 'incomeTaxRate', label: '所得税率(%)', kind: 'rate', decimals: 2 },
  { field: 'autoVoucher', label: '自动生成凭证', kind: 'bool' },
  { field: 'amountPrecision', label: '金额小数位', kind: 'number' },
];
