/**
 * 核算维度 and 辅助核算项目 (spec §7.4), per account set (Current-Account-Set-Id).
 *
 * Engine endpoints (resource paths) for both definitions: page, list, select-list, detail, submit, save, update,
 * remove, export. Besides them (all under /api/izs-financing):
 *   GET  accounting-dimensions/delete          ids → null (soft delete; preset dimensions and dimensions used by an
 *                                              account or holding items are refused)
 *   GET  accounting-dimensions-source/list     → DimensionSource[] (客户 供应商 部门 职员 项目 存货 自定义)
 *   GET  accounting-dimensions-data/list-data  dimensionId → DimensionItem[] (enabled and disabled, code order)
 *   GET  accounting-dimensions-data/map        dimensionId → { [itemId]: name }
 *   GET  accounting-dimensions-data/all-map    → { [dimensionId]: DimensionItem[] } — every item carries
 *                                              `sourceName` (its dimension's name): the assist-data loading rule
 *                                              takes the name of a non-empty list from its first item
 *   GET  accounting-dimensions-data/delete     ids → null (items used by vouchers or openings are refused)
 *   POST accounting-dimensions-data/save-list  { dimensionId, items: [{ code, name, remark? }] } → { added }
 *                                              (all rows valid or nothing written, row named in the message)
 *   POST accounting-dimensions-data/sync       { dimensionId } → { added } copies the base data of the dimension's
 *                                              source (customers, suppliers, departments, staff, materials)
 *                                              that is not there yet
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { FIN, FIN_PERMISSIONS, flag, int, linesOf, opt, ref, refReq, req } from './fields.ts';

export const DIMENSION_BASE = `${FIN}/accounting-dimensions`;
export const DIMENSION_DATA_BASE = `${FIN}/accounting-dimensions-data`;
export const DIMENSION_PATHS = {
  delete: `${DIMENSION_BASE}/delete`,
  sourceList: `${FIN}/accounting-dimensions-source/list`,
  dataListData: `${DIMENSION_DATA_BASE}/list-data`,
  dataMap: `${DIMENSION_DATA_BASE}/map`,
  dataAllMap: `${DIMENSION_DATA_BASE}/all-map`,
  dataDelete: `${DIMENSION_DATA_BASE}/delete`,
  dataSaveList: `${DIMENSION_DATA_BASE}/save-list`,
  dataSync: `${DIMENSION_DATA_BASE}/sync`,
} as const;

export type DimensionSourceCode = 'customer' | 'supplier' | 'dept' | 'staff' | 'project' | 'inventory' | 'custom';

export interface DimensionSource {
  code: DimensionSourceCode;
  name: string;
  /** items can be copied from base data (accounting-dimensions-data/sync) */
  syncable: boolean;
}

export const DIMENSION_SOURCES: DimensionSource[] = [
  { code: 'customer', name: '客户', syncable: true },
  { code: 'supplier', name: '供应商', syncable: true },
  { code: 'dept', name: '部门', syncable: true },
  { code: 'staff', name: '职员', syncable: true },
  { code: 'project', name: '项目', syncable: false },
  { code: 'inventory', name: '存货', syncable: true },
  { code: 'custom', name: '自定义', syncable: false },
];
export const SOURCE_OPTIONS = DIMENSION_SOURCES.map((s) => ({ label: s.name, value: s.code }));

export const dimensionEntity = z.object({
  id: z.string(),
  accountSetId: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string(),
  preset: z.number(),
  sort: z.number(),
  remark: z.string(),
  status: z.number(),
  deptId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Dimension = z.infer<typeof dimensionEntity>;

export const dimensionForm = z.object({
  code: opt('维度编码', 32),
  name: req('维度名称', 32),
  source: z
    .enum(['customer', 'supplier', 'dept', 'staff', 'project', 'inventory', 'custom'], { error: '请选择维度来源' })
    .default('custom'),
  sort: int('排序', 0, 9999, 0),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const dimensionQuery = z.object({
  name: z.string().optional(),
  source: z.string().optional(),
  status: num().int().optional(),
});

export const dimensionResource = defineResource({
  name: 'accounting-dimensions',
  title: '核算维度',
  service: 'izs-financing',
  path: DIMENSION_BASE,
  permission: FIN_PERMISSIONS.dimension,
  schemas: { entity: dimensionEntity, form: dimensionForm, query: dimensionQuery },
  scope: 'tenant',
  sortable: ['sort', 'name', 'createTime'],
  defaultSort: { field: 'sort' },
  columns: [
    { field: 'code', label: '维度编码', kind: 'code', width: 110 },
    { field: 'name', label: '维度名称', kind: 'text' },
    { field: 'source', label: '维度来源', kind: 'select', options: { options: SOURCE_OPTIONS }, width: 100 },
    { field: 'preset', label: '系统预置', kind: 'bool', width: 90 },
    { field: 'sort', label: '排序', kind: 'number', width: 80 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'name', label: '维度名称', kind: 'text' },
    { field: 'source', label: '维度来源', kind: 'select' },
  ],
  form: [
    { field: 'name', label: '维度名称', kind: 'text', required: true },
    { field: 'code', label: '维度编码', kind: 'code' },
    {
      field: 'source',
      label: '维度来源',
      kind: 'select',
      required: true,
      editDisabled: true,
      options: { options: SOURCE_OPTIONS },
    },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const dimensionItemEntity = z.object({
  id: z.string(),
  accountSetId: z.string(),
  dimensionId: z.string(),
  /** the dimension's name (assist-data rule) */
  sourceName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  sourceId: z.string().nullable(),
  remark: z.string(),
  status: z.number(),
  deptId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DimensionItem = z.infer<typeof dimensionItemEntity>;

export const dimensionItemForm = z.object({
  dimensionId: refReq('核算维度'),
  code: req('编码', 32),
  name: req('名称', 100),
  sourceId: ref('来源数据'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const dimensionItemQuery = z.object({
  dimensionId: z.string().optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  status: num().int().optional(),
});

export const dimensionItemResource = defineResource({
  name: 'accounting-dimensions-data',
  title: '辅助核算项目',
  service: 'izs-financing',
  path: DIMENSION_DATA_BASE,
  permission: FIN_PERMISSIONS.dimension,
  schemas: { entity: dimensionItemEntity, form: dimensionItemForm, query: dimensionItemQuery },
  scope: 'tenant',
  sortable: ['code', 'name', 'createTime'],
  defaultSort: { field: 'code' },
  columns: [
    { field: 'code', label: '编码', kind: 'code', width: 120 },
    { field: 'name', label: '名称', kind: 'text' },
    { field: 'sourceName', label: '核算维度', kind: 'text', width: 100 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'code', label: '编码', kind: 'text' },
    { field: 'name', label: '名称', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '编码', kind: 'code', required: true },
    { field: 'name', label: '名称', kind: 'text', required: true },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const dimensionItemBatch = z.object({
  dimensionId: refReq('核算维度'),
  items: linesOf(
    z.object({ code: req('编码', 32), name: req('名称', 100), remark: opt('备注', 255) }),
    '辅助核算项目',
    1000,
  ),
});

export const dimensionSyncBody = z.object({ dimensionId: refReq('核算维度') });

const dimensionSourceSchema = z.object({
  code: z.enum(['customer', 'supplier', 'dept', 'staff', 'project', 'inventory', 'custom']),
  name: z.string(),
  syncable: z.boolean(),
});
const idsQuery = z.object({
  ids: z.union([z.string(), z.number()]).transform(String).optional(),
  id: z.union([z.string(), z.number()]).transform(String).optional(),
});
const dimensionIdQuery = z.object({
  dimensionId: z
    .union([z.string(), z.number()], { error: '请选择核算维度' })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: '请选择核算维度' }),
});
const P = FIN_PERMISSIONS.dimension;
/** The items of the book's dimensions, as the voucher editor and the openings read them (the engine's writes of
 * the item and dimension resources refresh them too). */
const ITEMS = [
  'FinDimension',
  { type: 'Resource', id: 'accounting-dimensions-data' },
  { type: 'Resource', id: 'accounting-dimensions' },
] as const;

/** 核算维度 / 辅助核算项目 besides the engine routes (dimensions.ts). */
export const DIMENSIONS = {
  delete: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.delete,
    summary: '删除核算维度（ids）',
    query: idsQuery,
    answer: z.null(),
    permission: { code: P, action: 'delete' },
    provides: [],
  }),
  sourceList: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.sourceList,
    summary: '核算维度来源',
    answer: z.array(dimensionSourceSchema),
  }),
  dataListData: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.dataListData,
    summary: '某维度的辅助核算项目',
    query: dimensionIdQuery,
    answer: z.array(dimensionItemEntity),
    permission: { code: P, action: 'view' },
    provides: ITEMS,
  }),
  dataMap: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.dataMap,
    summary: '某维度的项目 id → 名称',
    query: dimensionIdQuery,
    answer: z.record(z.string(), z.string()),
    permission: { code: P, action: 'view' },
    provides: ITEMS,
  }),
  dataAllMap: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.dataAllMap,
    summary: '全部维度的辅助核算项目（维度 id → 项目）',
    answer: z.record(z.string(), z.array(dimensionItemEntity)),
    permission: { code: P, action: 'view' },
    provides: ITEMS,
  }),
  dataDelete: endpoint({
    method: 'GET',
    path: DIMENSION_PATHS.dataDelete,
    summary: '删除辅助核算项目（ids）',
    query: idsQuery,
    answer: z.null(),
    permission: { code: P, action: 'delete' },
    provides: [],
  }),
  dataSaveList: endpoint({
    method: 'POST',
    path: DIMENSION_PATHS.dataSaveList,
    summary: '批量新增辅助核算项目',
    body: dimensionItemBatch,
    answer: z.object({ added: z.number().int() }),
    permission: { code: P, action: 'add' },
    invalidates: ITEMS,
  }),
  dataSync: endpoint({
    method: 'POST',
    path: DIMENSION_PATHS.dataSync,
    summary: '从基础资料同步辅助核算项目',
    body: dimensionSyncBody,
    answer: z.object({ added: z.number().int() }),
    permission: { code: P, action: 'add' },
    invalidates: ITEMS,
  }),
};
