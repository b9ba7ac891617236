/**
 * 直发 (drop shipping): a purchase from a supplier and a sale to a customer on one truck that never enters the
 * yard's stock; 直发凭证 (evidence): the documents and photos that prove it (contract, weigh tickets at both
 * ends, delivery receipt, photos).
 *
 * Constraints: purchaseAmount = purchaseQty × purchasePrice and saleAmount = saleQty × salePrice (half-up to the
 * fen, per the price unit), grossProfit = saleAmount − purchaseAmount, all server-computed; supplier ≠ customer;
 * life cycle draft → submitted → reviewed → voided (lifecyclePaths) with NO stock movement at any step.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { dropEvidenceRow, dropShippingRow } from '../generated/stock.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import {
  CUSTOMER_SELECT,
  DOC_STATES,
  dateStr,
  MATERIAL_SELECT,
  oneOf,
  opt,
  PRICE_UNIT_OPTIONS,
  qtyKg,
  ref,
  refReq,
  SUPPLIER_SELECT,
  unitPrice,
} from './fields.ts';

export const dropShippingEntity = dropShippingRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  supplierName: joinedName,
  customerName: joinedName,
  materialName: joinedName,
  reviewerName: joinedName,
});

export const dropShippingForm = z.object({
  orderDate: dateStr('单据日期'),
  supplierId: refReq('供应商'),
  customerId: refReq('客户'),
  materialId: refReq('物料'),
  carNumber: opt('车牌号', 16),
  /** Default: the material's price unit. */
  priceUnit: oneOf('计价单位', ['yuan_per_tonne', 'yuan_per_kg']).optional(),
  purchaseQty: qtyKg('采购数量'),
  purchasePrice: unitPrice('采购单价'),
  saleQty: qtyKg('销售数量'),
  salePrice: unitPrice('销售单价'),
  sourceWeighingId: ref('磅单'),
  evidenceFiles: z.string().max(4000, '凭证文件过多').default(''),
  remark: opt('备注', 255),
});

export const dropShippingQuery = z.object({
  orderNo: z.string().optional(),
  supplierId: z.string().optional(),
  customerId: z.string().optional(),
  materialId: z.string().optional(),
  carNumber: z.string().optional(),
  state: z.string().optional(),
  orderDateBegin: z.string().optional(),
  orderDateEnd: z.string().optional(),
});

/** The wire of 直发单; its screen layout is features/layouts/drop-shipping.resource.ts (supply chain and business). */
export const dropShippingResource = defineResource({
  name: 'drop-shipping',
  title: '直发单',
  service: 'izs-stock',
  path: '/api/izs-stock/drop-shipping',
  permission: 'supply_chain_drop_shipping',
  schemas: { entity: dropShippingEntity, form: dropShippingForm, query: dropShippingQuery },
  scope: 'dept',
  labelField: 'orderNo',
  sortable: ['orderNo', 'orderDate', 'purchaseAmount', 'saleAmount', 'grossProfit', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'orderNo', label: '单据编号', kind: 'code', width: 170 },
    { field: 'orderDate', label: '单据日期', kind: 'date', width: 110 },
    { field: 'supplierId', label: '供应商', kind: 'select', labelField: 'supplierName', width: 160 },
    { field: 'customerId', label: '客户', kind: 'select', labelField: 'customerName', width: 160 },
    { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', width: 120 },
    { field: 'carNumber', label: '车牌号', kind: 'text', width: 100 },
    { field: 'purchaseQty', label: '采购数量(kg)', kind: 'weight', decimals: 3 },
    { field: 'purchasePrice', label: '采购单价', kind: 'money', decimals: 2 },
    { field: 'purchaseAmount', label: '采购金额', kind: 'money', decimals: 2 },
    { field: 'saleQty', label: '销售数量(kg)', kind: 'weight', decimals: 3 },
    { field: 'salePrice', label: '销售单价', kind: 'money', decimals: 2 },
    { field: 'saleAmount', label: '销售金额', kind: 'money', decimals: 2 },
    { field: 'grossProfit', label: '毛利', kind: 'money', decimals: 2 },
    { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNIT_OPTIONS } },
    { field: 'state', label: '单据状态', kind: 'select', options: { options: DOC_STATES }, width: 90 },
    { field: 'evidenceFiles', label: '凭证', kind: 'file' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'orderNo', label: '单据编号', kind: 'text' },
    { field: 'supplierId', label: '供应商', kind: 'select' },
    { field: 'customerId', label: '客户', kind: 'select' },
    { field: 'materialId', label: '物料', kind: 'select' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
    { field: 'state', label: '单据状态', kind: 'select' },
    { field: 'orderDateBegin', label: '单据日期', kind: 'date-range', range: ['orderDateBegin', 'orderDateEnd'] },
  ],
  form: [
    { field: 'orderDate', label: '单据日期', kind: 'date' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
    { field: 'supplierId', label: '供应商', kind: 'select', required: true, options: SUPPLIER_SELECT },
    { field: 'customerId', label: '客户', kind: 'select', required: true, options: CUSTOMER_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', required: true, options: MATERIAL_SELECT },
    { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNIT_OPTIONS } },
    { field: 'purchaseQty', label: '采购数量(kg)', kind: 'weight', decimals: 3, required: true },
    { field: 'purchasePrice', label: '采购单价', kind: 'money', decimals: 2 },
    { field: 'saleQty', label: '销售数量(kg)', kind: 'weight', decimals: 3, required: true },
    { field: 'salePrice', label: '销售单价', kind: 'money', decimals: 2 },
    { field: 'evidenceFiles', label: '凭证文件', kind: 'file' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** The drop shipments as options (直发凭证's form and search). */
export const DROP_SHIPPING_SELECT = {
  endpoint: '/api/izs-stock/drop-shipping/select-list',
  labelKey: 'orderNo',
  valueKey: 'id',
};

export const EVIDENCE_TYPES = [
  { label: '合同', value: 'contract' },
  { label: '磅单', value: 'weigh' },
  { label: '签收单', value: 'receipt' },
  { label: '发票', value: 'invoice' },
  { label: '照片', value: 'photo' },
  { label: '其他', value: 'other' },
];

export const dropEvidenceEntity = dropEvidenceRow
  .omit(ENGINE_HIDDEN)
  .extend({ deptName: joinedName, dropOrderNo: joinedName });

export const dropEvidenceForm = z.object({
  dropId: refReq('直发单'),
  evidenceType: oneOf('凭证类型', ['contract', 'weigh', 'receipt', 'invoice', 'photo', 'other']),
  title: opt('凭证名称', 100),
  files: z.string({ error: '请上传凭证文件' }).trim().min(1, '请上传凭证文件').max(4000, '凭证文件过多'),
  remark: opt('备注', 255),
});

export const dropEvidenceQuery = z.object({
  dropId: z.string().optional(),
  evidenceType: z.string().optional(),
  title: z.string().optional(),
});

/** The wire of 直发凭证; its screen layout is screens/supply-chain/drop/evidence.resource.ts. */
export const dropEvidenceResource = defineResource({
  name: 'drop-evidence',
  title: '直发凭证',
  service: 'izs-stock',
  path: '/api/izs-stock/drop-evidence',
  permission: 'supply_chain_drop_evidence',
  schemas: { entity: dropEvidenceEntity, form: dropEvidenceForm, query: dropEvidenceQuery },
  scope: 'dept',
  labelField: 'title',
  sortable: ['createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'dropId', label: '直发单', kind: 'select', labelField: 'dropOrderNo', width: 170 },
    { field: 'evidenceType', label: '凭证类型', kind: 'select', options: { options: EVIDENCE_TYPES }, width: 100 },
    { field: 'title', label: '凭证名称', kind: 'text', width: 180 },
    { field: 'files', label: '文件', kind: 'image' },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '上传时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'dropId', label: '直发单', kind: 'select' },
    { field: 'evidenceType', label: '凭证类型', kind: 'select' },
    { field: 'title', label: '凭证名称', kind: 'text' },
  ],
  form: [
    { field: 'dropId', label: '直发单', kind: 'select', required: true, options: DROP_SHIPPING_SELECT },
    { field: 'evidenceType', label: '凭证类型', kind: 'select', required: true, options: { options: EVIDENCE_TYPES } },
    { field: 'title', label: '凭证名称', kind: 'text' },
    { field: 'files', label: '文件', kind: 'image', required: true },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
