/**
 * 资产卡片 (engine resource under /api/izs-financing/fixed-assets/card): acquisition, plain edits, 累计折旧 and 净值.
 * Its screen layout is features/layouts/fixed-asset-card.resource.ts (资产台账 and 固定资产 share it).
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { assetRow } from '../generated/assets.ts';
import { defineResource } from '../resource.ts';
import { dateReq, opt, refReq, req } from './fields.ts';
import {
  ASSET_CARD_BASE,
  ASSET_STATES,
  ASSET_TYPE_BASE,
  accountOpt,
  amount,
  DEPRECIATION_METHODS,
  FA_PERMISSIONS,
  lifeMonths,
  METHOD_VALUES,
  residualRate,
} from './fixed-asset-fields.ts';

export const assetCardEntity = assetRow.omit(ENGINE_HIDDEN).extend({
  typeName: joinedName,
  /** 期初累计折旧 + Σ booked depreciation (live run vouchers) */
  accumulated: joinedName,
  /** 原值 − 累计折旧 */
  netValue: joinedName,
  /** months depreciated so far */
  deprMonths: z.number().nullable().optional(),
});
export type AssetCard = z.infer<typeof assetCardEntity>;

export const assetCardForm = z.object({
  code: req('资产编码', 32),
  name: req('资产名称', 100),
  typeId: refReq('资产类别'),
  useDept: opt('使用部门', 64),
  spec: opt('规格型号', 100),
  inServiceDate: dateReq('开始使用日期'),
  cost: amount('原值'),
  /** defaults from the type when absent */
  residualRate: residualRate.optional(),
  lifeMonths: lifeMonths.optional(),
  method: z.enum(METHOD_VALUES, { error: '请选择折旧方法' }).optional(),
  totalWorkload: z
    .union([z.string(), z.number()], { error: '预计总工作量格式不正确' })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{1,14}(\.\d{1,4})?$/.test(v), { message: '预计总工作量格式不正确，最多4位小数' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  workloadUnit: opt('工作量单位', 16),
  assetAccount: accountOpt('固定资产科目'),
  accumAccount: accountOpt('累计折旧科目'),
  expenseAccount: accountOpt('折旧费用科目'),
  /** 期初累计折旧: depreciation before the card was entered (e.g. assets older than the book) */
  openingAccumulated: amount('期初累计折旧').default('0'),
  remark: opt('备注', 255),
});
export type AssetCardForm = z.input<typeof assetCardForm>;

export const assetCardQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  typeId: z.string().optional(),
  state: z.string().optional(),
  useDept: z.string().optional(),
});

export const assetCardResource = defineResource({
  name: 'fixed-asset-card',
  title: '资产卡片',
  service: 'izs-financing',
  path: ASSET_CARD_BASE,
  permission: FA_PERMISSIONS.card,
  schemas: { entity: assetCardEntity, form: assetCardForm, query: assetCardQuery },
  scope: 'tenant',
  sortable: ['code', 'inServiceDate', 'createTime'],
  defaultSort: { field: 'code' },
  columns: [
    { field: 'code', label: '资产编码', kind: 'code', width: 130 },
    { field: 'name', label: '资产名称', kind: 'text', width: 120 },
    { field: 'typeId', label: '资产类别', kind: 'text', labelField: 'typeName', width: 100 },
    { field: 'useDept', label: '使用部门', kind: 'text', width: 100 },
    { field: 'inServiceDate', label: '启用日期', kind: 'date', width: 120 },
    { field: 'cost', label: '原值', kind: 'money', width: 110 },
    { field: 'accumulated', label: '累计折旧', kind: 'money', width: 110 },
    { field: 'netValue', label: '净值', kind: 'money', width: 110 },
    { field: 'lifeMonths', label: '使用月数', kind: 'number', width: 90 },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS }, width: 120 },
    { field: 'state', label: '状态', kind: 'select', options: { options: ASSET_STATES }, width: 80 },
  ],
  search: [
    { field: 'name', label: '资产名称', kind: 'text' },
    { field: 'code', label: '资产编码', kind: 'text' },
    { field: 'state', label: '状态', kind: 'select' },
  ],
  form: [
    { field: 'code', label: '资产编码', kind: 'code', required: true },
    { field: 'name', label: '资产名称', kind: 'text', required: true },
    {
      field: 'typeId',
      label: '资产类别',
      kind: 'select',
      required: true,
      options: { endpoint: `${ASSET_TYPE_BASE}/select-list`, labelKey: 'name', valueKey: 'id' },
    },
    { field: 'useDept', label: '使用部门', kind: 'text' },
    { field: 'spec', label: '规格型号', kind: 'text' },
    { field: 'inServiceDate', label: '开始使用日期', kind: 'date', required: true },
    { field: 'cost', label: '原值', kind: 'money', required: true },
    { field: 'residualRate', label: '残值率', kind: 'text' },
    { field: 'lifeMonths', label: '使用月数', kind: 'number' },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'totalWorkload', label: '预计总工作量', kind: 'qty', decimals: 4 },
    { field: 'workloadUnit', label: '工作量单位', kind: 'text' },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code' },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code' },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code' },
    { field: 'openingAccumulated', label: '期初累计折旧', kind: 'money' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
