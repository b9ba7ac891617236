/**
 * 进项 / 销项 invoices (issue 11, spec §3 invoice mapping) and the 票货款 three-way match per stock document.
 *
 *   GET  invoice/page     invoices of a direction (in = 进项, purchases; out = 销项, sales) with the documents covered
 *   GET  invoice/match    reviewed in-stocks (in) / out-stocks (out): goods amount, invoiced, paid, uninvoiced
 *   POST invoice/save     a new invoice with the documents it covers (duplicate number refused; a document is
 *                         never invoiced beyond its goods amount)
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageLiteOf, paging } from '../fields.ts';
import { arInvoiceRow } from '../generated/finance-ar.ts';
import { ARAP, day, moneyIn, moneyOut, oneOf, opt } from './fields.ts';

const dir = oneOf('发票方向', ['in', 'out'] as const);
const fieldsIn = {
  invoiceCode: opt('发票代码', 20),
  invoiceNo: z
    .string()
    .trim()
    .regex(/^\d{8,20}$/, '发票号码应为8-20位数字'),
  invoiceType: z.enum(['special', 'normal', '']).default(''),
  invoiceDate: day('开票日期'),
  amount: moneyIn('不含税金额'),
  taxAmount: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, '税额格式不正确')
    .default('0'),
  taxAndAmount: moneyIn('价税合计'),
  purchaserName: opt('购买方名称', 100),
  purchaserTaxpayerId: opt('购买方纳税人识别号', 20),
  purchaserAddress: opt('购买方地址电话', 255),
  purchaserBankName: opt('购买方开户行', 100),
  purchaserBankAccount: opt('购买方账号', 40),
  sellerName: opt('销售方名称', 100),
  sellerTaxpayerId: opt('销售方纳税人识别号', 20),
  sellerAddress: opt('销售方地址电话', 255),
  sellerBankName: opt('销售方开户行', 100),
  sellerBankAccount: opt('销售方账号', 40),
  origin: z.enum(['manual', 'text', 'xml', 'pdf']).default('manual'),
  /** sha256 of the imported PDF (invoice/parse-pdf) */
  fileHash: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{64})?$/, '文件摘要格式不正确')
    .default(''),
  remark: opt('备注', 255),
};
export const invoiceBody = z.object({
  direction: dir,
  ...fieldsIn,
  links: z
    .array(z.object({ orderId: z.string().regex(/^\d{1,19}$/, '单据格式不正确'), amount: moneyIn('开票金额') }))
    .max(100)
    .default([]),
});

/** core/finance-ar ParsedInvoice, with the PDF's text and the file's sha256. */
export const parsedInvoiceSchema = z.object({
  invoiceCode: z.string(),
  invoiceNo: z.string(),
  invoiceType: z.string(),
  invoiceDate: z.string(),
  amount: z.string(),
  taxAmount: z.string(),
  taxAndAmount: z.string(),
  purchaserName: z.string(),
  purchaserTaxpayerId: z.string(),
  purchaserAddress: z.string(),
  purchaserBankName: z.string(),
  purchaserBankAccount: z.string(),
  sellerName: z.string(),
  sellerTaxpayerId: z.string(),
  sellerAddress: z.string(),
  sellerBankName: z.string(),
  sellerBankAccount: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      spec: z.string(),
      unit: z.string(),
      qty: z.string(),
      price: z.string(),
      amount: z.string(),
      rate: z.string(),
      tax: z.string(),
    }),
  ),
  remark: z.string(),
  problems: z.array(z.string()),
  text: z.string(),
  fileHash: z.string(),
});

export const invoiceSchema = arInvoiceRow
  .pick({
    id: true,
    direction: true,
    invoiceCode: true,
    invoiceNo: true,
    invoiceType: true,
    invoiceDate: true,
    amount: true,
    taxAmount: true,
    taxAndAmount: true,
    purchaserName: true,
    purchaserTaxpayerId: true,
    sellerName: true,
    sellerTaxpayerId: true,
    sellerBankName: true,
    sellerBankAccount: true,
    origin: true,
    remark: true,
  })
  .extend({ orderNos: z.string() });
export type Invoice = z.infer<typeof invoiceSchema>;

export const matchRow = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  orderDate: z.string(),
  partyName: z.string(),
  goods: moneyOut,
  invoiced: moneyOut,
  paid: moneyOut,
  uninvoiced: moneyOut,
});
export type MatchRow = z.infer<typeof matchRow>;

const TAG = ['Arap'] as const;
export const INVOICE_ENDPOINTS = {
  page: endpoint({
    method: 'GET',
    path: `${ARAP}/invoice/page`,
    summary: '进项/销项发票列表',
    query: z.object({
      direction: dir,
      ...paging({ size: 20, max: 200 }),
    }),
    answer: pageLiteOf(invoiceSchema),
    provides: TAG,
  }),
  match: endpoint({
    method: 'GET',
    path: `${ARAP}/invoice/match`,
    summary: '票货款三方匹配（每张出入库单的货款、已开票、已收付、未开票）',
    query: z.object({ direction: dir, onlyOpen: z.enum(['1', '0']).default('0') }),
    answer: z.array(matchRow),
    provides: TAG,
  }),
  save: endpoint({
    method: 'POST',
    path: `${ARAP}/invoice/save`,
    summary: '登记发票并关联单据',
    body: invoiceBody,
    answer: invoiceSchema,
    invalidates: TAG,
  }),
  parsePdf: endpoint({
    method: 'POST',
    path: `${ARAP}/invoice/parse-pdf`,
    summary: '识别数电票PDF（提取文字层并解析发票字段）',
    body: z.object({
      fileName: z.string().trim().max(200).default(''),
      /** the PDF file, base64 (≤ 5 MB) */
      data: z.string({ error: '请选择PDF文件' }).min(1, '请选择PDF文件').max(7_000_000, 'PDF文件不能超过5MB'),
    }),
    answer: parsedInvoiceSchema,
  }),
} as const;
