/**
 * 组织管理 (organisation profile per department/company): legal name, unified social credit code, legal person,
 * address and the business-licence image (OSS path) — used on invoices, contracts and printed weigh tickets.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { orgManageRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, flag, opt, phone, req } from './fields.ts';

export const orgManageEntity = orgManageRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});

export const orgManageForm = z.object({
  name: req('组织名称', 100),
  creditCode: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .refine((v) => /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v), {
      message: '统一社会信用代码应为18位',
    }),
  legalPerson: opt('法定代表人', 32),
  phone: phone(),
  regionCode: opt('所在地区', 12),
  address: opt('注册地址', 255),
  licenseImage: opt('营业执照', 500),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const orgManageQuery = z.object({
  name: z.string().optional(),
  creditCode: z.string().optional(),
  status: num().int().optional(),
});

export const orgManageResource = defineResource({
  name: 'org-manage',
  title: '组织',
  service: 'izs-base',
  path: '/api/izs-base/org-manage',
  permission: 'base_orgManage',
  schemas: { entity: orgManageEntity, form: orgManageForm, query: orgManageQuery },
  scope: 'dept',
  sortable: ['name', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['creditCode'], message: '统一社会信用代码已存在' }],
  columns: [
    { field: 'name', label: '组织名称', kind: 'text', width: 220 },
    { field: 'creditCode', label: '统一社会信用代码', kind: 'code', width: 190 },
    { field: 'legalPerson', label: '法定代表人', kind: 'text', width: 100 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '注册地址', kind: 'text' },
    { field: 'licenseImage', label: '营业执照', kind: 'image' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '组织名称', kind: 'text' },
    { field: 'creditCode', label: '统一社会信用代码', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'name', label: '组织名称', kind: 'text', required: true },
    { field: 'creditCode', label: '统一社会信用代码', kind: 'code', required: true },
    { field: 'legalPerson', label: '法定代表人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '注册地址', kind: 'text' },
    { field: 'licenseImage', label: '营业执照', kind: 'image' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
