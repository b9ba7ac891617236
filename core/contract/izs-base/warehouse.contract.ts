/**
 * 仓库 (warehouse): yards, covered stores and sorting areas. Code unique per tenant; capacity in tonnes (3 decimals).
 * `environment` records a patrol: temperature (℃), humidity (%), fire-safety check passed or not, inspector.
 */
import { z } from 'zod';
import { engineSelectList } from '../engine-reads.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { warehouseRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource, type FormFieldDef } from '../resource.ts';
import { DEPT_TREE, decimal, flag, oneOf, opt, phone, refReq, req, signedDecimal } from './fields.ts';

export const WAREHOUSE_TYPES = [
  { label: '露天料场', value: 'yard' },
  { label: '封闭仓库', value: 'store' },
  { label: '分拣车间', value: 'sorting' },
  { label: '危废暂存间', value: 'hazard' },
];

export const WAREHOUSE_PATHS = {
  environment: '/api/izs-base/warehouse/environment',
  environmentList: '/api/izs-base/warehouse/environment-list',
} as const;

/** One environment patrol of a warehouse (温湿度, 消防检查). */
export const warehouseEnvironmentEntity = z.object({
  id: z.string(),
  warehouseId: z.string(),
  recordTime: z.string(),
  temperature: z.string().nullable(),
  humidity: z.string().nullable(),
  fireCheck: z.number(),
  inspector: z.string(),
  remark: z.string(),
});
export type WarehouseEnvironment = z.infer<typeof warehouseEnvironmentEntity>;

export const warehouseEntity = warehouseRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  /** detail only: the latest 100 environment patrols, newest first. */
  environments: z.array(warehouseEnvironmentEntity).optional(),
});

export const warehouseForm = z.object({
  code: req('仓库编码', 32),
  name: req('仓库名称', 64),
  type: oneOf('仓库类型', ['yard', 'store', 'sorting', 'hazard'], 'yard'),
  regionCode: opt('所在地区', 12),
  address: opt('详细地址', 255),
  managerName: opt('负责人', 32),
  phone: phone(),
  capacityT: decimal('库容(吨)', 3, '9999999').default('0'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const warehouseQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  status: num().int().optional(),
  deptId: z.string().optional(),
});

export const warehouseEnvironmentForm = z.object({
  warehouseId: refReq('仓库'),
  temperature: signedDecimal('温度', 1, '-50', '80').optional(),
  humidity: decimal('湿度', 1, '100').optional(),
  fireCheck: flag('消防检查', 1),
  inspector: opt('巡检人', 32),
  remark: opt('备注', 255),
});
export type WarehouseEnvironmentForm = z.input<typeof warehouseEnvironmentForm>;

/**
 * The 新增巡检 dialog on the warehouse detail page (warehouseId comes from the page); its boxes are
 * screens/base/warehouse.resource.ts (`warehouseEnvironmentFields`).
 */
export const WAREHOUSE_ENVIRONMENT_FIELDS: FormFieldDef<WarehouseEnvironmentForm>[] = [
  { field: 'temperature', label: '温度(℃)', kind: 'qty', decimals: 1 },
  { field: 'humidity', label: '湿度(%)', kind: 'rate', decimals: 1 },
  { field: 'fireCheck', label: '消防检查合格', kind: 'bool' },
  { field: 'inspector', label: '巡检人', kind: 'text' },
  { field: 'remark', label: '备注', kind: 'textarea' },
];

export const warehouseResource = defineResource({
  name: 'warehouse',
  title: '仓库',
  service: 'izs-base',
  path: '/api/izs-base/warehouse',
  permission: 'base_warehouse',
  schemas: { entity: warehouseEntity, form: warehouseForm, query: warehouseQuery },
  scope: 'dept',
  importable: true,
  sortable: ['code', 'name', 'capacityT', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '仓库编码已存在' }],
  columns: [
    { field: 'code', label: '仓库编码', kind: 'code', width: 120 },
    { field: 'name', label: '仓库名称', kind: 'text', width: 160 },
    { field: 'type', label: '仓库类型', kind: 'select', options: { options: WAREHOUSE_TYPES }, width: 110 },
    { field: 'capacityT', label: '库容(吨)', kind: 'weight', decimals: 3 },
    { field: 'managerName', label: '负责人', kind: 'text', width: 100 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '详细地址', kind: 'text' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'code', label: '仓库编码', kind: 'text' },
    { field: 'name', label: '仓库名称', kind: 'text' },
    { field: 'type', label: '仓库类型', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '仓库编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '仓库名称', kind: 'text', required: true },
    { field: 'type', label: '仓库类型', kind: 'select', required: true, options: { options: WAREHOUSE_TYPES } },
    { field: 'capacityT', label: '库容(吨)', kind: 'weight', decimals: 3 },
    { field: 'managerName', label: '负责人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'regionCode', label: '所在地区', kind: 'region' },
    { field: 'address', label: '详细地址', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** The warehouses as options (the engine's select-list), for the print settings page (no store there). */
export const WAREHOUSE_READS = {
  selectList: engineSelectList(warehouseResource, warehouseEntity.pick({ id: true, name: true, code: true })),
};
