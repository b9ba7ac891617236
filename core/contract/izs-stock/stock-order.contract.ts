/**
 * Stock documents (DESIGN §5 Documents, Stock): 采购入库 in-stock, 销售出库 out-stock, 采购退货 purchase return,
 * 销售退货 sale return, 组装 assembly, 拆解分拣 disassembly, 转换 conversion — one table, one life cycle:
 *
 *   draft ──submit-review──▶ submitted ──review──▶ reviewed ──void──▶ voided
 *     │  (edit, remove)          │                     (stock effects        (effects reversed by new
 *     └────────void──────────────┴──▶ voided            applied)               negative movements)
 *
 * Constraints:
 * - lines: material, warehouse (default: the header's), qty in kg > 0, unit price per the material's price unit;
 *   amount = qty × price half-up to the fen (server-computed); a bad line refuses the whole document, naming it;
 * - only a draft may be edited or removed (soft delete); nothing is deleted once reviewed;
 * - review applies, in ONE transaction with each stock row locked (FOR UPDATE):
 *   in-stock → receipt at the line amount; out-stock → issue at the moving average (cost booked on the line);
 *   purchase return → reverse at the return amount; sale return → receipt at the original issue's cost share
 *   (or the current average when no source line is given); assembly / disassembly / conversion → issue the
 *   inputs (direction out) at average cost, allocate their total to the outputs (direction in) by weight or ratio;
 * - negative stock is refused (库存不足…) unless the business config of the document's department (or its
 *   nearest ancestor with a config) allows it;
 * - 反审核 (unreview) is not offered: a reviewed document is voided, which writes reversing movements at the
 *   booked amounts (a void that would drive stock negative is refused the same way).
 */
import { z } from 'zod';
import { DEPT_TREE, entityBase } from '../izs-base/fields.ts';
import { type ColumnDef, type DetailCardDef, defineResource, type FormFieldDef, type SearchDef } from '../resource.ts';
import {
  ALLOC_METHODS,
  CUSTOMER_SELECT,
  DOC_STATES,
  dateStr,
  decimal,
  lifecycleEntity,
  linesOf,
  MATERIAL_SELECT,
  oneOf,
  opt,
  PARTY_SELECT,
  qtyKg,
  ref,
  refReq,
  SUPPLIER_SELECT,
  unitPrice,
  WAREHOUSE_SELECT,
} from './fields.ts';

export const STOCK_DOC_TYPES = [
  { label: '采购入库', value: 'in_stock' },
  { label: '销售出库', value: 'out_stock' },
  { label: '采购退货', value: 'purchase_return' },
  { label: '销售退货', value: 'sale_return' },
  { label: '组装单', value: 'assembly' },
  { label: '拆解分拣单', value: 'disassembly' },
  { label: '转换记录', value: 'conversion' },
] as const;
export type StockDocType = (typeof STOCK_DOC_TYPES)[number]['value'];

export const BIZ_TYPES = [
  { label: '采购', value: 'purchase' },
  { label: '销售', value: 'sale' },
  { label: '调拨', value: 'transfer' },
  { label: '其他', value: 'other' },
];

export const DIRECTIONS = [
  { label: '入库(产出)', value: 'in' },
  { label: '出库(投入)', value: 'out' },
];

export const stockLineEntity = z.object({
  id: z.string(),
  orderId: z.string(),
  lineNo: z.number(),
  direction: z.enum(['in', 'out']),
  materialId: z.string(),
  materialCode: z.string().nullable().optional(),
  materialName: z.string().nullable().optional(),
  warehouseId: z.string(),
  warehouseName: z.string().nullable().optional(),
  qty: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  /** Booked at review; null before. */
  costAmount: z.string().nullable(),
  ratio: z.string().nullable(),
  sourceLineId: z.string().nullable(),
  remark: z.string(),
});
export type StockLine = z.infer<typeof stockLineEntity>;

export const stockOrderEntity = z.object({
  ...entityBase,
  orderNo: z.string(),
  docType: z.string(),
  bizType: z.string(),
  partyId: z.string().nullable(),
  partyName: z.string().nullable().optional(),
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable().optional(),
  orderDate: z.string(),
  carNumber: z.string(),
  sourceWeighingId: z.string().nullable(),
  sourceWeighingNo: z.string().nullable().optional(),
  sourceOrderId: z.string().nullable(),
  sourceOrderNo: z.string().nullable().optional(),
  /** Trading contract executed (issue 12). */
  contractId: z.string().nullable().optional(),
  contractNo: z.string().nullable().optional(),
  sourceDocId: z.string().nullable(),
  sourceDocNo: z.string().nullable().optional(),
  allocMethod: z.string(),
  totalQty: z.string(),
  totalAmount: z.string(),
  totalCost: z.string().nullable(),
  ...lifecycleEntity,
  remark: z.string(),
  createUser: z.string().nullable().optional(),
  createUserName: z.string().nullable().optional(),
  /** detail only */
  lines: z.array(stockLineEntity).optional(),
});
export type StockOrder = z.infer<typeof stockOrderEntity>;

/** One line of a document body. `direction` is fixed by the document type except for production documents. */
export const stockLineForm = z.object({
  direction: z.enum(['in', 'out'], { error: '请选择方向(投入或产出)' }).optional(),
  materialId: refReq('物料'),
  /** Default: the header's warehouse. */
  warehouseId: ref('仓库'),
  qty: qtyKg('数量'),
  unitPrice: unitPrice(),
  /** Production by ratio: the output's ratio (> 0). */
  ratio: decimal('分摊比例', 4, '99999999').optional(),
  /** Returns: the returned line of the source document. */
  sourceLineId: ref('原单明细'),
  remark: opt('备注', 255),
});
export type StockLineForm = z.input<typeof stockLineForm>;

const header = {
  warehouseId: refReq('仓库'),
  orderDate: dateStr('单据日期'),
  carNumber: opt('车牌号', 16),
  remark: opt('备注', 255),
  lines: linesOf(stockLineForm),
};

export const inStockForm = z.object({
  ...header,
  bizType: oneOf('业务类型', ['purchase', 'transfer', 'other'], 'purchase'),
  /** Required when bizType is purchase. */
  partyId: ref('供应商'),
  sourceOrderId: ref('采购订单'),
  contractId: ref('贸易合同'),
});
export const outStockForm = z.object({
  ...header,
  bizType: oneOf('业务类型', ['sale', 'transfer', 'other'], 'sale'),
  /** Required when bizType is sale. */
  partyId: ref('客户'),
  sourceOrderId: ref('销售订单'),
  contractId: ref('贸易合同'),
});
export const purchaseReturnForm = z.object({
  ...header,
  partyId: refReq('供应商'),
  sourceDocId: ref('原入库单'),
});
export const saleReturnForm = z.object({
  ...header,
  partyId: refReq('客户'),
  sourceDocId: ref('原出库单'),
});
/** Assembly / disassembly / conversion: lines with direction out (inputs) and in (outputs). */
export const productionForm = z.object({
  ...header,
  allocMethod: oneOf('分摊方式', ['weight', 'ratio'], 'weight'),
});

export const stockOrderQuery = z.object({
  orderNo: z.string().optional(),
  docType: z.string().optional(),
  bizType: z.string().optional(),
  partyId: z.string().optional(),
  warehouseId: z.string().optional(),
  /** Documents with a line of this material. */
  materialId: z.string().optional(),
  state: z.string().optional(),
  carNumber: z.string().optional(),
  sourceWeighingId: z.string().optional(),
  orderDateBegin: z.string().optional(),
  orderDateEnd: z.string().optional(),
});

type Entity = z.infer<typeof stockOrderEntity>;
/** 执行中 trading contracts of the document's side and of the party chosen in the form ({partyId}). */
const contractSelect = (side: 'purchase' | 'sale') => ({
  endpoint: `/api/izs-sell/trading-contract/select-list?state=executing&side=${side}&partyId={partyId}`,
  labelKey: 'contractNo',
  valueKey: 'id',
});
type Query = z.infer<typeof stockOrderQuery>;

interface Kind {
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
    { field: 'orderNo', label: '单据编号', kind: 'code', width: 170, sortable: true },
    { field: 'orderDate', label: '单据日期', kind: 'date', width: 110, sortable: true },
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
    { field: 'totalQty', label: '数量(kg)', kind: 'weight', decimals: 3, sortable: true },
  );
  if (!k.production) out.push({ field: 'totalAmount', label: '金额', kind: 'money', decimals: 2, sortable: true });
  out.push(
    { field: 'totalCost', label: '成本金额', kind: 'money', decimals: 2 },
    { field: 'state', label: '单据状态', kind: 'select', options: { options: DOC_STATES }, width: 90 },
    { field: 'reviewerName', label: '审核人', kind: 'text', width: 90 },
    { field: 'reviewTime', label: '审核时间', kind: 'datetime', width: 170, sortable: true },
    { field: 'submitTime', label: '提交时间', kind: 'datetime', hideInTable: true },
    { field: 'reviewRemark', label: '审核意见', kind: 'text', hideInTable: true },
    { field: 'voidTime', label: '作废时间', kind: 'datetime', hideInTable: true },
    { field: 'voidReason', label: '作废原因', kind: 'text', hideInTable: true },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE, hideInTable: true },
    { field: 'remark', label: '备注', kind: 'text', hideInTable: true },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170, sortable: true },
  );
  return out;
}

function search(k: Kind): SearchDef<Query>[] {
  const out: SearchDef<Query>[] = [{ field: 'orderNo', label: '单据编号', kind: 'text' }];
  if (k.all) {
    out.push({ field: 'docType', label: '单据类型', kind: 'select', options: { options: [...STOCK_DOC_TYPES] } });
  }
  if (k.partyLabel && k.partySelect) {
    out.push({ field: 'partyId', label: k.partyLabel, kind: 'select', options: k.partySelect });
  }
  out.push(
    { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
    { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
    { field: 'state', label: '单据状态', kind: 'select', options: { options: DOC_STATES } },
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
  out.push({ field: 'remark', label: '备注', kind: 'textarea', span: 2 });
  return out;
}

/** Columns of the lines table (detail card and the line editor). */
export const STOCK_LINE_COLUMNS: ColumnDef<Record<string, unknown>>[] = [
  { field: 'lineNo', label: '行号', kind: 'number', width: 60 },
  { field: 'direction', label: '方向', kind: 'select', options: { options: DIRECTIONS }, width: 100 },
  { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', options: MATERIAL_SELECT },
  { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName', options: WAREHOUSE_SELECT },
  { field: 'qty', label: '数量(kg)', kind: 'weight', decimals: 3 },
  { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2 },
  { field: 'amount', label: '金额', kind: 'money', decimals: 2 },
  { field: 'ratio', label: '分摊比例', kind: 'qty', decimals: 4 },
  { field: 'costAmount', label: '成本金额', kind: 'money', decimals: 2 },
  { field: 'remark', label: '备注', kind: 'text' },
];

function detail(k: Kind): DetailCardDef<Entity>[] {
  const base: (keyof Entity & string)[] = ['orderNo', 'orderDate', 'warehouseId', 'carNumber', 'state'];
  if (k.partyLabel) base.splice(2, 0, 'partyId');
  return [
    { kind: 'grid', title: '单据信息', fields: [...base, 'totalQty', 'totalAmount', 'totalCost', 'remark'] },
    { kind: 'table', title: '明细', field: 'lines', columns: STOCK_LINE_COLUMNS },
    {
      kind: 'grid',
      title: '审核信息',
      fields: ['createTime', 'submitTime', 'reviewerName', 'reviewTime', 'reviewRemark', 'voidTime', 'voidReason'],
    },
    { kind: 'chain', title: '上链信息', orderType: k.docType, orderNoField: 'orderNo' },
  ];
}

function stockOrderResource<F extends z.ZodObject>(k: Kind, form: F) {
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
    detail: detail(k),
    labelField: 'orderNo',
  });
}

const P = '/api/izs-stock';

export const inStockResource = stockOrderResource(
  {
    name: 'in-stock',
    title: '入库单',
    path: `${P}/in-stock`,
    permission: 'supply_chain_purchase_in_stock',
    docType: 'in_stock',
    partyLabel: '供应商',
    partySelect: SUPPLIER_SELECT,
  },
  inStockForm,
);
export const outStockResource = stockOrderResource(
  {
    name: 'out-stock',
    title: '出库单',
    path: `${P}/out-stock`,
    permission: 'supply_chain_sale_out_stock',
    docType: 'out_stock',
    partyLabel: '客户',
    partySelect: CUSTOMER_SELECT,
  },
  outStockForm,
);
export const purchaseReturnResource = stockOrderResource(
  {
    name: 'purchase-return',
    title: '采购退货单',
    path: `${P}/purchase-return`,
    permission: 'supply_chain_purchase_material_return',
    docType: 'purchase_return',
    partyLabel: '供应商',
    partySelect: SUPPLIER_SELECT,
  },
  purchaseReturnForm,
);
export const saleReturnResource = stockOrderResource(
  {
    name: 'sale-return',
    title: '销售退货单',
    path: `${P}/sale-return`,
    permission: 'supply_chain_sale_material_return',
    docType: 'sale_return',
    partyLabel: '客户',
    partySelect: CUSTOMER_SELECT,
  },
  saleReturnForm,
);
export const assemblyResource = stockOrderResource(
  {
    name: 'assembly-order',
    title: '组装单',
    path: `${P}/assembly-order`,
    permission: 'supply_chain_stock_assembly_order',
    docType: 'assembly',
    production: true,
  },
  productionForm,
);
export const disassemblyResource = stockOrderResource(
  {
    name: 'disassembly-order',
    title: '拆解分拣单',
    path: `${P}/disassembly-order`,
    permission: 'supply_chain_stock_disassembly_order',
    docType: 'disassembly',
    production: true,
  },
  productionForm,
);
export const conversionResource = stockOrderResource(
  {
    name: 'conver-record',
    title: '转换单',
    path: `${P}/conver-record`,
    permission: 'supply_chain_stock_conver_record',
    docType: 'conversion',
    production: true,
  },
  productionForm,
);

/** Every stock document of the user's scope, any type (全部入库单 and the business views): read only. */
export const stockOrderAllResource = stockOrderResource(
  {
    name: 'stock-order',
    title: '单据',
    path: `${P}/stock-order`,
    permission: 'supply_chain_purchase_in_stock_all',
    docType: 'in_stock',
    partyLabel: '往来单位',
    partySelect: PARTY_SELECT,
    all: true,
  },
  inStockForm,
);

/** Resource per document type (the server registers one engine resource each). */
export const STOCK_DOC_RESOURCES = {
  in_stock: inStockResource,
  out_stock: outStockResource,
  purchase_return: purchaseReturnResource,
  sale_return: saleReturnResource,
  assembly: assemblyResource,
  disassembly: disassemblyResource,
  conversion: conversionResource,
} as const;
