/** 物料分类 (material category): a tree per tenant — 黑色金属 › 重废/中废/统料, 有色金属 › 废铜/废铝 … */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { materialCategoryRow } from '../generated/base.ts';
import { defineResource } from '../resource.ts';
import { int, opt, req } from './fields.ts';

export const materialCategoryEntity = materialCategoryRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  parentName: joinedName,
});

/** '0' (or empty) = a top-level category; kept as '0' so that 同级 uniqueness also holds at the top. */
const parentRef = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? '0' : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: '上级分类格式不正确' })
    .trim()
    .regex(/^(0|[1-9]\d{0,18})$/, '上级分类格式不正确'),
);

export const materialCategoryForm = z.object({
  parentId: parentRef,
  code: opt('分类编码', 32),
  name: req('分类名称', 64),
  sort: int('排序', 0, 9999, 0),
  remark: opt('备注', 255),
});

export const materialCategoryQuery = z.object({ name: z.string().optional(), parentId: z.string().optional() });

export const MATERIAL_CATEGORY_TREE = '/api/izs-base/material-category/tree';

export const materialCategoryResource = defineResource({
  name: 'material-category',
  title: '物料分类',
  service: 'izs-base',
  path: '/api/izs-base/material-category',
  permission: 'base_material',
  schemas: { entity: materialCategoryEntity, form: materialCategoryForm, query: materialCategoryQuery },
  scope: 'tenant',
  sortable: ['sort', 'name', 'createTime'],
  defaultSort: { field: 'sort' },
  unique: [{ fields: ['parentId', 'name'], message: '同级分类名称已存在' }],
  columns: [
    { field: 'name', label: '分类名称', kind: 'text', width: 160 },
    { field: 'code', label: '分类编码', kind: 'code', width: 120 },
    {
      field: 'parentId',
      label: '上级分类',
      kind: 'tree',
      labelField: 'parentName',
      options: { tree: MATERIAL_CATEGORY_TREE },
    },
    { field: 'sort', label: '排序', kind: 'number', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [{ field: 'name', label: '分类名称', kind: 'text' }],
  form: [
    { field: 'parentId', label: '上级分类', kind: 'tree', options: { tree: MATERIAL_CATEGORY_TREE } },
    { field: 'name', label: '分类名称', kind: 'text', required: true },
    { field: 'code', label: '分类编码', kind: 'code' },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
