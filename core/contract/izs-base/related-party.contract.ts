/**
 * 往来单位 (related party): customers (buyers of sorted scrap), suppliers (sellers: individuals, factories,
 * demolition sites), both, or logistics carriers. Taxpayer id = 18-char unified social credit code (or '').
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { relatedPartyRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, flag, oneOf, opt, phone, req } from './fields.ts';

export const PARTY_TYPES = [
  { label: '客户', value: 'customer' },
  { label: '供应商', value: 'supplier' },
  { label: '客户兼供应商', value: 'both' },
  { label: '物流承运商', value: 'logistics' },
];

export const relatedPartyEntity = relatedPartyRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});

export const relatedPartyForm = z.object({
  code: req('单位编码', 32),
  name: req('单位名称', 100),
  type: oneOf('单位类型', ['customer', 'supplier', 'both', 'logistics']),
  contact: opt('联系人', 32),
  phone: phone(),
  taxpayerId: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v), {
      message: '纳税人识别号应为18位统一社会信用代码',
    })
    .default(''),
  regionCode: opt('所在地区', 12),
  address: opt('详细地址', 255),
  bankName: opt('开户行', 100),
  bankAccount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).replace(/\s+/g, ''))
    .refine((v) => v === '' || /^\d{6,32}$/.test(v), { message: '银行账号应为6到32位数字' })
    .default(''),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const relatedPartyQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  phone: z.string().optional(),
  status: num().int().optional(),
});

export const relatedPartyResource = defineResource({
  name: 'related-party',
  title: '往来单位',
  service: 'izs-base',
  path: '/api/izs-base/related-party',
  permission: 'base_related_party',
  schemas: { entity: relatedPartyEntity, form: relatedPartyForm, query: relatedPartyQuery },
  scope: 'dept',
  importable: true,
  sortable: ['code', 'name', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '单位编码已存在' }],
  columns: [
    { field: 'code', label: '单位编码', kind: 'code', width: 110 },
    { field: 'name', label: '单位名称', kind: 'text', width: 200 },
    { field: 'type', label: '单位类型', kind: 'select', options: { options: PARTY_TYPES }, width: 120 },
    { field: 'contact', label: '联系人', kind: 'text', width: 90 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'taxpayerId', label: '纳税人识别号', kind: 'code', width: 190 },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '详细地址', kind: 'text' },
    { field: 'bankName', label: '开户行', kind: 'text' },
    { field: 'bankAccount', label: '银行账号', kind: 'code' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '单位名称', kind: 'text' },
    { field: 'code', label: '单位编码', kind: 'text' },
    { field: 'type', label: '单位类型', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '单位编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '单位名称', kind: 'text', required: true },
    { field: 'type', label: '单位类型', kind: 'select', required: true, options: { options: PARTY_TYPES } },
    { field: 'contact', label: '联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'taxpayerId', label: '纳税人识别号', kind: 'code' },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '详细地址', kind: 'text' },
    { field: 'bankName', label: '开户行', kind: 'text' },
    { field: 'bankAccount', label: '银行账号', kind: 'code' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
