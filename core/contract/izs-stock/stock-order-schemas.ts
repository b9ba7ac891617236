/**
 * Stock document schemas (split from stock-order.contract.ts, which re-exports them and says the life cycle):
 * document types and options, the entity with its lines, the forms per document kind, the list query.
 */

import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { stockOrderLineRow, stockOrderRow } from '../generated/stock.ts';
import { dateStr, decimal, linesOf, oneOf, opt, qtyKg, ref, refReq, unitPrice } from './fields.ts';

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

export const stockLineEntity = stockOrderLineRow.omit({ tenantId: true }).extend({
  direction: z.enum(['in', 'out']),
  materialCode: joinedName,
  materialName: joinedName,
  warehouseName: joinedName,
});
export type StockLine = z.infer<typeof stockLineEntity>;

/** The row (issue 21's 不含税金额 / 税额 / 价税合计 are the Σ of its lines') with the names it refers to. */
export const stockOrderEntity = stockOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  warehouseName: joinedName,
  sourceWeighingNo: joinedName,
  sourceOrderNo: joinedName,
  /** Trading contract executed (issue 12). */
  contractNo: joinedName,
  sourceDocNo: joinedName,
  reviewerName: joinedName,
  createUserName: joinedName,
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
  /**
   * Issue 21: VAT rate in percent (13, 9, 3, 1, 0) and whether the unit price is 含税 (1) or 不含税 (0). Absent:
   * a return's source line, else the department book's voucher template for the kind, else 业务参数 (不含税).
   * A purchase from a party without a taxpayer id (a natural person) is always 0 % — the seller is paid the price.
   */
  taxRate: decimal('税率', 2, '100').optional(),
  priceIncludesTax: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '单价含税格式不正确' })
    .transform((v) => Number(v) as 0 | 1)
    .optional(),
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
