/**
 * The records of the receivables area as answers (arap.contract.ts re-exports them): 核销 lines, 应收单 / 应付单,
 * 收付款单, 调拨 / 对冲. Each is its table's generated row (core/contract/generated/finance-ar.ts, written from
 * server/db/schema/finance-ar.ts by `npm run db:generate`) without the columns no answer carries, plus the joined
 * and computed fields: a column added to the table is answered without an edit here.
 */
import { z } from 'zod';
import { dateTimeOut, money } from '../fields.ts';
import { arCashRow, arDocRow, arSettleRow, arTransferRow } from '../generated/finance-ar.ts';

/** Tenant, audit and review / void bookkeeping: kept on the server. */
const NOT_ANSWERED = {
  tenantId: true,
  deptId: true,
  createUser: true,
  createDept: true,
  createTime: true,
  updateUser: true,
  updateTime: true,
  status: true,
  isDeleted: true,
  reviewer: true,
  reviewTime: true,
  voidUser: true,
  voidTime: true,
  voidReason: true,
} as const;

export const settleLine = arSettleRow
  .pick({ id: true, kind: true, docId: true, cashId: true, amount: true, settleDate: true, isVoid: true })
  .extend({ docNo: z.string(), cashNo: z.string() });
export type SettleLine = z.infer<typeof settleLine>;

export const arDocSchema = arDocRow.omit(NOT_ANSWERED).extend({
  partyName: z.string(),
  /** document: the stock document's stored figures (issue 21); template (凭证模板 of the book) / config (业务参数):
   *  直发单 and older rows; manual: as typed */
  taxSource: z.enum(['document', 'template', 'config', 'manual']),
  open: money,
  overdueDays: z.number().int(),
  settleState: z.enum(['open', 'partial', 'settled']),
});
export type ArDoc = z.infer<typeof arDocSchema>;

/**
 * What a 收付款单 body may carry: its table's generated row without the server-owned columns (number, kind, state,
 * 核销 total, bill link, bookkeeping), every field optional; cash/create and cash/refund extend it with the Chinese
 * messages of the fields they need, so a new plain column is accepted with its generated type without an edit.
 */
export const cashInputRow = arCashRow
  .omit({
    ...NOT_ANSWERED,
    id: true,
    orderNo: true,
    kind: true,
    applied: true,
    state: true,
    billId: true,
    billMode: true,
  })
  .partial();

export const arCashSchema = arCashRow.omit(NOT_ANSWERED).extend({
  partyName: z.string(),
  bankName: z.string(),
  unapplied: money,
  createTime: dateTimeOut,
});
export type ArCash = z.infer<typeof arCashSchema>;

export const transferSchema = arTransferRow.omit(NOT_ANSWERED).extend({ partyName: z.string() });
