/**
 * 库存磅单 (stock weigh order, /base/stock-weigh-order): a truck-scale weighing done for stock rather than for a
 * purchase or a sale — stock-taking (盘点过磅), moves between stores, sorted output put back into store.
 *
 * Constraints (DESIGN §5 weighing):
 * - weights in kg with 3 decimals, strings end to end; gross ≥ tare;
 * - net = gross − tare − deduction, computed by the server (never sent by the client), and must be ≥ 0;
 * - orderNo = 'KC' + yyyyMMdd + 4-digit daily sequence per tenant, drawn by the server inside the insert's
 *   transaction; it never changes afterwards.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { weightFixed } from '../../format/amounts.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { stockWeighOrderRow } from '../generated/base.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, decimal, flag, opt, ref, refReq } from './fields.ts';

export const stockWeighOrderEntity = stockWeighOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  warehouseName: joinedName,
  weighbridgeName: joinedName,
  materialName: joinedName,
});

const kg = (label: string) => decimal(label, 3, '999999');

/** net = gross − tare − deduction (decimal, never float); undefined when an input is not a number. */
export function netWeight(gross: string, tare: string, deduct: string): string | undefined {
  try {
    return weightFixed(new Decimal(gross).minus(tare).minus(deduct));
  } catch {
    return undefined;
  }
}

export const stockWeighOrderForm = z
  .object({
    warehouseId: refReq('仓库'),
    weighbridgeId: ref('地磅'),
    materialId: refReq('物料'),
    carNumber: z
      .string({ error: '车牌号必须是文本' })
      .trim()
      .toUpperCase()
      .max(16, '车牌号不能超过16个字符')
      .default(''),
    grossKg: kg('毛重(kg)'),
    tareKg: kg('皮重(kg)'),
    deductKg: kg('扣重(kg)').default('0'),
    weighTime: z
      .string({ error: '请选择过磅时间' })
      .trim()
      .refine((v) => /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v), {
        message: '过磅时间格式应为yyyy-MM-dd HH:mm:ss',
      })
      .refine((v) => !/^\d{4}-\d{2}-\d{2}/.test(v) || isCalendarDay(v.slice(0, 10)), {
        message: dayRangeMessage('过磅时间'),
      }),
    weigher: opt('司磅员', 32),
    status: flag('状态', 1),
    remark: opt('备注', 255),
  })
  .refine((v) => (netWeight(v.grossKg, v.tareKg, '0') ?? '0').charAt(0) !== '-', {
    message: '皮重不能大于毛重',
    path: ['tareKg'],
  })
  .refine((v) => (netWeight(v.grossKg, v.tareKg, v.deductKg) ?? '0').charAt(0) !== '-', {
    message: '扣重不能大于毛重减皮重',
    path: ['deductKg'],
  });

export const stockWeighOrderQuery = z.object({
  orderNo: z.string().optional(),
  carNumber: z.string().optional(),
  warehouseId: z.string().optional(),
  materialId: z.string().optional(),
  /** the date-range search field; the filters are the two range keys */
  weighTime: z.string().optional(),
  weighTimeBegin: z.string().optional(),
  weighTimeEnd: z.string().optional(),
});

export const WAREHOUSE_SELECT = { endpoint: '/api/izs-base/warehouse/select-list', labelKey: 'name', valueKey: 'id' };
const WEIGHBRIDGE_SELECT = { endpoint: '/api/izs-base/weighbridge/select-list', labelKey: 'name', valueKey: 'id' };
export const MATERIAL_SELECT = { endpoint: '/api/izs-base/material/select-list', labelKey: 'name', valueKey: 'id' };

export const stockWeighOrderResource = defineResource({
  name: 'stock-weigh-order',
  title: '库存磅单',
  service: 'izs-base',
  path: '/api/izs-base/stock-weigh-order',
  permission: 'base_stock_weigh_order',
  schemas: { entity: stockWeighOrderEntity, form: stockWeighOrderForm, query: stockWeighOrderQuery },
  scope: 'dept',
  sortable: ['orderNo', 'netKg', 'weighTime', 'createTime'],
  defaultSort: { field: 'weighTime', desc: true },
  columns: [
    { field: 'orderNo', label: '磅单号', kind: 'code', width: 150 },
    { field: 'weighTime', label: '过磅时间', kind: 'datetime', width: 170 },
    { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName', options: WAREHOUSE_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', options: MATERIAL_SELECT },
    { field: 'carNumber', label: '车牌号', kind: 'code', width: 100 },
    { field: 'grossKg', label: '毛重(kg)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'tareKg', label: '皮重(kg)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'deductKg', label: '扣重(kg)', kind: 'weight', decimals: 3, width: 110 },
    { field: 'netKg', label: '净重(kg)', kind: 'weight', decimals: 3, width: 120 },
    {
      field: 'weighbridgeId',
      label: '地磅',
      kind: 'select',
      labelField: 'weighbridgeName',
      options: WEIGHBRIDGE_SELECT,
    },
    { field: 'weigher', label: '司磅员', kind: 'text', width: 90 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'orderNo', label: '磅单号', kind: 'text' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
    { field: 'warehouseId', label: '仓库', kind: 'select' },
    { field: 'materialId', label: '物料', kind: 'select' },
    { field: 'weighTime', label: '过磅时间', kind: 'date-range', range: ['weighTimeBegin', 'weighTimeEnd'] },
  ],
  form: [
    { field: 'warehouseId', label: '仓库', kind: 'select', required: true, options: WAREHOUSE_SELECT },
    { field: 'weighbridgeId', label: '地磅', kind: 'select', options: WEIGHBRIDGE_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', required: true, options: MATERIAL_SELECT },
    { field: 'carNumber', label: '车牌号', kind: 'code' },
    { field: 'grossKg', label: '毛重(kg)', kind: 'weight', decimals: 3, required: true },
    { field: 'tareKg', label: '皮重(kg)', kind: 'weight', decimals: 3, required: true },
    { field: 'deductKg', label: '扣重(kg)', kind: 'weight', decimals: 3 },
    { field: 'weighTime', label: '过磅时间', kind: 'datetime', required: true },
    { field: 'weigher', label: '司磅员', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
