/**
 * 机构管理 (/system/department) and 部门管理 (/system/dept) (spec §7.5, bladex-contract §5.1): the organisation
 * tree of a tenant as a tree resource. 机构管理 edits the companies (deptCategory 1 公司); 部门管理 edits the
 * departments and groups under them (2 部门, 3 小组). Endpoints (server/modules/blade-system/dept.ts): `list` (tree,
 * filters deptName contains and deptCategory), `lazy-list`, `tree`, `detail`, `submit`, `remove?ids=` — removal
 * is refused while child departments or users remain. Writes need the system_department or system_dept buttons.
 */
import { z } from 'zod';
import { deptSubmitSchema } from '../blade-system.contract.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { defineResource, type Option } from '../resource.ts';

/** dict `org_category` (BladeX): 1 公司, 2 部门, 3 小组. */
export const DEPT_CATEGORIES: Option[] = [
  { label: '公司', value: 1 },
  { label: '部门', value: 2 },
  { label: '小组', value: 3 },
];

export const deptEntity = z.object({
  id: z.string(),
  parentId: z.string(),
  ancestors: z.string(),
  deptName: z.string(),
  fullName: z.string(),
  deptCategory: z.number(),
  sort: z.number(),
  remark: z.string(),
  children: z.array(z.unknown()).optional(),
});

const { id: _id, ...deptFormShape } = deptSubmitSchema.shape;
export const deptForm = z.object(deptFormShape);

export const deptQuery = z.object({
  deptName: z.string().max(45).optional(),
  deptCategory: z.coerce.number().int().optional(),
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
      { field: 'parentId', label: '上级机构', kind: 'tree', options: DEPT_TREE, placeholder: '顶级' },
      {
        field: 'deptCategory',
        label: '机构类型',
        kind: 'select',
        required: true,
        options: { options: DEPT_CATEGORIES },
      },
      { field: 'deptName', label: '机构名称', kind: 'text', required: true },
      { field: 'fullName', label: '机构全称', kind: 'text' },
      { field: 'sort', label: '排序', kind: 'number', min: 0 },
      { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
    ],
  });

export const departmentResource = deptDef('department');
export const deptResource = deptDef('dept');
