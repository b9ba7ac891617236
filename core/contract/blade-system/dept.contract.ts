/**
 * 机构管理 (/system/department) and 部门管理 (/system/dept) (spec §7.5, bladex-contract §5.1): the organisation
 * tree of a tenant as a tree resource. 机构管理 edits the companies (deptCategory 1 公司); 部门管理 edits the
 * departments and groups under them (2 部门, 3 小组). Endpoints (server/modules/blade-system/dept.ts): `list` (tree,
 * filters deptName contains and deptCategory), `lazy-list`, `tree`, `detail`, `submit`, `remove?ids=` — removal
 * is refused while child departments or users remain. Writes need the system_department or system_dept buttons.
 */
import { z } from 'zod';
import { type Dept, deptSubmitSchema, SYSTEM_PATHS } from '../blade-system.contract.ts';
import { idListSchema, idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN } from '../fields.ts';
import { deptRow } from '../generated/system.ts';
import { num } from '../input.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { defineResource, type Option } from '../resource.ts';
import { idOut, none, treeNodeSchema } from './fields.ts';

/** dict `org_category` (BladeX): 1 公司, 2 部门, 3 小组. */
export const DEPT_CATEGORIES: Option[] = [
  { label: '公司', value: 1 },
  { label: '部门', value: 2 },
  { label: '小组', value: 3 },
];

export const deptEntity = deptRow.omit(ENGINE_HIDDEN).extend({
  children: z.array(z.unknown()).optional(),
});

const { id: _id, ...deptFormShape } = deptSubmitSchema.shape;
export const deptForm = z.object(deptFormShape);

export const deptQuery = z.object({
  deptName: z.string().max(45).optional(),
  deptCategory: num().int().optional(),
});

const deptDef = (screen: 'department' | 'dept') =>
  defineResource({
    name: 'dept',
    title: screen === 'department' ? '机构' : '部门',
    service: 'blade-system',
    path: '/api/blade-system/dept',
    permission: screen === 'department' ? 'system_department' : 'system_dept',
    schemas: { entity: deptEntity, form: deptForm, query: deptQuery },
    scope: 'tenant',
    columns: [
      { field: 'deptName', label: '机构名称', kind: 'text', width: 240 },
      { field: 'fullName', label: '机构全称', kind: 'text', width: 260 },
      { field: 'deptCategory', label: '机构类型', kind: 'select', options: { options: DEPT_CATEGORIES }, width: 100 },
      { field: 'sort', label: '排序', kind: 'number', width: 80 },
      { field: 'remark', label: '备注', kind: 'text', width: 200 },
    ],
    search: [{ field: 'deptName', label: '机构名称', kind: 'text' }],
    form: [
      { field: 'parentId', label: '上级机构', kind: 'tree', options: DEPT_TREE },
      {
        field: 'deptCategory',
        label: '机构类型',
        kind: 'select',
        required: true,
        options: { options: DEPT_CATEGORIES },
      },
      { field: 'deptName', label: '机构名称', kind: 'text', required: true },
      { field: 'fullName', label: '机构全称', kind: 'text' },
      { field: 'sort', label: '排序', kind: 'number' },
      { field: 'remark', label: '备注', kind: 'textarea' },
    ],
  });

export const departmentResource = deptDef('department');
export const deptResource = deptDef('dept');

/** A department as the hand-written routes answer it (list is a tree; lazy-list marks hasChildren). */
export const deptSchema: z.ZodType<Dept> = z.lazy(() =>
  z.object({
    id: idOut,
    tenantId: z.string(),
    parentId: z.string(),
    ancestors: z.string(),
    deptName: z.string(),
    fullName: z.string(),
    deptCategory: z.number().int(),
    sort: z.number().int(),
    remark: z.string(),
    hasChildren: z.boolean().optional(),
    children: z.array(deptSchema).optional(),
    parentName: z.string().optional(),
  }),
);

/** Who may read 机构管理 / 部门管理 (the menu or its view button). */
const DEPT_VIEW = { anyView: ['system_department', 'system_dept'] } as const;

/**
 * The organisation endpoints (handlers: server/modules/blade-system/dept/*.ts). tree and lazy-list serve every
 * signed-in user (pickers); list needs the view of 机构管理 or 部门管理; submit and remove check the add /
 * edit / delete button of either in the handler (the action depends on the body).
 */
export const DEPT = {
  list: endpoint({
    method: 'GET',
    path: '/api/blade-system/dept/list',
    summary: '机构树（按名称、类型筛选）',
    query: z.object({
      deptName: z.string().trim().max(45).optional(),
      deptCategory: num({ error: '机构类型不正确' }).int('机构类型不正确').optional(),
    }),
    answer: z.array(deptSchema),
    permission: DEPT_VIEW,
    provides: ['Dept'],
  }),
  lazyList: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.deptLazyList,
    summary: '机构懒加载列表',
    query: z.object({ parentId: z.string().trim().optional(), deptName: z.string().trim().optional() }),
    answer: z.array(deptSchema),
    provides: ['Dept'],
  }),
  tree: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.deptTree,
    summary: '机构树（选择器）',
    answer: z.array(treeNodeSchema),
    provides: ['Dept'],
  }),
  detail: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.deptDetail,
    summary: '机构详情',
    query: z.object({ id: idSchema }),
    answer: deptSchema,
    provides: ['Dept'],
  }),
  submit: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.deptSubmit,
    summary: '新增或修改机构（移动时改写子机构的祖级）',
    body: deptSubmitSchema,
    answer: none,
    invalidates: ['Dept'],
  }),
  remove: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.deptRemove,
    summary: '删除机构（无子机构、用户、员工时）',
    query: z.object({ ids: idListSchema }),
    answer: none,
    invalidates: ['Dept'],
  }),
};
