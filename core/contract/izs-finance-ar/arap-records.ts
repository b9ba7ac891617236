/** The records of the receivables area as answers (arap.contract.ts re-exports them): 核销 lines, 应收单 / 应付单, 收付款单. */
import { z } from 'zod';
import { idOut, moneyOut } from './fields.ts';

export const settleLine = z.object({
  id: idOut,
  kind: z.string(),
  docId: z.string().nullable(),
  docNo: z.string(),
  cashId: z.string().nullable(),
  cashNo: z.string(),
  amount: moneyOut,
  settleDate: z.string(),
  isVoid: z.number().int(),
});
export type SettleLine = z.infer<typeof settleLine>;

export const arDocSchema = z.object({
  id: idOut,
  orderNo: z.string(),
  side: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  sourceNo: z.string(),
  docDate: z.string(),
  dueDate: z.string(),
  /** 价税合计 (= what the voucher posts to 应收账款 / 应付账款); net + tax = amount */
  amount: moneyOut,
  net: moneyOut,
  tax: moneyOut,
  /** fraction, 4 places (0.1300) */
  taxRate: z.string().regex(/^\d+\.\d{4}$/),
  /** template: 凭证模板 of the book; config: 业务参数; manual: as typed */
  /** document: the stock document's stored figures (issue 21); template / config: 直发单 and older rows */
  taxSource: z.enum(['document', 'template', 'config', 'manual']),
  settled: moneyOut,
  open: moneyOut,
  overdueDays: z.number().int(),
  settleState: z.enum(['open', 'partial', 'settled']),
  state: z.string(),
  summary: z.string(),
  remark: z.string(),
});
export type ArDoc = z.infer<typeof arDocSchema>;

export const arCashSchema = z.object({
  id: idOut,
  orderNo: z.string(),
  side: z.string(),
  kind: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  accountType: z.string(),
  bankId: z.string().nullable(),
  bankName: z.string(),
  method: z.string(),
  billNo: z.string(),
  /** 承兑汇票: the 票据管理 bill and receive | issue | endorse ('' otherwise) */
  billId: z.string().nullable(),
  billMode: z.string(),
  cashDate: z.string(),
  amount: moneyOut,
  fee: moneyOut,
  applied: moneyOut,
  unapplied: moneyOut,
  state: z.string(),
  remark: z.string(),
  createTime: z.string(),
});
export type ArCash = z.infer<typeof arCashSchema>;
