/**
 * The fields of a stock document per kind (split from stock-order.contract.ts): list columns, search fields and form
 * fields with their labels and kinds, and `stockOrderResource`, which builds one engine resource from them. How the
 * screens lay them out (sortable and hidden columns, search options, boxes, detail cards) is
 * features/layouts/stock-order.resource.ts (`stockOrderLayout(kind)`).
 */

import type { z } from 'zod';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { type ColumnDef, defineResource, type FormFieldDef, type SearchDef } from '../resource.ts';
import { ALLOC_METHODS, DOC_STATES, MATERIAL_SELECT, type SUPPLIER_SELECT, WAREHOUSE_SELECT } from './fields.ts';
import {
  BIZ_TYPES,
  DIRECTIONS,
  STOCK_DOC_TYPES,
  type StockDocType,
  stockOrderEntity,
  stockOrderQuery,
} from './stock-order-schemas.ts';

type Entity = z.infer<typeof stockOrderEntity>;
/** 执行中 trading contracts of the document's side and of the party chosen in the form ({partyId}). */
const contractSelect = (side: 'purchase' | 'sale') => ({
  endpoint: `/api/izs-sell/trading-contract/select-list?state=executing&side=${side}&partyId={partyId}`,
  labelKey: 'contractNo',
  valueKey: 'id',
});
type Query = z.infer<typeof stockOrderQuery>;

export interface Kind {
  name: string;
  title: string;
  path: string;
  permission: string;
  docType: StockDocType;
  partyLabel?: string;
  partySelect?: typeof SUPPLIER_SELECT;
  production?: boolean;
  /** Every document type (read-only list). */
  all?: boolean;
}

function columns(k: Kind): ColumnDef<Entity>[] {
  const out: ColumnDef<Entity>[] = [
    { field: 'orderNo', label: '单据编号', kind: 'code', width: 170 },
    { field: 'orderDate', label: '单据日期', kind: 'date', width: 110 },
  ];
  if (k.all) {
    out.push({ field: 'docType', label: '单据类型', kind: 'select', options: { options: [...STOCK_DOC_TYPES] } });
  }
  if (k.partyLabel) {
    out.push({ field: 'partyId', label: k.partyLabel, kind: 'select', labelField: 'partyName', width: 180 });
  }
  out.push(
    { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName', width: 140 },
    { field: 'carNumber', label: '车牌号', kind: 'text', width: 100 },
    { field: 'totalQty', label: '数量(kg)', kind: 'weight', decimals: 3 },
  );
  if (!k.production) {
    out.push(
      { field: 'totalAmount', label: '金额', kind: 'money', decimals: 2 },
      // issue 21: the stored figures every consumer reads
      { field: 'netAmount', label: '不含税金额', kind: 'money', decimals: 2 },
      { field: 'taxAmount', label: '税额', kind: 'money', decimals: 2 },
      { field: 'grossAmount', label: '价税合计', kind: 'money', decimals: 2 },
    );
  }
  out.push(
    { field: 'totalCost', label: '成本金额', kind: 'money', decimals: 2 },
    { field: 'state', label: '单据状态', kind: 'select', options: { options: DOC_STATES }, width: 90 },
    { field: 'reviewerName', label: '审核人', kind: 'text', width: 90 },
    { field: 'reviewTime', label: '审核时间', kind: 'datetime', width: 170 },
    { field: 'submitTime', label: '提交时间', kind: 'datetime' },
    { field: 'reviewRemark', label: '审核意见', kind: 'text' },
    { field: 'voidTime', label: '作废时间', kind: 'datetime' },
    { field: 'voidReason', label: '作废原因', kind: 'text' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  );
  return out;
}

function search(k: Kind): SearchDef<Query>[] {
  const out: SearchDef<Query>[] = [{ field: 'orderNo', label: '单据编号', kind: 'text' }];
  if (k.all) out.push({ field: 'docType', label: '单据类型', kind: 'select' });
  if (k.partyLabel && k.partySelect) out.push({ field: 'partyId', label: k.partyLabel, kind: 'select' });
  out.push(
    { field: 'materialId', label: '物料', kind: 'select' },
    { field: 'warehouseId', label: '仓库', kind: 'select' },
    { field: 'state', label: '单据状态', kind: 'select' },
    {
      field: 'orderDateBegin',
      label: '单据日期',
      kind: 'date-range',
      range: ['orderDateBegin', 'orderDateEnd'],
    },
  );
  return out;
}

function formFields(k: Kind): FormFieldDef<Record<string, unknown>>[] {
  const out: FormFieldDef<Record<string, unknown>>[] = [];
  if (k.docType === 'in_stock' || k.docType === 'out_stock') {
    out.push({
      field: 'bizType',
      label: '业务类型',
      kind: 'select',
      required: true,
      options: {
        options: BIZ_TYPES.filter((b) => b.value !== (k.docType === 'in_stock' ? 'sale' : 'purchase')),
      },
    });
  }
  if (k.partyLabel && k.partySelect) {
    out.push({
      field: 'partyId',
      label: k.partyLabel,
      kind: 'select',
      required: k.docType === 'purchase_return' || k.docType === 'sale_return',
      options: k.partySelect,
    });
  }
  if (k.docType === 'in_stock' || k.docType === 'out_stock') {
    // issue 12: the trading contract this document executes (执行中 contracts of the party)
    out.push({
      field: 'contractId',
      label: '贸易合同',
      kind: 'select',
      options: contractSelect(k.docType === 'in_stock' ? 'purchase' : 'sale'),
    });
  }
  out.push(
    { field: 'warehouseId', label: '仓库', kind: 'select', required: true, options: WAREHOUSE_SELECT },
    { field: 'orderDate', label: '单据日期', kind: 'date' },
    { field: 'carNumber', label: '车牌号', kind: 'text' },
  );
  if (k.production) {
    out.push({
      field: 'allocMethod',
      label: '分摊方式',
      kind: 'select',
      required: true,
      options: { options: ALLOC_METHODS },
    });
  }
  out.push({ field: 'remark', label: '备注', kind: 'textarea' });
  return out;
}

/** Issue 21: 1 = the line's unit price is 含税. */
const PRICE_BASES = [
  { label: '含税', value: 1 },
  { label: '不含税', value: 0 },
];

/** Columns of the lines table (detail card and the line editor). */
export const STOCK_LINE_COLUMNS: ColumnDef<Record<string, unknown>>[] = [
  { field: 'lineNo', label: '行号', kind: 'number', width: 60 },
  { field: 'direction', label: '方向', kind: 'select', options: { options: DIRECTIONS }, width: 100 },
  { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', options: MATERIAL_SELECT },
  { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName', options: WAREHOUSE_SELECT },
  { field: 'qty', label: '数量(kg)', kind: 'weight', decimals: 3 },
  { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2 },
  { field: 'amount', label: '金额', kind: 'money', decimals: 2 },
  { field: 'taxRate', label: '税率(%)', kind: 'rate', decimals: 2 },
  { field: 'priceIncludesTax', label: '单价含税', kind: 'select', options: { options: PRICE_BASES } },
  { field: 'netAmount', label: '不含税金额', kind: 'money', decimals: 2 },
  { field: 'taxAmount', label: '税额', kind: 'money', decimals: 2 },
  { field: 'grossAmount', label: '价税合计', kind: 'money', decimals: 2 },
  { field: 'ratio', label: '分摊比例', kind: 'qty', decimals: 4 },
  { field: 'costAmount', label: '成本金额', kind: 'money', decimals: 2 },
  { field: 'remark', label: '备注', kind: 'text' },
];

export function stockOrderResource<F extends z.ZodObject>(k: Kind, form: F) {
  return defineResource({
    name: k.name,
    title: k.title,
    service: 'izs-stock',
    path: k.path,
    permission: k.permission,
    schemas: { entity: stockOrderEntity, form, query: stockOrderQuery },
    scope: 'dept',
    sortable: ['orderNo', 'orderDate', 'totalQty', 'totalAmount', 'createTime', 'reviewTime'],
    defaultSort: { field: 'createTime', desc: true },
    columns: columns(k),
    search: search(k),
    form: formFields(k) as FormFieldDef<z.infer<F>>[],
    labelField: 'orderNo',
  });
}
