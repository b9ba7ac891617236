/**
 * izs-financing 收支管理 (income / expense records) and 票据管理 (commercial bills: 银行承兑汇票 / 商业承兑汇票).
 *
 * Constraints:
 * - every row carries tenant_id and account_set_id (the book); money is numeric(18,2) — decimal strings end to end;
 * - an income / expense record owns exactly one voucher (voucher_id), written in the same transaction; the record
 *   can change or go only while that voucher is unreviewed (the voucher changes or goes with it);
 * - a bill's actions (receive, discount, endorse, collect, issue, pay) each write one voucher; `izs_fin_bill_event`
 *   keeps them in order, and the bill's state is the state after its last live event.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk, resourceColumns, resourceIndex } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;

/** 收支记录: one money-in or money-out entry and its voucher. */
export const incomeExpend = pgTable(
  'izs_fin_income_expend',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    /** yyyy-MM-dd */
    entryDate: s('entry_date', 10),
    /** yyyy-MM of entry_date */
    period: s('period', 7),
    /** income | expense */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** a leaf of 1001 库存现金 or 1002 银行存款 */
    cashAccount: s('cash_account', 12),
    /** the income / expense account (a 损益 leaf) */
    categoryAccount: s('category_account', 12),
    /** 往来单位: `dimensionId:itemId` of an auxiliary item ('' = none) */
    counterparty: s('counterparty', 48),
    counterpartyName: s('counterparty_name', 100),
    amount: money('amount').notNull(),
    summary: s('summary', 200),
    attachments: integer('attachments').notNull().default(0),
    voucherId: bigintStr('voucher_id'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_income_expend', t),
    index('izs_fin_income_expend_book_idx').on(t.accountSetId, t.isDeleted, t.period),
  ],
);

/** 商业汇票 received (receivable) or issued (payable). */
export const finBill = pgTable(
  'izs_fin_bill',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    billNo: s('bill_no', 40),
    /** bank (银行承兑汇票) | commercial (商业承兑汇票) */
    billKind: varchar('bill_kind', { length: 12 }).notNull(),
    /** receivable (应收票据) | payable (应付票据) */
    direction: varchar('direction', { length: 12 }).notNull(),
    /** 往来单位: `dimensionId:itemId` of a 客户 / 供应商 item ('' = none) */
    counterparty: s('counterparty', 48),
    counterpartyName: s('counterparty_name', 100),
    amount: money('amount').notNull(),
    /** 取得 / 签发日期: the date of the receive / issue voucher */
    entryDate: s('entry_date', 10),
    issueDate: s('issue_date', 10),
    dueDate: s('due_date', 10),
    /** 承兑人 / 承兑银行 */
    acceptor: s('acceptor', 100),
    /** 出票人 */
    drawer: s('drawer', 100),
    /** the 收款单 / 付款单 (izs_ar_cash) that received / issued it; its void voids the bill */
    cashId: bigintStr('cash_id'),
    cashNo: s('cash_no', 32),
    /** receivable: held | endorsed | discounted | collected; payable: outstanding | paid */
    state: varchar('state', { length: 12 }).notNull(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_bill', t),
    uniqueIndex('izs_fin_bill_no_uq').on(t.accountSetId, t.direction, t.billNo).where(live),
    index('izs_fin_bill_book_idx').on(t.accountSetId, t.isDeleted, t.dueDate),
  ],
);

/** One action on a bill and its voucher. */
export const finBillEvent = pgTable(
  'izs_fin_bill_event',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    accountSetId: bigintStr('account_set_id').notNull(),
    billId: bigintStr('bill_id').notNull(),
    /** receive | discount | endorse | collect | issue | pay */
    action: varchar('action', { length: 10 }).notNull(),
    eventDate: s('event_date', 10),
    /** state before → after */
    fromState: varchar('from_state', { length: 12 }).notNull().default(''),
    toState: varchar('to_state', { length: 12 }).notNull(),
    amount: money('amount').notNull(),
    /** discount: 贴现息 (财务费用) */
    interest: money('interest').notNull().default('0'),
    /** endorse: the supplier it went to */
    counterparty: s('counterparty', 48),
    counterpartyName: s('counterparty_name', 100),
    voucherId: bigintStr('voucher_id'),
    /** the 收款单 / 付款单 that made this event (its money voucher books it; voucher_id stays null) */
    cashId: bigintStr('cash_id'),
    cashNo: s('cash_no', 32),
    /** the accounts used: { bill, other, bank, expense } */
    accounts: jsonb('accounts').$type<Record<string, string>>(),
    ...audit(),
  },
  (t) => [index('izs_fin_bill_event_bill_idx').on(t.accountSetId, t.billId, t.isDeleted)],
);
