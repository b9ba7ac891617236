/**
 * Receivables and payables (issue 11). Endpoints under /api/izs-finance-ar; `side` = ar (应收, customers) | ap
 * (应付, suppliers). Buttons: the menu code of the record kind and side (fields.ts ARAP_CODES), checked in the
 * handler because one path serves both sides.
 *
 *   GET  doc/page             应收单 / 应付单 with open amount, overdue days, 核销 state, aging bucket
 *   GET  doc/detail           one document with its 核销 lines
 *   POST doc/manual           a manual 应收单 / 应付单 (draft; 审核 makes it count)
 *   POST doc/review, doc/void
 *   GET  open-docs            a party's open documents (oldest first) and its unapplied money (预收 / 预付)
 *   GET  cash/page, cash/detail   收款单 / 付款单 / 退款单 (detail also by orderNo) with their 核销 lines
 *   POST cash/create          收款 / 付款: money + 核销 (oldest first, or the chosen lines); leftover = 预收 / 预付
 *   POST cash/settle          核销 unapplied money of a collection / payment against open documents
 *   POST cash/refund          退款: pays back (ar) or receives back (ap) unapplied money, oldest collection first
 *   POST cash/void            作废: every 核销 line it made is reversed
 *   GET  balance/list         per party: documents, settled, open, unapplied, balance, aging, credit
 *   POST credit/save          credit limit + payment terms of a party
 *   GET  statement            对账单 of a party and period (opening, lines, running balance, closing)
 *   GET  transfer/page; POST transfer/offset (应收应付对冲), transfer/create (资金调拨), transfer/void
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageLiteOf, paging } from '../fields.ts';
import { BILL_LINK_ENDPOINTS, cashBillIn, cashBillOut } from './bill-link.ts';
import { ARAP, day, int, METHODS, moneyIn, moneyIn0, moneyOut, oneOf, opt, optDay, refReq, side } from './fields.ts';

const pageIn = paging({ size: 20, max: 500 });
const optRef = z
  .string()
  .trim()
  .regex(/^(\d{1,19})?$/, '编号格式不正确')
  .optional()
  .transform((v) => v || undefined);

export * from './arap-records.ts';

import { arCashSchema, arDocSchema, cashInputRow, settleLine, transferSchema } from './arap-records.ts';

export const docQuery = z.object({
  side,
  partyId: optRef,
  settleState: z.enum(['open', 'partial', 'settled', '']).optional(),
  state: z.string().optional(),
  beginDate: optDay('开始日期'),
  endDate: optDay('结束日期'),
  orderNo: z.string().trim().optional(),
  ...pageIn,
});
export const cashQuery = z.object({
  side,
  kind: z.enum(['collection', 'payment', 'refund']).optional(),
  partyId: optRef,
  beginDate: optDay('开始日期'),
  endDate: optDay('结束日期'),
  ...pageIn,
});
const idBody = z.object({ id: refReq('单据') });
const voidBody = z.object({ id: refReq('单据'), reason: z.string().trim().min(1, '请输入作废原因').max(255) });
const linesIn = z
  .array(z.object({ docId: refReq('单据'), amount: moneyIn('核销金额') }))
  .max(200, '一次最多核销200张单据')
  .optional();

export const manualDocBody = z.object({
  side,
  partyId: refReq('往来单位'),
  docDate: day('单据日期'),
  /** 价税合计 as typed */
  amount: moneyIn('金额'),
  /** optional VAT rate in percent (13): splits the amount into 不含税金额 + 税额; empty = no tax */
  taxRate: z
    .string()
    .trim()
    .regex(/^(\d{1,2}(\.\d{1,2})?)?$/, '税率应为0–99之间的百分数')
    .optional()
    .transform((v) => v || undefined),
  summary: z.string().trim().min(1, '请输入摘要').max(200, '摘要不能超过200个字符'),
  remark: opt('备注', 255),
});
export const cashBody = cashInputRow.extend({
  side,
  partyId: refReq('往来单位'),
  accountType: oneOf('账户类型', ['bank', 'cash'] as const),
  bankId: optRef,
  method: oneOf('结算方式', METHODS),
  billNo: opt('票据号', 40),
  /** method bill: the bill received / issued / endorsed (bill-link.ts) */
  bill: cashBillIn,
  cashDate: day('日期'),
  amount: moneyIn('金额'),
  fee: moneyIn0('手续费'),
  /** true: 核销 oldest first; false with no lines: all stays 预收 / 预付 */
  auto: z.boolean().default(true),
  lines: linesIn,
  remark: opt('备注', 255),
});
/** 预收冲应收 / 预付冲应付: dated (default today); refused in a closed period and before the record or the documents */
export const settleBody = z.object({ cashId: refReq('收付款单'), settleDate: optDay('核销日期'), lines: linesIn });
export const refundBody = cashInputRow.omit({ fee: true, billNo: true }).extend({
  side,
  partyId: refReq('往来单位'),
  accountType: oneOf('账户类型', ['bank', 'cash'] as const),
  bankId: optRef,
  method: oneOf('结算方式', METHODS),
  cashDate: day('日期'),
  amount: moneyIn('退款金额'),
  remark: opt('备注', 255),
});

export const openDocsAnswer = z.object({
  docs: z.array(arDocSchema),
  unapplied: moneyOut,
  cash: z.array(arCashSchema),
});

export const agingSchema = z.object({
  d0_30: moneyOut,
  d31_60: moneyOut,
  d61_90: moneyOut,
  d90p: moneyOut,
  total: moneyOut,
});
export const balanceRow = z.object({
  partyId: z.string(),
  partyName: z.string(),
  documents: moneyOut,
  settled: moneyOut,
  open: moneyOut,
  unapplied: moneyOut,
  balance: moneyOut,
  overdue: moneyOut,
  aging: agingSchema,
  creditLimit: moneyOut,
  paymentDays: z.number().int(),
});
export type BalanceRow = z.infer<typeof balanceRow>;

export const statementLine = z.object({
  date: z.string(),
  orderNo: z.string(),
  kind: z.string(),
  summary: z.string(),
  debit: moneyOut,
  credit: moneyOut,
  balance: moneyOut,
});
export const statementSchema = z.object({
  side: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  beginDate: z.string(),
  endDate: z.string(),
  opening: moneyOut,
  lines: z.array(statementLine),
  totalDebit: moneyOut,
  totalCredit: moneyOut,
  closing: moneyOut,
  closingCapital: z.string(),
  unapplied: moneyOut,
  companyName: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

const TAG = ['Arap'] as const;
const q = { method: 'GET', provides: TAG } as const;
const m = { method: 'POST', invalidates: TAG } as const;

export const ARAP_ENDPOINTS = {
  ...BILL_LINK_ENDPOINTS,
  docPage: endpoint({
    ...q,
    path: `${ARAP}/doc/page`,
    summary: '应收单/应付单列表',
    query: docQuery,
    answer: pageLiteOf(arDocSchema),
  }),
  docDetail: endpoint({
    ...q,
    path: `${ARAP}/doc/detail`,
    summary: '应收单/应付单详情与核销记录',
    query: z.object({ id: refReq('单据') }),
    answer: arDocSchema.extend({ settles: z.array(settleLine) }),
  }),
  docManual: endpoint({
    ...m,
    path: `${ARAP}/doc/manual`,
    summary: '手工应收单/应付单（草稿）',
    body: manualDocBody,
    answer: arDocSchema,
  }),
  docReview: endpoint({
    ...m,
    path: `${ARAP}/doc/review`,
    summary: '审核手工应收单/应付单',
    body: idBody,
    answer: arDocSchema,
  }),
  docVoid: endpoint({
    ...m,
    path: `${ARAP}/doc/void`,
    summary: '作废手工应收单/应付单',
    body: voidBody,
    answer: arDocSchema,
  }),
  openDocs: endpoint({
    ...q,
    path: `${ARAP}/open-docs`,
    summary: '往来单位的未核销单据与未核销预收/预付',
    query: z.object({ side, partyId: refReq('往来单位') }),
    answer: openDocsAnswer,
  }),
  cashPage: endpoint({
    ...q,
    path: `${ARAP}/cash/page`,
    summary: '收款单/付款单/退款单列表',
    query: cashQuery,
    answer: pageLiteOf(arCashSchema),
  }),
  cashDetail: endpoint({
    ...q,
    path: `${ARAP}/cash/detail`,
    summary: '收付款单详情与核销明细（id 或 orderNo）',
    query: z.object({ id: optRef, orderNo: z.string().trim().optional() }),
    answer: arCashSchema.extend({
      settles: z.array(settleLine),
      /** live vouchers generated from this record (凭证模板 → 收付款生成凭证), per book */
      vouchers: z.array(
        z.object({ voucherId: z.string(), book: z.string(), period: z.string(), voucherNo: z.string() }),
      ),
      /** 承兑汇票: the 票据管理 bill it received / issued / endorsed */
      bill: cashBillOut.nullable(),
    }),
  }),
  cashCreate: endpoint({
    ...m,
    path: `${ARAP}/cash/create`,
    summary: '收款/付款并核销',
    body: cashBody,
    answer: arCashSchema,
  }),
  cashSettle: endpoint({
    ...m,
    path: `${ARAP}/cash/settle`,
    summary: '预收/预付核销',
    body: settleBody,
    answer: arCashSchema,
  }),
  refund: endpoint({ ...m, path: `${ARAP}/cash/refund`, summary: '退款', body: refundBody, answer: arCashSchema }),
  cashVoid: endpoint({
    ...m,
    path: `${ARAP}/cash/void`,
    summary: '作废收付款单（恢复全部核销）',
    body: voidBody,
    answer: arCashSchema,
  }),
  balances: endpoint({
    ...q,
    path: `${ARAP}/balance/list`,
    summary: '往来余额与账龄',
    query: z.object({ side, asOf: optDay('截止日期'), partyId: optRef }),
    answer: z.object({
      asOf: z.string(),
      rows: z.array(balanceRow),
      total: balanceRow.omit({ partyId: true, partyName: true, creditLimit: true, paymentDays: true }),
    }),
  }),
  creditSave: endpoint({
    ...m,
    path: `${ARAP}/credit/save`,
    summary: '信用额度与账期',
    body: z.object({
      partyId: refReq('往来单位'),
      creditLimit: moneyIn0('信用额度'),
      paymentDays: int('账期天数', 0, 3650, 0),
    }),
    answer: z.object({ partyId: z.string(), creditLimit: moneyOut, paymentDays: z.number().int() }),
  }),
  statement: endpoint({
    ...q,
    path: `${ARAP}/statement`,
    summary: '对账单',
    query: z.object({ side, partyId: refReq('往来单位'), beginDate: day('开始日期'), endDate: day('结束日期') }),
    answer: statementSchema,
  }),
  transferPage: endpoint({
    ...q,
    path: `${ARAP}/transfer/page`,
    summary: '资金调拨与应收应付对冲',
    query: z.object({ kind: z.enum(['offset', 'transfer']).optional(), ...pageIn }),
    answer: pageLiteOf(transferSchema),
  }),
  offset: endpoint({
    ...m,
    path: `${ARAP}/transfer/offset`,
    summary: '应收应付对冲（最早的单据先冲）',
    body: z.object({
      partyId: refReq('往来单位'),
      transferDate: day('日期'),
      amount: moneyIn('对冲金额'),
      remark: opt('备注', 255),
    }),
    answer: transferSchema,
  }),
  transferCreate: endpoint({
    ...m,
    path: `${ARAP}/transfer/create`,
    summary: '资金调拨',
    body: z.object({
      fromAccount: z.string().trim().min(1, '请选择转出账户').max(100),
      toAccount: z.string().trim().min(1, '请选择转入账户').max(100),
      transferDate: day('日期'),
      amount: moneyIn('金额'),
      remark: opt('备注', 255),
    }),
    answer: transferSchema,
  }),
  transferVoid: endpoint({
    ...m,
    path: `${ARAP}/transfer/void`,
    summary: '作废调拨/对冲',
    body: voidBody,
    answer: transferSchema,
  }),
} as const;
