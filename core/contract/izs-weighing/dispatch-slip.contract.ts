/**
 * 派车单 (dispatch slip, issue 24 "Unattended lane"): a truck sent with a slip made from a purchase / sales order or
 * a trading contract — party, material, planned quantity, validity and the plate. The slip's QR code carries its
 * number (PC + yyyyMMdd + 4 digits); the weighing station takes the number (typed or scanned) and fills plate,
 * party and material from it (`scan`).
 *
 * Rules (server/modules/izs-weighing-order/dispatch-slip.ts):
 * - 来源单号: a purchase / sales order number or a trading contract number of the tenant; the slip takes its
 *   direction (purchase / sale) and party from it, and the material from its first line unless one is chosen; a
 *   party or material chosen that the source does not name is refused;
 * - without a source: order type, party and material are required;
 * - the validity is yyyy-MM-dd to yyyy-MM-dd, the end not before the start; the plate is required;
 * - scan: an unknown, closed, expired or not yet valid slip is refused (the truck is not identified); a plate read
 *   (camera) or typed that differs from the slip's is answered with `plateMismatch` and a warning — flagged, not
 *   refused (the capture's 车牌识别不一致 flag then holds the weighing).
 */
import { z } from 'zod';
import { anyOf, endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { dispatchSlipRow } from '../generated/weighing.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';
import { DEPT_TREE, decimal, opt, ref } from '../izs-base/fields.ts';
import { MATERIAL_SELECT, PARTY_SELECT } from '../izs-stock/fields.ts';
import { defineResource } from '../resource.ts';

export const DISPATCH_SLIP_MENU = 'supply_chain_dispatch_slip';
export const DISPATCH_SLIP_PATH = '/api/izs-weighing/dispatch-slip';

export const DISPATCH_ORDER_TYPES = [
  { label: '采购（送货）', value: 'purchase' },
  { label: '销售（提货）', value: 'sale' },
] as const;
export const DISPATCH_STATES = [
  { label: '有效', value: 'open' },
  { label: '已关闭', value: 'closed' },
] as const;

export const dispatchSlipEntity = dispatchSlipRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  materialName: joinedName,
});
export type DispatchSlipRow = z.infer<typeof dispatchSlipEntity>;

const day = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { message: `${label}格式应为yyyy-MM-dd` })
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), { message: dayRangeMessage(label) });

/** A plate as the weighing keeps it: no spaces or dots, upper case. */
export const plateKey = (v: string) => v.replace(/[\s·•.-]/g, '').toUpperCase();

export const dispatchSlipForm = z
  .object({
    sourceNo: opt('来源单号', 32),
    orderType: z.enum(['purchase', 'sale'], { error: '派车单类型不正确' }).optional(),
    partyId: ref('往来单位'),
    materialId: ref('物料'),
    carNumber: z
      .string({ error: '请输入车牌号' })
      .transform(plateKey)
      .refine((v) => v.length > 0, { message: '请输入车牌号' })
      .refine((v) => v.length <= 16, { message: '车牌号不能超过16个字符' }),
    driverName: opt('司机', 32),
    driverPhone: opt('司机电话', 20),
    plannedKg: decimal('计划数量(kg)', 3, '99999999').default('0'),
    validFrom: day('有效期起'),
    validTo: day('有效期止'),
    state: z.enum(['open', 'closed'], { error: '派车单状态不正确' }).default('open'),
    remark: opt('备注', 255),
  })
  .refine((v) => v.validTo >= v.validFrom, { message: '有效期止不能早于有效期起', path: ['validTo'] });

export const dispatchSlipQuery = z.object({
  slipNo: z.string().optional(),
  carNumber: z.string().optional(),
  partyId: z.string().optional(),
  state: z.string().optional(),
});

export const dispatchSlipResource = defineResource({
  name: 'dispatch-slip',
  title: '派车单',
  service: 'izs-weighing',
  path: DISPATCH_SLIP_PATH,
  permission: DISPATCH_SLIP_MENU,
  schemas: { entity: dispatchSlipEntity, form: dispatchSlipForm, query: dispatchSlipQuery },
  scope: 'dept',
  labelField: 'slipNo',
  sortable: ['slipNo', 'validTo', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'slipNo', label: '派车单号', kind: 'code', width: 150 },
    { field: 'orderType', label: '类型', kind: 'select', width: 110, options: { options: [...DISPATCH_ORDER_TYPES] } },
    { field: 'carNumber', label: '车牌号', kind: 'code', width: 100 },
    { field: 'partyId', label: '往来单位', kind: 'select', labelField: 'partyName', options: PARTY_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', options: MATERIAL_SELECT },
    { field: 'plannedKg', label: '计划数量(kg)', kind: 'weight', decimals: 3, width: 130 },
    { field: 'validFrom', label: '有效期起', kind: 'date', width: 110 },
    { field: 'validTo', label: '有效期止', kind: 'date', width: 110 },
    { field: 'state', label: '状态', kind: 'select', width: 90, options: { options: [...DISPATCH_STATES] } },
    { field: 'sourceNo', label: '来源单号', kind: 'code', width: 150 },
    { field: 'driverName', label: '司机', kind: 'text', width: 90 },
    { field: 'driverPhone', label: '司机电话', kind: 'text' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'slipNo', label: '派车单号', kind: 'text' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
    { field: 'partyId', label: '往来单位', kind: 'select' },
    { field: 'state', label: '状态', kind: 'select' },
  ],
  form: [
    { field: 'sourceNo', label: '来源单号', kind: 'code' },
    { field: 'orderType', label: '类型', kind: 'select', options: { options: [...DISPATCH_ORDER_TYPES] } },
    { field: 'partyId', label: '往来单位', kind: 'select', options: PARTY_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
    { field: 'carNumber', label: '车牌号', kind: 'code', required: true },
    { field: 'plannedKg', label: '计划数量(kg)', kind: 'weight', decimals: 3 },
    { field: 'validFrom', label: '有效期起', kind: 'date', required: true },
    { field: 'validTo', label: '有效期止', kind: 'date', required: true },
    { field: 'driverName', label: '司机', kind: 'text' },
    { field: 'driverPhone', label: '司机电话', kind: 'text' },
    { field: 'state', label: '状态', kind: 'select', options: { options: [...DISPATCH_STATES] } },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** The fields 派车单详情's QR card shows beside the code (what a driver needs at the gate). */
export const SLIP_CARD_FIELDS = ['slipNo', 'carNumber', 'validFrom', 'validTo'] as const;

/** What the station gets for a slip's number / QR: the truck's plate, party, material, and a plate check. */
export const dispatchScanAnswer = z.object({
  id: z.string(),
  slipNo: z.string(),
  orderType: z.string(),
  sourceOrderId: z.string().nullable(),
  contractId: z.string().nullable(),
  partyId: z.string(),
  partyName: z.string(),
  materialId: z.string(),
  materialName: z.string(),
  carNumber: z.string(),
  driverName: z.string(),
  plannedKg: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** The plate given (camera / typed) differs from the slip's. */
  plateMismatch: z.boolean(),
  /** Chinese, '' when none. */
  warning: z.string(),
});
export type DispatchScan = z.infer<typeof dispatchScanAnswer>;

/** The slip number in what a scanner typed (the number itself, or a text / link holding it). */
export function slipNoIn(code: string): string | null {
  const m = /PC\d{12}/i.exec(code.trim());
  return m ? m[0].toUpperCase() : null;
}

export const DISPATCH_SLIP = {
  scan: endpoint({
    method: 'GET',
    path: `${DISPATCH_SLIP_PATH}/scan`,
    summary: '过磅扫派车单（单号或二维码）：识别车辆，校验有效期与车牌',
    query: z.object({
      code: z.string({ error: '请输入派车单号' }).trim().min(1, '请输入派车单号').max(500, '派车单号过长'),
      carNumber: z.string().trim().max(16, '车牌号不能超过16个字符').optional(),
    }),
    answer: dispatchScanAnswer,
    permission: anyOf('supply_chain_loadometer_add', 'supply_chain_weight_memo_add', `${DISPATCH_SLIP_MENU}_view`),
    provides: ['Resource'],
  }),
};
