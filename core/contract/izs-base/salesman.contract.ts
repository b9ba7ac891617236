/** 业务员 (salesman): buyers who deal with suppliers and customers; code = job number, unique per tenant. */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { salesmanRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, flag, opt, phone, req } from './fields.ts';

export const salesmanEntity = salesmanRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});

export const salesmanForm = z.object({
  code: req('工号', 32),
  name: req('姓名', 32),
  phone: phone(),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const salesmanQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  deptId: z.string().optional(),
  status: num().int().optional(),
});

export const salesmanResource = defineResource({
  name: 'salesman',
  title: '业务员',
  service: 'izs-base',
  path: '/api/izs-base/salesman',
  permission: 'base_salesman',
  schemas: { entity: salesmanEntity, form: salesmanForm, query: salesmanQuery },
  scope: 'dept',
  importable: true,
  sortable: ['code', 'name', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '业务员工号已存在' }],
  columns: [
    { field: 'code', label: '工号', kind: 'code', width: 110 },
    { field: 'name', label: '姓名', kind: 'text', width: 120 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '姓名', kind: 'text' },
    { field: 'code', label: '工号', kind: 'text' },
    { field: 'deptId', label: '所属机构', kind: 'tree' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '工号', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '姓名', kind: 'text', required: true },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
