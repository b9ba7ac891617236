/**
 * Weighing records (磅单 / weight memos, spec §2.4 weighing routes, DESIGN §5 Weighing) — the order part of
 * izs-weighing (the socket part is socket.contract.ts).
 *
 *   first-pass ──▶ first (一次过磅) ──second-pass──▶ (second reading kept) ──complete──▶ completed ──void──▶ voided
 *                     └────────────────────────────────void──────────────────────────────────────────────▲
 *
 * Constraints:
 * - a reading is a decimal string in kg (≤ 3 decimals); it is taken only when the scale says `stable`, unless
 *   `manual` = 1, which needs the button supply_chain_loadometer_manual and is marked on the record and memo;
 * - complete computes with core/stock/weighing.ts: gross = the heavier pass, tare = the lighter,
 *   deduction = deductWeight + (gross − tare) × impurityRate %, net = gross − tare − deduction ≥ 0,
 *   amount = net × unit price (per the material's price unit) half-up to the fen;
 * - completing a purchase weighing makes an in-stock order (a sale weighing an out-stock order) with the weighing
 *   as source, in the same transaction: a draft, or reviewed at once when the department's business config has
 *   autoReview; purchase/sale need counterparty, material and warehouse by then;
 * - void (reason required) works on first and completed records; the document made from it is voided with it
 *   (a reviewed one with reversing stock movements); records are never deleted;
 * - orderNo = GB + yyyyMMdd + 4-digit daily sequence per tenant.
 */
import { z } from 'zod';
import { engineDetail, enginePage } from '../engine-reads.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { weighingOrderRow } from '../generated/weighing.ts';
import { DEPT_TREE, decimal, flag, oneOf, ref, refReq, req } from '../izs-base/fields.ts';
import {
  MATERIAL_SELECT,
  PARTY_SELECT,
  PRICE_UNIT_OPTIONS,
  WAREHOUSE_SELECT,
  WEIGHBRIDGE_SELECT,
} from '../izs-stock/fields.ts';
import { defineResource } from '../resource.ts';

export const WEIGHING_ORDER_TYPES = [
  { label: '采购', value: 'purchase' },
  { label: '销售', value: 'sale' },
  { label: '调拨', value: 'transfer' },
  { label: '其他', value: 'other' },
];
export const WEIGH_STATES = [
  { label: '一次过磅', value: 'first' },
  { label: '已完成', value: 'completed' },
  { label: '已作废', value: 'voided' },
];

const BASE = '/api/izs-weighing/loadometer-order';

export const WEIGHING_ORDER_PATHS = {
  /** POST FirstPassBody → R<WeighingOrder> (state first). Button supply_chain_loadometer_add. */
  firstPass: `${BASE}/first-pass`,
  /** POST SecondPassBody → R<WeighingOrder> (figures computed; completed too when complete = 1). */
  secondPass: `${BASE}/second-pass`,
  /** POST CompleteBody → R<WeighingOrder> (state completed, stock document made). */
  complete: `${BASE}/complete`,
  /** POST { id, reason } → R<WeighingOrder> (state voided). Button supply_chain_weight_memo_void. */
  void: `${BASE}/void`,
  /** GET ?id= → R<WeightMemo>: everything the printed memo shows. */
  memo: `${BASE}/memo`,
  /** POST { id } → R<{ printCount }>: one more printed copy. */
  print: `${BASE}/print`,
  /** GET ?carNumber= → R<WeighingOrder | null>: the open (first-pass) record of a plate, for the second pass. */
  open: `${BASE}/open`,
} as const;

export const weighingOrderEntity = weighingOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  materialName: joinedName,
  warehouseName: joinedName,
  weighbridgeName: joinedName,
  firstOperatorName: joinedName,
  secondOperatorName: joinedName,
  /** issue 24: open 异常过磅 of the record (it cannot complete while > 0). */
  openExceptions: z.number().optional(),
});
export type WeighingOrder = z.infer<typeof weighingOrderEntity>;

/** A scale reading: kg, ≥ 0, up to 3 decimals. */
export const reading = (label = '重量') => decimal(label, 3, '999999');

const stableFlag = z
  .union([z.boolean(), z.number(), z.string()], { error: '稳定标志格式不正确' })
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional();

/** Photos of a pass: OSS paths (array, JSON array text or comma text). */
const photos = z
  .union([z.array(z.string().max(500, '照片路径过长')).max(10, '每次过磅最多10张照片'), z.string().max(5000)])
  .optional();

/**
 * What the lane saw at the capture (issue 24, core/weighing/anti-cheat.ts): the reason of a manual weight, the
 * camera's plate, the readings of the last 30 s the bridge reported (oldest first) and the positioning sensors.
 */
const laneSeen = {
  manualReason: z
    .string({ error: '手工录入原因必须是文本' })
    .trim()
    .max(255, '手工录入原因不能超过255个字符')
    .optional(),
  plateRead: z.string({ error: '识别车牌必须是文本' }).trim().max(16, '识别车牌不能超过16个字符').optional(),
  readings: z
    .array(
      z.object({
        t: z.number({ error: '读数时间格式不正确' }).int('读数时间格式不正确').nonnegative('读数时间格式不正确'),
        v: z.string({ error: '读数格式不正确' }).regex(/^-?\d{1,7}(\.\d{1,3})?$/, '读数格式不正确'),
        s: z.boolean({ error: '读数稳定标志格式不正确' }),
      }),
      { error: '读数格式不正确' },
    )
    .max(600, '读数最多600条（30秒）')
    .optional(),
  sensors: z
    .object({
      front: z.boolean({ error: '前定位传感器状态格式不正确' }),
      rear: z.boolean({ error: '后定位传感器状态格式不正确' }),
    })
    .nullable()
    .optional(),
};

/** Optional text (no default: an absent field leaves the stored value alone). */
const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional();

/**
 * Fields a clerk may set or change while the record is not completed. None has a default: a field left out of a
 * second pass or completion keeps what the record has.
 */
const editable = {
  partyId: ref('往来单位'),
  materialId: ref('物料'),
  warehouseId: ref('仓库'),
  sourceOrderId: ref('订单'),
  /** issue 12: the trading contract this truck executes */
  contractId: ref('贸易合同'),
  driverName: optText('司机', 32),
  /** Default on the first pass: price-list lookup, else the material's default price. */
  unitPrice: decimal('单价', 2, '99999999').optional(),
  deductWeight: decimal('扣重', 3, '99999999').optional(),
  /** Percent; default on the first pass: the material's deduct rate. */
  impurityRate: decimal('扣杂率', 2, '100')
    .refine((v) => Number(v) < 100, { message: '扣杂率必须小于100' })
    .optional(),
  remark: optText('备注', 255),
};

export const firstPassBody = z.object({
  orderType: oneOf('业务类型', ['purchase', 'sale', 'transfer', 'other']),
  weighbridgeId: refReq('地磅'),
  carNumber: req('车牌号', 16),
  weight: reading(),
  /** The scale's stability at capture (required unless manual). */
  stable: stableFlag,
  manual: flag('手工录入', 0),
  photos,
  /** 挂车号 / 箱号 of this trip (picks the trailer's tare in the archive). */
  trailerNo: optText('挂车号', 32),
  /**
   * issue 24: the 派车单 the truck comes with (its number, or the QR text / link holding it): open and valid today,
   * its plate the weighing's; party, material, order and contract default from it; kept on the weighing.
   */
  dispatchSlipNo: optText('派车单号', 500),
  ...laneSeen,
  ...editable,
});
export type FirstPassBody = z.input<typeof firstPassBody>;

export const secondPassBody = z.object({
  id: refReq('磅单'),
  weight: reading(),
  stable: stableFlag,
  manual: flag('手工录入', 0),
  photos,
  /** 1: complete in the same transaction (unless the capture raised a flag: 异常过磅). */
  complete: flag('完成', 0),
  ...laneSeen,
  ...editable,
});
export type SecondPassBody = z.input<typeof secondPassBody>;

export const completeBody = z.object({ id: refReq('磅单'), ...editable });

/** Engine update (POST update): editable fields of a first-pass record. */
export const weighingEditForm = z.object({
  carNumber: req('车牌号', 16),
  ...editable,
});

export const weighingVoidBody = z.object({
  id: refReq('磅单'),
  reason: req('作废原因', 255),
});

export const weighingOrderQuery = z.object({
  orderNo: z.string().optional(),
  orderType: z.string().optional(),
  weighState: z.string().optional(),
  carNumber: z.string().optional(),
  partyId: z.string().optional(),
  materialId: z.string().optional(),
  warehouseId: z.string().optional(),
  weighbridgeId: z.string().optional(),
  firstTime: z.string().optional(),
  firstTimeBegin: z.string().optional(),
  firstTimeEnd: z.string().optional(),
  /** The weighings made under one 派车单 (its detail page). */
  dispatchSlipId: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, '派车单格式不正确')
    .optional(),
});

/** The printed memo (its schema lives with the workstation's commands). */
export type { WeightMemo } from './weighing-commands.contract.ts';

export const weighingOrderResource = defineResource({
  name: 'loadometer-order',
  title: '磅单',
  service: 'izs-weighing',
  path: BASE,
  permission: 'supply_chain_weight_memo',
  schemas: { entity: weighingOrderEntity, form: weighingEditForm, query: weighingOrderQuery },
  scope: 'dept',
  labelField: 'orderNo',
  sortable: ['orderNo', 'firstTime', 'completeTime', 'netWeight', 'amount', 'createTime'],
  defaultSort: { field: 'firstTime', desc: true },
  columns: [
    { field: 'orderNo', label: '磅单号', kind: 'code', width: 170 },
    { field: 'orderType', label: '业务类型', kind: 'select', options: { options: WEIGHING_ORDER_TYPES }, width: 80 },
    { field: 'carNumber', label: '车牌号', kind: 'text', width: 100 },
    { field: 'partyId', label: '往来单位', kind: 'select', labelField: 'partyName', width: 180 },
    { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', width: 120 },
    { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName' },
    { field: 'weighbridgeId', label: '地磅', kind: 'select', labelField: 'weighbridgeName' },
    { field: 'grossWeight', label: '毛重(kg)', kind: 'weight', decimals: 3 },
    { field: 'tareWeight', label: '皮重(kg)', kind: 'weight', decimals: 3 },
    // 合计扣重 = 扣重 (typed) + 扣杂 (impurity rate): two different figures, two names (issue 26)
    { field: 'deductionWeight', label: '合计扣重(kg)', kind: 'weight', decimals: 3 },
    { field: 'netWeight', label: '净重(kg)', kind: 'weight', decimals: 3 },
    { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2 },
    { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNIT_OPTIONS } },
    { field: 'amount', label: '金额', kind: 'money', decimals: 2 },
    { field: 'weighState', label: '状态', kind: 'select', options: { options: WEIGH_STATES }, width: 90 },
    { field: 'firstTime', label: '一次过磅时间', kind: 'datetime', width: 170 },
    { field: 'secondTime', label: '二次过磅时间', kind: 'datetime', width: 170 },
    { field: 'firstManual', label: '一次手工', kind: 'bool' },
    { field: 'secondManual', label: '二次手工', kind: 'bool' },
    { field: 'stockOrderNo', label: '出入库单号', kind: 'code', width: 170 },
    { field: 'printCount', label: '打印次数', kind: 'number', width: 80 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'voidReason', label: '作废原因', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'orderNo', label: '磅单号', kind: 'text' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
    { field: 'orderType', label: '业务类型', kind: 'select' },
    { field: 'partyId', label: '往来单位', kind: 'select' },
    { field: 'materialId', label: '物料', kind: 'select' },
    { field: 'weighState', label: '状态', kind: 'select' },
    { field: 'firstTime', label: '过磅日期', kind: 'date-range', range: ['firstTimeBegin', 'firstTimeEnd'] },
  ],
  form: [
    { field: 'carNumber', label: '车牌号', kind: 'text', required: true },
    { field: 'driverName', label: '司机', kind: 'text' },
    { field: 'partyId', label: '往来单位', kind: 'select', options: PARTY_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
    { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
    { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2 },
    { field: 'deductWeight', label: '扣重(kg)', kind: 'weight', decimals: 3 },
    { field: 'impurityRate', label: '扣杂率(%)', kind: 'rate', decimals: 2 },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** Weighbridge select source (re-exported for the workstation form). */
export { WEIGHBRIDGE_SELECT };

/**
 * The engine's reads of weighing records as descriptors: a page (the workstation's yard queue) and one record (the
 * print entry's memo when its link names no warehouse). Served by the engine, so not in registry.ts.
 */
export const WEIGHING_ORDER_READS = {
  page: enginePage(weighingOrderResource),
  detail: engineDetail(weighingOrderResource),
};
