/**
 * 采购订单 / 销售订单 (purchase and sale orders): contract-like orders with a counterparty and material lines
 * (planned qty in kg, price, amount). No stock effect; in-stock / out-stock orders and weighings refer to them
 * (sourceOrderId) and the detail answers the quantity delivered so far per material (reviewed documents).
 *
 * Constraints: life cycle draft → submitted → reviewed → voided (lifecyclePaths); only drafts are edited or
 * removed; amount = qty × price half-up to the fen per line, totals = Σ lines.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { tradeOrderLineRow, tradeOrderRow } from '../generated/stock.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { defineResource, type FormFieldDef } from '../resource.ts';
import {
  CUSTOMER_SELECT,
  DOC_STATES,
  dateStr,
  linesOf,
  opt,
  qtyKg,
  refReq,
  SUPPLIER_SELECT,
  unitPrice,
} from './fields.ts';

export const tradeLineEntity = tradeOrderLineRow.omit({ tenantId: true, orderId: true }).extend({
  materialName: joinedName,
  /** Σ qty of reviewed in-stock (purchase) / out-stock (sale) lines of this material against the order. */
  doneQty: z.string().optional(),
});

export const tradeOrderEntity = tradeOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  reviewerName: joinedName,
  lines: z.array(tradeLineEntity).optional(),
});

export const tradeLineForm = z.object({
  materialId: refReq('物料'),
  qty: qtyKg('计划数量'),
  unitPrice: unitPrice(),
  remark: opt('备注', 255),
});

const form = (partyLabel: string) =>
  z.object({
    partyId: refReq(partyLabel),
    contractNo: opt('合同编号', 64),
    orderDate: dateStr('订单日期'),
    deliveryDate: dateStr('交货日期'),
    remark: opt('备注', 255),
    lines: linesOf(tradeLineForm),
  });
export const purchaseOrderForm = form('供应商');
export const saleOrderForm = form('客户');

export const tradeOrderQuery = z.object({
  orderNo: z.string().optional(),
  partyId: z.string().optional(),
  contractNo: z.string().optional(),
  state: z.string().optional(),
  orderDateBegin: z.string().optional(),
  orderDateEnd: z.string().optional(),
});

function tradeResource(o: {
  name: string;
  title: string;
  path: string;
  permission: string;
  partyLabel: string;
  partySelect: typeof SUPPLIER_SELECT;
  form: typeof purchaseOrderForm;
}) {
  const fields: FormFieldDef<z.infer<typeof purchaseOrderForm>>[] = [
    { field: 'partyId', label: o.partyLabel, kind: 'select', required: true, options: o.partySelect },
    { field: 'contractNo', label: '合同编号', kind: 'code' },
    { field: 'orderDate', label: '订单日期', kind: 'date' },
    { field: 'deliveryDate', label: '交货日期', kind: 'date' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ];
  return defineResource({
    name: o.name,
    title: o.title,
    service: 'izs-stock',
    path: o.path,
    permission: o.permission,
    schemas: { entity: tradeOrderEntity, form: o.form, query: tradeOrderQuery },
    scope: 'dept',
    labelField: 'orderNo',
    sortable: ['orderNo', 'orderDate', 'totalAmount', 'createTime'],
    defaultSort: { field: 'createTime', desc: true },
    columns: [
      { field: 'orderNo', label: '订单编号', kind: 'code', width: 170 },
      { field: 'partyId', label: o.partyLabel, kind: 'select', labelField: 'partyName', width: 180 },
      { field: 'contractNo', label: '合同编号', kind: 'code', width: 140 },
      { field: 'orderDate', label: '订单日期', kind: 'date', width: 110 },
      { field: 'deliveryDate', label: '交货日期', kind: 'date', width: 110 },
      { field: 'totalQty', label: '计划数量(kg)', kind: 'weight', decimals: 3 },
      { field: 'totalAmount', label: '订单金额', kind: 'money', decimals: 2 },
      { field: 'state', label: '订单状态', kind: 'select', options: { options: DOC_STATES }, width: 90 },
      { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
      { field: 'remark', label: '备注', kind: 'text' },
      { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
    ],
    search: [
      { field: 'orderNo', label: '订单编号', kind: 'text' },
      { field: 'partyId', label: o.partyLabel, kind: 'select' },
      { field: 'contractNo', label: '合同编号', kind: 'text' },
      { field: 'state', label: '订单状态', kind: 'select' },
      { field: 'orderDateBegin', label: '订单日期', kind: 'date-range', range: ['orderDateBegin', 'orderDateEnd'] },
    ],
    form: fields,
  });
}

export const purchaseOrderResource = tradeResource({
  name: 'purchase-order',
  title: '采购订单',
  path: '/api/izs-stock/purchase-order',
  permission: 'supply_chain_purchase_purchase_order',
  partyLabel: '供应商',
  partySelect: SUPPLIER_SELECT,
  form: purchaseOrderForm,
});

export const saleOrderResource = tradeResource({
  name: 'sale-order',
  title: '销售订单',
  path: '/api/izs-stock/sale-order',
  permission: 'supply_chain_sale_sale_order',
  partyLabel: '客户',
  partySelect: CUSTOMER_SELECT,
  form: saleOrderForm,
});
