/**
 * 员工 (/system/staff): the people of a department (weighers, drivers, yard hands…), with or without a sign-in
 * account. Department-scoped: the role's data scope applies.
 * Constraints: jobNumber unique per tenant (员工工号已存在); idNumber is an 18-character resident id (last
 * character a digit or X) or empty; entryDate yyyy-MM-dd or empty; the post belongs to the tenant.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { staffRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { DEPT_TREE, dateStr, flag, opt, phone, ref, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import { POST_SELECT } from './post.contract.ts';

/** dict `sex` (system dictionary): 1 男, 2 女. */
export const SEX_DICT = { dict: 'sex', system: true } as const;

export const staffEntity = staffRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  postName: joinedName,
});
export type StaffRow = z.infer<typeof staffEntity>;

export const staffForm = z.object({
  jobNumber: req('员工工号', 32).regex(/^[A-Za-z0-9_-]+$/, '员工工号只能含字母、数字、_ 和 -'),
  name: req('员工姓名', 32),
  sex: num({ error: '请选择性别' }).int('请选择性别').min(1, '请选择性别').max(2, '请选择性别').default(1),
  postId: ref('岗位'),
  phone: phone(),
  idNumber: z
    .string({ error: '身份证号格式不正确' })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^\d{17}[\dX]$/.test(v), { message: '身份证号格式不正确' })
    .default(''),
  entryDate: dateStr('入职日期'),
  deptId: ref('所属机构'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const staffQuery = z.object({
  jobNumber: z.string().max(32).optional(),
  name: z.string().max(32).optional(),
  postId: z.string().optional(),
  deptId: z.string().optional(),
  status: num().int().optional(),
});

export const staffResource = defineResource({
  name: 'staff',
  title: '员工',
  service: 'blade-system',
  path: '/api/blade-system/staff',
  permission: 'system_staff',
  schemas: { entity: staffEntity, form: staffForm, query: staffQuery },
  scope: 'dept',
  sortable: ['jobNumber', 'name', 'entryDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['jobNumber'], message: '员工工号已存在' }],
  columns: [
    { field: 'jobNumber', label: '员工工号', kind: 'code', width: 120 },
    { field: 'name', label: '员工姓名', kind: 'text', width: 110 },
    { field: 'sex', label: '性别', kind: 'select', options: SEX_DICT, width: 70 },
    { field: 'postId', label: '岗位', kind: 'select', labelField: 'postName', options: POST_SELECT, width: 110 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE, width: 140 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'idNumber', label: '身份证号', kind: 'code', width: 190 },
    { field: 'entryDate', label: '入职日期', kind: 'date', width: 110 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '员工姓名', kind: 'text' },
    { field: 'jobNumber', label: '员工工号', kind: 'text' },
    { field: 'postId', label: '岗位', kind: 'select' },
    { field: 'deptId', label: '所属机构', kind: 'tree' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'jobNumber', label: '员工工号', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '员工姓名', kind: 'text', required: true },
    { field: 'sex', label: '性别', kind: 'select', required: true, options: SEX_DICT },
    { field: 'postId', label: '岗位', kind: 'select', options: POST_SELECT },
    { field: 'deptId', label: '所属机构', kind: 'tree', options: DEPT_TREE },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'idNumber', label: '身份证号', kind: 'code' },
    { field: 'entryDate', label: '入职日期', kind: 'date' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
