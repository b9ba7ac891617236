/**
 * 承兑汇票 ↔ 票据管理 (issue 11): a 收款单 by 承兑汇票 records the bill it received in 票据管理 (izs_fin_bill,
 * receivable); a 付款单 by 承兑汇票 either endorses (背书转让) a bill the company holds or issues a new payable
 * bill. The bill is written in the book of the record's department, in the saving transaction, linked both ways.
 *
 *   GET cash/held-bills   the receivable bills the company holds (持有), to endorse in a payment
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ARAP, idOut, moneyOut, opt, optDay } from './fields.ts';

const optRef = z
  .string()
  .trim()
  .regex(/^(\d{1,19})?$/, '编号格式不正确')
  .optional()
  .transform((v) => v || undefined);

export const BILL_MODES = ['receive', 'issue', 'endorse'] as const;
export type BillMode = (typeof BILL_MODES)[number];
export const BILL_MODE_NAMES: Record<BillMode, string> = {
  receive: '收到票据',
  issue: '开出票据',
  endorse: '背书转让',
};
export const BILL_KIND_NAMES: Record<string, string> = { bank: '银行承兑汇票', commercial: '商业承兑汇票' };

/** The bill fields of a 收款单 / 付款单 whose method is 承兑汇票 (checked by core/finance-ar billInputProblem). */
export const cashBillIn = z
  .object({
    /** collections: receive; payments: issue (default) or endorse */
    mode: z.enum(BILL_MODES, { error: '票据处理方式不正确' }).optional(),
    /** endorse: the held receivable bill */
    billId: optRef,
    billNo: opt('票据号码', 40),
    billKind: z.enum(['bank', 'commercial'], { error: '请选择票据类型（银行承兑/商业承兑）' }).optional(),
    drawer: opt('出票人', 100),
    acceptor: opt('承兑人', 100),
    issueDate: optDay('出票日'),
    dueDate: optDay('到期日'),
  })
  .optional();
export type CashBillIn = NonNullable<z.infer<typeof cashBillIn>>;

export const cashBillOut = z.object({
  id: idOut,
  mode: z.enum(BILL_MODES),
  billNo: z.string(),
  billKind: z.string(),
  /** receivable | payable */
  direction: z.string(),
  state: z.string(),
  stateName: z.string(),
  amount: moneyOut,
  drawer: z.string(),
  acceptor: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  counterpartyName: z.string(),
  /** the 收款单 / 付款单 that created it ('' for a bill entered in 票据管理) */
  cashNo: z.string(),
});
export type CashBill = z.infer<typeof cashBillOut>;

export const BILL_LINK_ENDPOINTS = {
  heldBills: endpoint({
    method: 'GET',
    path: `${ARAP}/cash/held-bills`,
    summary: '可背书的应收票据（持有中）',
    query: z.object({}),
    answer: z.array(cashBillOut),
    provides: ['Arap'],
  }),
};
