/**
 * 物料 (material): what the yard buys and sells — scrap steel grades, copper, aluminium, paper, plastics…
 * The model resource definition: copy its shape for other base data. Its screen layout (sortable and hidden
 * columns, boxes, detail cards) is features/layouts/material.resource.ts, shared by two screen areas.
 *
 * Constraints:
 * - code is unique per tenant (物料编码已存在); name required.
 * - deductRate (默认扣杂率) is a percent 0–100 with 2 decimals; defaultPrice ≥ 0 with 2 decimals,
 *   quoted per `priceUnit` (元/吨 or 元/千克). Both travel as strings (decimal, never float).
 */
import { z } from 'zod';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';

const decimal = (label: string, places: number, max: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    })
    .refine((v) => Number(v) <= Number(max), { message: `${label}不能大于${max}` });

export const PRICE_UNITS = [
  { label: '元/吨', value: 'yuan_per_tonne' },
  { label: '元/千克', value: 'yuan_per_kg' },
];
export const MATERIAL_UNITS = [
  { label: '吨', value: 't' },
  { label: '千克', value: 'kg' },
  { label: '件', value: 'pcs' },
];

export const materialEntity = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().optional(),
  spec: z.string(),
  unit: z.string(),
  priceUnit: z.string(),
  defaultPrice: z.string(),
  deductRate: z.string(),
  gbCode: z.string(),
  isHazardous: z.number(),
  status: z.number(),
  remark: z.string(),
  deptId: z.string(),
  deptName: z.string().optional(),
  createTime: z.string(),
  updateTime: z.string(),
});

export const materialForm = z.object({
  code: z.string({ error: '请输入物料编码' }).trim().min(1, '请输入物料编码').max(32, '物料编码不能超过32个字符'),
  name: z.string({ error: '请输入物料名称' }).trim().min(1, '请输入物料名称').max(64, '物料名称不能超过64个字符'),
  categoryId: z.string().nullable().optional(),
  spec: z.string().trim().max(64, '规格不能超过64个字符').default(''),
  unit: z.enum(['t', 'kg', 'pcs'], { error: '请选择计量单位' }).default('t'),
  priceUnit: z.enum(['yuan_per_tonne', 'yuan_per_kg'], { error: '请选择计价单位' }).default('yuan_per_tonne'),
  defaultPrice: decimal('参考单价', 2, '99999999').default('0'),
  deductRate: decimal('默认扣杂率', 2, '100').default('0'),
  gbCode: z.string().trim().max(20, '固废代码不能超过20个字符').default(''),
  isHazardous: num().int().min(0).max(1).default(0),
  status: num().int().min(0).max(1).default(1),
  remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
});

export const materialQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  categoryId: z.string().optional(),
  status: num().int().optional(),
  isHazardous: num().int().optional(),
});

export const materialResource = defineResource({
  name: 'material',
  title: '物料',
  service: 'izs-base',
  path: '/api/izs-base/material',
  permission: 'base_material',
  schemas: { entity: materialEntity, form: materialForm, query: materialQuery },
  scope: 'dept',
  importable: true,
  sortable: ['code', 'name', 'defaultPrice', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '物料编码已存在' }],
  columns: [
    { field: 'code', label: '物料编码', kind: 'code', width: 120 },
    { field: 'name', label: '物料名称', kind: 'text', width: 160 },
    {
      field: 'categoryId',
      label: '物料分类',
      kind: 'tree',
      labelField: 'categoryName',
      options: { tree: '/api/izs-base/material-category/tree' },
    },
    { field: 'spec', label: '规格', kind: 'text' },
    { field: 'unit', label: '计量单位', kind: 'select', options: { options: MATERIAL_UNITS }, width: 90 },
    { field: 'defaultPrice', label: '参考单价', kind: 'money', decimals: 2 },
    { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNITS }, width: 90 },
    { field: 'deductRate', label: '默认扣杂率(%)', kind: 'rate', decimals: 2 },
    { field: 'gbCode', label: '固废代码', kind: 'code' },
    { field: 'isHazardous', label: '危险废物', kind: 'bool', width: 90 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    {
      field: 'deptId',
      label: '所属机构',
      kind: 'tree',
      labelField: 'deptName',
      options: { tree: '/api/blade-system/dept/tree' },
    },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'code', label: '物料编码', kind: 'text' },
    { field: 'name', label: '物料名称', kind: 'text' },
    { field: 'categoryId', label: '物料分类', kind: 'tree' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '物料编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '物料名称', kind: 'text', required: true },
    { field: 'categoryId', label: '物料分类', kind: 'tree', options: { tree: '/api/izs-base/material-category/tree' } },
    { field: 'spec', label: '规格', kind: 'text' },
    { field: 'unit', label: '计量单位', kind: 'select', required: true, options: { options: MATERIAL_UNITS } },
    { field: 'priceUnit', label: '计价单位', kind: 'select', required: true, options: { options: PRICE_UNITS } },
    { field: 'defaultPrice', label: '参考单价', kind: 'money', decimals: 2 },
    { field: 'deductRate', label: '默认扣杂率(%)', kind: 'rate', decimals: 2 },
    { field: 'gbCode', label: '固废代码', kind: 'code' },
    { field: 'isHazardous', label: '危险废物', kind: 'bool' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
