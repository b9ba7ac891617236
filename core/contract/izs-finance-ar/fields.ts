/**
 * Shared pieces of the receivables / payables contracts (issue 11): prefix, menu codes, names, zod fields.
 */
import { z } from 'zod';
import { money } from '../fields.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';
import { dateStr, decimal, int, oneOf, opt, refReq } from '../izs-base/fields.ts';

export { dateStr, decimal, int, oneOf, opt, refReq };

export const ARAP = '/api/izs-finance-ar';

export type Side = 'ar' | 'ap';
export const SIDES = ['ar', 'ap'] as const;

/** Menu codes (core/router/menu-tree.ts) guarding each kind of record, by side. */
export const ARAP_CODES = {
  doc: { ar: 'accounting_receivable_receivable_order', ap: 'accounting_payable_payable_order' },
  cash: { ar: 'accounting_receivable_collection_order', ap: 'accounting_payable_payment_order' },
  refund: { ar: 'accounting_receivable_refundment_order', ap: 'accounting_payable_refundment_order' },
  statement: 'accounting_statement',
  transfer: 'accounting_transfer_list',
  salesInvoice: 'accounting_sale_invoice_list',
  purchaseInvoice: 'accounting_purchase_invoice_list',
  /** reviewing an out-stock over the customer's credit limit */
  creditOverride: 'supply_chain_sale_out_stock_credit',
} as const;

export const SOURCE_NAMES: Record<string, string> = {
  out_stock: '销售出库',
  drop_sale: '直发销售',
  in_stock: '采购入库',
  drop_purchase: '直发采购',
  manual: '手工录入',
  freight: '运费',
  lg_freight: '物流运费',
  sale_return: '销售退货',
  purchase_return: '采购退货',
};
export const METHOD_NAMES: Record<string, string> = {
  transfer: '银行转账',
  cash: '现金',
  bill: '承兑汇票',
  wechat: '微信',
  alipay: '支付宝',
};
export const METHODS = ['transfer', 'cash', 'bill', 'wechat', 'alipay'] as const;
export const STATE_NAMES: Record<string, string> = {
  draft: '草稿',
  submitted: '待审核',
  reviewed: '已审核',
  voided: '已作废',
};

/** Money as it travels in answers: a fixed two-decimal string, may be negative. */
export const moneyOut = money;
/** Money in: > 0, two decimals at most. */
export const moneyIn = (label: string) =>
  decimal(label, 2, '9999999999.99').refine((v) => Number(v) > 0, { message: `${label}必须大于0` });
export const moneyIn0 = (label: string) => decimal(label, 2, '9999999999.99').default('0');
export const side = oneOf('应收/应付', SIDES);
export const idOut = z.string();
/** Required day yyyy-MM-dd. */
export const day = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`)
    .refine(isCalendarDay, { message: dayRangeMessage(label) });
/** Optional day: '' or absent → undefined. */
export const optDay = (label: string) => dateStr(label).transform((v) => v || undefined);
