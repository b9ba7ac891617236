/**
 * 反向开票 (issue 11; 国家税务总局公告2024年第5号): reverse invoices for scrap bought from natural persons, made from
 * reviewed in-stocks whose seller has no taxpayer id. Rules: core/finance-ar reverse.ts. Menu
 * /accounting/purchase/reverse-invoice (code REVERSE_CODE; buttons _add, _edit (开票), _void, _export).
 *
 *   GET  reverse/page         month?, state?, keyword? → page (ID numbers masked)
 *   GET  reverse/candidates   month → reviewed in-stocks of individual sellers with the amount not yet reverse-invoiced
 *   POST reverse/create       { orderId, sellerName, idNumber, phone?, bankCard?, amount, photos?, remark? }
 *   POST reverse/issue        { id, invoiceNo, issueDate } 待开票 → 已开票
 *   POST reverse/void         { id, reason } (frees the in-stock)
 *   GET  reverse/export       month → the monthly list as .xlsx (one row per invoice, totals; full ID numbers)
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageLiteOf, paging } from '../fields.ts';
import { arReverseInvoiceRow } from '../generated/finance-ar.ts';
import { ARAP, day, moneyIn, moneyOut, opt, refReq } from './fields.ts';

export const REVERSE_CODE = 'accounting_purchase_reverse_invoice';
export const REVERSE_STATES = [
  { value: 'pending', label: '待开票' },
  { value: 'issued', label: '已开票' },
  { value: 'voided', label: '已作废' },
] as const;
export const REVERSE_EXPORT_PATH = `${ARAP}/reverse/export`;

const month = (label = '月份') =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}格式应为yyyy-MM`);
const pageIn = paging({ size: 20, max: 500 });

export const reverseSchema = arReverseInvoiceRow
  .pick({
    id: true,
    orderId: true,
    orderNo: true,
    partyId: true,
    sellerName: true,
    /** masked: 110105********002X */
    idNumber: true,
    phone: true,
    month: true,
    amount: true,
    netAmount: true,
    taxRate: true,
    taxAmount: true,
    iitAmount: true,
    invoiceNo: true,
    issueDate: true,
    voidReason: true,
    remark: true,
    createTime: true,
  })
  .extend({
    partyName: z.string(),
    state: z.enum(['pending', 'issued', 'voided']),
    evidence: z.object({
      weighingNo: z.string(),
      paymentNos: z.array(z.string()),
      photos: z.array(z.string()),
    }),
  });
export type ReverseInvoice = z.infer<typeof reverseSchema>;

export const reverseCandidate = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  orderDate: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  phone: z.string(),
  bankAccount: z.string(),
  totalAmount: moneyOut,
  /** amount not yet covered by a live reverse invoice */
  open: moneyOut,
});

export const reverseBody = z.object({
  orderId: refReq('采购入库单'),
  sellerName: z.string().trim().min(1, '请输入出售者姓名').max(50, '出售者姓名不能超过50个字符'),
  idNumber: z
    .string({ error: '请输入身份证号码' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^\d{17}[\dX]$/, '身份证号码应为18位')),
  phone: opt('联系电话', 20),
  bankCard: opt('收款银行卡号', 32),
  amount: moneyIn('开票金额'),
  photos: z.array(z.string().trim().max(500)).max(20, '照片最多20张').default([]),
  remark: opt('备注', 255),
});

const R = REVERSE_CODE;
const TAG = ['Arap'] as const;
export const REVERSE = {
  page: endpoint({
    method: 'GET',
    path: `${ARAP}/reverse/page`,
    summary: '反向开票列表（身份证号脱敏）',
    query: z.object({
      month: month()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      state: z.enum(['pending', 'issued', 'voided', '']).optional(),
      keyword: z.string().trim().max(50).optional(),
      ...pageIn,
    }),
    answer: pageLiteOf(reverseSchema).extend({
      totals: z.object({ amount: moneyOut, netAmount: moneyOut, taxAmount: moneyOut, iitAmount: moneyOut }),
    }),
    permission: { code: R, action: 'view' },
    provides: TAG,
  }),
  candidates: endpoint({
    method: 'GET',
    path: `${ARAP}/reverse/candidates`,
    summary: '可反向开票的采购入库单（自然人出售者，已审核）',
    query: z.object({ month: month() }),
    answer: z.array(reverseCandidate),
    permission: { code: R, action: 'view' },
    provides: TAG,
  }),
  create: endpoint({
    method: 'POST',
    path: `${ARAP}/reverse/create`,
    summary: '新增反向开票',
    body: reverseBody,
    answer: reverseSchema,
    permission: { code: R, action: 'add' },
    invalidates: TAG,
  }),
  issue: endpoint({
    method: 'POST',
    path: `${ARAP}/reverse/issue`,
    summary: '登记开票（发票号码）',
    body: z.object({
      id: refReq('反向开票'),
      invoiceNo: z
        .string()
        .trim()
        .regex(/^\d{8,20}$/, '发票号码应为8-20位数字'),
      issueDate: day('开票日期'),
    }),
    answer: reverseSchema,
    permission: { code: R, action: 'edit' },
    invalidates: TAG,
  }),
  void: endpoint({
    method: 'POST',
    path: `${ARAP}/reverse/void`,
    summary: '作废反向开票',
    body: z.object({
      id: refReq('反向开票'),
      reason: z.string().trim().min(1, '请输入作废原因').max(255),
    }),
    answer: reverseSchema,
    invalidates: TAG,
  }),
};
