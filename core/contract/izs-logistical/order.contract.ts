/**
 * 运输单 (/logistical/logistical-order): the resource-engine list / add / edit (edit only while 待派车) and the
 * state machine's hand-written endpoints (core/logistics/order.ts): 派车 → 发车 → 送达 → 签收, or 取消.
 *
 *   POST order/dispatch { id, carId, driverId }         待派车 → 已派车
 *   POST order/start    { id }                          已派车 → 运输中
 *   POST order/deliver  { id, deliveredWeightT }        运输中 → 已送达 (freight recomputed on the delivered weight)
 *   POST order/sign     { id }                          已送达 → 已签收 (freight final: a 应付单 to the carrier)
 *   POST order/unsign   { id, reason }                  已签收 → 已送达 (the 应付单 voided; refused while settled)
 *   POST order/cancel   { id, reason }                  待派车 / 已派车 → 已取消
 * Each answers the order's new state, times and freight. Permission: logistical_logistical_order_edit.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { lgOrderRow } from '../generated/logistics.ts';
import { decimal, oneOf, opt, ref, refReq, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import { decimalOut, LG, LG_PERMISSIONS } from './fields.ts';
import { CAR_OPTIONS, DRIVER_OPTIONS } from './fleet.contract.ts';
import { SITE_OPTIONS } from './sites.contract.ts';

export const ORDER_STATE_OPTIONS = [
  { label: '待派车', value: 'pending' },
  { label: '已派车', value: 'dispatched' },
  { label: '运输中', value: 'in_transit' },
  { label: '已送达', value: 'delivered' },
  { label: '已签收', value: 'signed' },
  { label: '已取消', value: 'cancelled' },
];
export const ORDER_SOURCE_OPTIONS = [
  { label: '销售出库', value: 'sale_out' },
  { label: '采购提货', value: 'purchase_pickup' },
  { label: '手工新建', value: 'manual' },
];
/** 往来单位 (carriers are parties of type 物流 / supplier) */
export const CARRIER_OPTIONS = {
  endpoint: '/api/izs-base/related-party/select-list',
  labelKey: 'name',
  valueKey: 'id',
} as const;
export const END_SOURCE_OPTIONS = [
  { label: '出库单', value: 'stock' },
  { label: '入库单', value: 'stock_in' },
  { label: '过磅单', value: 'weighing' },
  { label: '客户签收单', value: 'receipt' },
];

export const FREIGHT_MODE_OPTIONS = [
  { label: '按吨', value: 'ton' },
  { label: '按吨公里', value: 'ton_km' },
  { label: '按趟', value: 'trip' },
];

/** The engine hides `route` (resources.ts). */
export const orderEntity = lgOrderRow.omit({ ...ENGINE_HIDDEN, route: true }).extend({
  deptName: joinedName,
  originName: joinedName,
  destName: joinedName,
  plate: joinedName,
  driverName: joinedName,
  /** loaded − received (kg), computed by the server; null while an end is unknown */
  shortfallKg: z.string().nullable().optional(),
});
export type TransportOrder = z.infer<typeof orderEntity>;

export const orderResource = defineResource({
  name: 'lg-order',
  title: '运输单',
  service: 'izs-logistical',
  path: `${LG}/order`,
  permission: LG_PERMISSIONS.order,
  labelField: 'orderNo',
  schemas: {
    entity: orderEntity,
    form: z.object({
      source: oneOf('来源', ['sale_out', 'purchase_pickup', 'manual'], 'manual'),
      sourceNo: opt('来源单号', 32),
      originSiteId: refReq('起点'),
      destSiteId: refReq('终点'),
      materialName: req('货物', 64),
      plannedWeightT: decimal('计划重量(吨)', 3, '200'),
      carId: ref('车辆'),
      driverId: ref('司机'),
      carrierId: ref('承运商'),
      carrierName: opt('承运商名称', 100),
      freightMode: oneOf('计费方式', ['ton', 'ton_km', 'trip'], 'ton'),
      freightPrice: decimal('运价', 2, '999999'),
      distanceKm: decimal('运距(km)', 1, '5000').optional().nullable(),
      remark: opt('备注', 255),
    }),
    query: z.object({
      orderNo: z.string().optional(),
      state: z.string().optional(),
      carId: z.string().optional(),
      driverId: z.string().optional(),
    }),
  },
  scope: 'dept',
  sortable: ['orderNo', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'orderNo', label: '运输单号', kind: 'code', width: 150 },
    { field: 'state', label: '状态', kind: 'select', options: { options: ORDER_STATE_OPTIONS }, width: 90 },
    { field: 'source', label: '来源', kind: 'select', options: { options: ORDER_SOURCE_OPTIONS }, width: 100 },
    {
      field: 'originSiteId',
      label: '起点',
      kind: 'select',
      labelField: 'originName',
      options: SITE_OPTIONS,
      width: 140,
    },
    { field: 'destSiteId', label: '终点', kind: 'select', labelField: 'destName', options: SITE_OPTIONS, width: 140 },
    { field: 'materialName', label: '货物', kind: 'text', width: 100 },
    { field: 'plannedWeightT', label: '计划重量(吨)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'deliveredWeightT', label: '实际重量(吨)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'carId', label: '车辆', kind: 'select', labelField: 'plate', options: CAR_OPTIONS, width: 100 },
    { field: 'driverId', label: '司机', kind: 'select', labelField: 'driverName', options: DRIVER_OPTIONS, width: 90 },
    { field: 'freightMode', label: '计费方式', kind: 'select', options: { options: FREIGHT_MODE_OPTIONS }, width: 100 },
    { field: 'freightPrice', label: '运价', kind: 'money', width: 100 },
    { field: 'freightAmount', label: '运费(元)', kind: 'money', width: 110 },
    { field: 'carrierName', label: '承运商', kind: 'text', width: 120 },
    { field: 'payableRef', label: '应付单号', kind: 'code', width: 150 },
    { field: 'loadDocNo', label: '装货单据', kind: 'code', width: 150 },
    { field: 'loadNetKg', label: '装货净重(kg)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'unloadDocNo', label: '卸货单据', kind: 'code', width: 150 },
    { field: 'unloadNetKg', label: '到货净重(kg)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'shortfallKg', label: '途损(kg)', kind: 'weight', decimals: 3, width: 100 },
    { field: 'dispatchTime', label: '派车时间', kind: 'datetime', width: 160 },
    { field: 'startTime', label: '发车时间', kind: 'datetime', width: 160 },
    { field: 'deliverTime', label: '送达时间', kind: 'datetime', width: 160 },
    { field: 'signTime', label: '签收时间', kind: 'datetime', width: 160 },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 160 },
  ],
  search: [
    { field: 'orderNo', label: '运输单号', kind: 'text' },
    { field: 'state', label: '状态', kind: 'select' },
    { field: 'carId', label: '车辆', kind: 'select' },
  ],
  form: [
    { field: 'source', label: '来源', kind: 'select', required: true, options: { options: ORDER_SOURCE_OPTIONS } },
    { field: 'sourceNo', label: '来源单号', kind: 'code' },
    { field: 'originSiteId', label: '起点', kind: 'select', required: true, options: SITE_OPTIONS },
    { field: 'destSiteId', label: '终点', kind: 'select', required: true, options: SITE_OPTIONS },
    { field: 'materialName', label: '货物', kind: 'text', required: true },
    { field: 'plannedWeightT', label: '计划重量(吨)', kind: 'weight', decimals: 3, required: true },
    { field: 'carId', label: '车辆', kind: 'select', options: CAR_OPTIONS },
    { field: 'driverId', label: '司机', kind: 'select', options: DRIVER_OPTIONS },
    {
      field: 'freightMode',
      label: '计费方式',
      kind: 'select',
      required: true,
      options: { options: FREIGHT_MODE_OPTIONS },
    },
    { field: 'freightPrice', label: '运价(元)', kind: 'money', required: true },
    { field: 'distanceKm', label: '运距(km)', kind: 'qty', decimals: 1 },
    { field: 'carrierId', label: '承运商', kind: 'select', options: CARRIER_OPTIONS },
    { field: 'carrierName', label: '承运商名称', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

const id = refReq('运输单');
export const orderStateAnswer = lgOrderRow
  .pick({
    id: true,
    orderNo: true,
    carrierName: true,
    payableRef: true,
    dispatchTime: true,
    startTime: true,
    deliverTime: true,
    signTime: true,
    cancelTime: true,
  })
  .extend({
    state: z.enum(['pending', 'dispatched', 'in_transit', 'delivered', 'signed', 'cancelled']),
    freightAmount: decimalOut(2).nullable(),
  });
export type OrderStateAnswer = z.infer<typeof orderStateAnswer>;

const edit = { code: LG_PERMISSIONS.order, action: 'edit' } as const;
const CHANGES = ['Resource', 'Logistics', 'Arap'] as const;

const orderEndOut = z.object({
  source: z.string(),
  docNo: z.string(),
  netKg: decimalOut(3),
});
export const orderEndsAnswer = z.object({
  id: z.string(),
  orderNo: z.string(),
  load: orderEndOut.nullable(),
  unload: orderEndOut.nullable(),
  /** loaded − received (kg) and per mille of the loaded weight; flagged above the tolerance (磅差) */
  gap: z
    .object({
      shortfallKg: decimalOut(3),
      permille: decimalOut(2),
      flagged: z.boolean(),
      tolerancePermille: z.string(),
    })
    .nullable(),
});
export type OrderEndsAnswer = z.infer<typeof orderEndsAnswer>;

export const LG_ORDER = {
  ends: endpoint({
    method: 'GET',
    path: `${LG}/order/ends`,
    summary: '装卸两端的单据与净重（途损）',
    query: z.object({ id }),
    answer: orderEndsAnswer,
    permission: { code: LG_PERMISSIONS.order, action: 'view' },
    provides: ['Logistics'],
  }),
  linkEnd: endpoint({
    method: 'POST',
    path: `${LG}/order/link-end`,
    summary: '关联装货/卸货单据（出库单、入库单、过磅单）或登记客户签收重量',
    body: z
      .object({
        id,
        end: z.enum(['load', 'unload'], { message: '请选择装货或卸货' }),
        docNo: opt('单据号', 32),
        receiptKg: decimal('签收净重(kg)', 3, '1000000').optional().nullable(),
      })
      .refine((v) => !!v.docNo?.trim() || !!v.receiptKg, { message: '请输入单据号或签收净重' })
      .refine((v) => v.end === 'unload' || !v.receiptKg, { message: '装货端请关联出库单或过磅单' }),
    answer: orderEndsAnswer,
    permission: edit,
    invalidates: ['Resource', 'Logistics'],
  }),
  dispatch: endpoint({
    method: 'POST',
    path: `${LG}/order/dispatch`,
    summary: '派车',
    body: z.object({ id, carId: refReq('车辆'), driverId: refReq('司机') }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
  start: endpoint({
    method: 'POST',
    path: `${LG}/order/start`,
    summary: '发车',
    body: z.object({ id }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
  deliver: endpoint({
    method: 'POST',
    path: `${LG}/order/deliver`,
    summary: '送达（实际重量）',
    body: z.object({ id, deliveredWeightT: decimal('实际重量(吨)', 3, '200') }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
  sign: endpoint({
    method: 'POST',
    path: `${LG}/order/sign`,
    summary: '签收（运费成为应付承运商款）',
    body: z.object({ id }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
  unsign: endpoint({
    method: 'POST',
    path: `${LG}/order/unsign`,
    summary: '撤销签收（作废运费应付单）',
    body: z.object({ id, reason: req('撤销原因', 255) }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${LG}/order/cancel`,
    summary: '取消',
    body: z.object({ id, reason: req('取消原因', 255) }),
    answer: orderStateAnswer,
    permission: edit,
    invalidates: CHANGES,
  }),
};
