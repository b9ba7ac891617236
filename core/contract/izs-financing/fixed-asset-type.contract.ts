/** 资产类别 (engine resource under /api/izs-financing/fixed-assets/type): default life, method, residual rate, accounts. */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { assetTypeRow } from '../generated/assets.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { flag, int, opt, req } from './fields.ts';
import {
  ASSET_TYPE_BASE,
  accountOpt,
  DEPRECIATION_METHODS,
  FA_PERMISSIONS,
  lifeMonths,
  METHOD_VALUES,
  residualRate,
} from './fixed-asset-fields.ts';

export const assetTypeEntity = assetTypeRow.omit(ENGINE_HIDDEN).extend({});
export type AssetType = z.infer<typeof assetTypeEntity>;

export const assetTypeForm = z.object({
  code: req('类别编码', 16),
  name: req('类别名称', 64),
  taxCategory: opt('税法类别', 64),
  lifeMonths,
  /** tax minimum (months); a shorter default life is refused unless 0 */
  minLifeMonths: int('税法最低折旧月数', 0, 1200, 0),
  method: z.enum(METHOD_VALUES, { error: '请选择折旧方法' }).default('straightLine'),
  residualRate: residualRate.default('0.05'),
  assetAccount: accountOpt('固定资产科目'),
  accumAccount: accountOpt('累计折旧科目'),
  expenseAccount: accountOpt('折旧费用科目'),
  sort: int('排序', 0, 9999, 0),
  remark: opt('备注', 255),
  status: flag('状态', 1),
});

export const assetTypeQuery = z.object({
  name: z.string().optional(),
  status: num().int().optional(),
});

export const assetTypeResource = defineResource({
  name: 'fixed-asset-type',
  title: '资产类别',
  service: 'izs-financing',
  path: ASSET_TYPE_BASE,
  permission: FA_PERMISSIONS.type,
  schemas: { entity: assetTypeEntity, form: assetTypeForm, query: assetTypeQuery },
  scope: 'tenant',
  sortable: ['sort', 'code', 'createTime'],
  defaultSort: { field: 'sort' },
  columns: [
    { field: 'code', label: '类别编码', kind: 'code', width: 120 },
    { field: 'name', label: '类别名称', kind: 'text' },
    { field: 'lifeMonths', label: '默认使用月数', kind: 'number', width: 120 },
    { field: 'minLifeMonths', label: '税法最低月数', kind: 'number', width: 120 },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'residualRate', label: '残值率', kind: 'text', width: 90 },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code', width: 120 },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code', width: 120 },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code', width: 120 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
  ],
  search: [{ field: 'name', label: '类别名称', kind: 'text' }],
  form: [
    { field: 'code', label: '类别编码', kind: 'code', required: true },
    { field: 'name', label: '类别名称', kind: 'text', required: true },
    { field: 'lifeMonths', label: '默认使用月数', kind: 'number', required: true },
    { field: 'minLifeMonths', label: '税法最低月数', kind: 'number' },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'residualRate', label: '残值率', kind: 'text' },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code' },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code' },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code' },
    { field: 'taxCategory', label: '税法类别', kind: 'text' },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
