/**
 * 计量单位 of the current account set (/finance/setting/unit): the units that 数量核算 accounts count in (吨, 千克,
 * 件 …), picked in 财务参数 when an account gets quantity accounting. Engine resource at /api/izs-financing/unit: page,
 * list, select-list, detail, submit, save, update, remove, export; every call scoped by Current-Account-Set-Id.
 * Rules: a name is unique per book; a unit used by an account of the book cannot be renamed or removed.
 * Permission: finance_setting_unit (view / add / edit / delete).
 */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { finUnitRow } from '../generated/finance.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { FIN, flag, int, opt, req } from './fields.ts';

export const UNIT_BASE = `${FIN}/unit`;
export const UNIT_PERMISSION = 'finance_setting_unit';

export const unitEntity = finUnitRow.omit(ENGINE_HIDDEN).extend({});
export type UnitRow = z.infer<typeof unitEntity>;

export const unitForm = z.object({
  name: req('单位名称', 16),
  code: opt('单位编码', 16),
  precision: int('数量精度', 0, 4, 4),
  sort: int('排序', 0, 9999, 0),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const unitQuery = z.object({
  name: z.string().optional(),
  status: num().int().optional(),
});

/** Units a new book starts with (scrap trading counts in weight and pieces). */
export const UNIT_PRESETS = [
  { code: 't', name: '吨', precision: 4 },
  { code: 'kg', name: '千克', precision: 2 },
  { code: 'pcs', name: '件', precision: 0 },
  { code: 'set', name: '台', precision: 0 },
];

export const unitResource = defineResource({
  name: 'unit',
  title: '计量单位',
  service: 'izs-financing',
  path: UNIT_BASE,
  permission: UNIT_PERMISSION,
  schemas: { entity: unitEntity, form: unitForm, query: unitQuery },
  scope: 'tenant',
  labelField: 'name',
  sortable: ['sort', 'name', 'createTime'],
  defaultSort: { field: 'sort' },
  columns: [
    { field: 'name', label: '单位名称', kind: 'text' },
    { field: 'code', label: '单位编码', kind: 'code', width: 120 },
    { field: 'precision', label: '数量精度', kind: 'number', width: 100 },
    { field: 'sort', label: '排序', kind: 'number', width: 80 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [{ field: 'name', label: '单位名称', kind: 'text' }],
  form: [
    { field: 'name', label: '单位名称', kind: 'text', required: true },
    { field: 'code', label: '单位编码', kind: 'code' },
    { field: 'precision', label: '数量精度', kind: 'number' },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
