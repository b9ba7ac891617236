/**
 * The printed stock document (issue 14: the out-stock a buyer takes away carries the trace QR code): one answer
 * with what the A4 / half-sheet page prints — the tenant's name, the document, the party, the lines with net kg and
 * tonnes, price and amount, the stored 不含税金额 / 税额 / 价税合计, the 价税合计 in 人民币大写 and the public trace link with its unguessable token.
 *
 *   GET /api/izs-toolbox/stock-print/detail   id → StockPrint (view of the document's menu; data scope applies)
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { weight as kg, money } from '../fields.ts';

const price = z.string().regex(/^-?\d+(\.\d+)?$/);

export const stockPrintLine = z.object({
  lineNo: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  spec: z.string(),
  qtyKg: kg,
  qtyT: kg,
  unitPrice: price,
  /** 元/吨 or 元/千克 (the material's price unit). */
  priceUnit: z.string(),
  /** qty × unitPrice as entered: 含税 when priceIncludesTax, else 不含税. */
  amount: money,
  /** Issue 21: the line's tax rate (%) and price basis, and its stored 不含税金额 / 税额 / 价税合计. */
  taxRate: z.string(),
  priceIncludesTax: z.boolean(),
  netAmount: money,
  taxAmount: money,
  grossAmount: money,
});

export const stockPrint = z.object({
  companyName: z.string(),
  docType: z.string(),
  /** 销售出库单 / 采购入库单 … */
  docTitle: z.string(),
  orderNo: z.string(),
  orderDate: z.string(),
  state: z.string(),
  /** 客户 (issues) or 供应商 (receipts). */
  partyLabel: z.string(),
  partyName: z.string(),
  warehouseName: z.string(),
  carNumber: z.string(),
  remark: z.string(),
  lines: z.array(stockPrintLine),
  totalKg: kg,
  totalT: kg,
  /** Σ of the lines' entered amounts (the document's total_amount; 不含税 for a document priced 不含税). */
  totalAmount: money,
  /** Issue 21: the document's stored 不含税金额 / 税额 / 价税合计 (what its detail, 应收/应付 and vouchers read). */
  netAmount: money,
  taxAmount: money,
  grossAmount: money,
  /** 人民币大写 of grossAmount (价税合计). */
  totalCapital: z.string(),
  makerName: z.string(),
  reviewerName: z.string(),
  /** Public trace path with its token; null until the document is chained (reviewed). */
  tracePath: z.string().nullable(),
});
export type StockPrint = z.infer<typeof stockPrint>;

export const STOCK_PRINT = {
  detail: endpoint({
    method: 'GET',
    path: '/api/izs-toolbox/stock-print/detail',
    summary: '出入库单打印数据（含人民币大写与带校验码的溯源链接）',
    query: z.object({ id: z.string().regex(/^\d{1,19}$/, '单据编号不正确') }),
    answer: stockPrint,
    permission: {
      anyView: [
        'supply_chain_sale_out_stock',
        'supply_chain_purchase_in_stock',
        'supply_chain_purchase_material_return',
        'supply_chain_sale_material_return',
        'supply_chain_purchase_in_stock_all',
      ],
    },
  }),
};
