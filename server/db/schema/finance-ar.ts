/**
 * Receivables and payables (issue 11): 应收单 / 应付单, 收款单 / 付款单 / 退款单, 核销 records, 对冲 and internal
 * transfers, customer credit, invoices and 反向开票 evidence.
 *
 * Constraints:
 * - money numeric(16,2), decimal strings end to end; nothing is deleted: a document or a cash record is voided,
 *   and a void writes reversing 核销 rows (negative amounts, is_void = 1) instead of editing the old ones;
 * - `izs_ar_doc.settled` and `izs_ar_cash.applied` are the sums of their live 核销 rows, kept in the transaction
 *   that writes those rows with the document / cash rows locked FOR UPDATE (id order), so two clerks cannot
 *   over-settle one document;
 * - side = ar (receivable, customer) | ap (payable, supplier).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;

const lifecycle = () => ({
  /** draft | submitted | reviewed | voided */
  state: s('state', 16),
  reviewer: bigintStr('reviewer'),
  reviewTime: tstz('review_time'),
  voidUser: bigintStr('void_user'),
  voidTime: tstz('void_time'),
  voidReason: s('void_reason', 255),
});

/** 应收单 (side ar) / 应付单 (side ap). */
export const arDoc = pgTable(
  'izs_ar_doc',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    side: s('side', 2),
    partyId: bigintStr('party_id').notNull(),
    /** out_stock | drop_sale | in_stock | drop_purchase | manual | freight */
    sourceType: s('source_type', 16),
    sourceId: bigintStr('source_id'),
    sourceNo: s('source_no', 32),
    /** yyyy-MM-dd */
    docDate: s('doc_date', 10),
    dueDate: s('due_date', 10),
    /** 价税合计: what the voucher posts to 应收账款 / 应付账款 (hooks.ts, izs-financing business-voucher-figures.ts) */
    amount: money('amount').notNull(),
    /** 不含税金额 and 税额 (net + tax = amount); manual documents without a rate: net = amount, tax 0 */
    net: money('net').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    /** the VAT rate applied, a fraction (0.13) */
    taxRate: numeric('tax_rate', { precision: 6, scale: 4, mode: 'string' }).notNull().default('0'),
    /** template (凭证模板 of the book) | config (业务参数) | manual */
    taxSource: s('tax_source', 12),
    settled: money('settled').notNull().default('0'),
    summary: s('summary', 200),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_ar_doc', t),
    uniqueIndex('izs_ar_doc_no_uq').on(t.tenantId, t.orderNo).where(live),
    index('izs_ar_doc_party_idx').on(t.tenantId, t.side, t.partyId, t.state),
    // 应收单 / 应付单 lists: one side, newest first (read backwards: the page takes ten rows; the count reads the index)
    index('izs_ar_doc_side_date_idx').on(t.tenantId, t.side, t.docDate, t.id).where(sql`is_deleted = 0`),
    // reviewed documents still open, by due date (the dashboard's overdue / due figures)
    index('izs_ar_doc_open_idx')
      .on(t.tenantId, t.side, t.dueDate)
      .where(sql`is_deleted = 0 and state = 'reviewed' and amount > settled`),
    index('izs_ar_doc_source_idx').on(t.sourceId),
  ],
);

/** 收款单 (ar, collection) / 付款单 (ap, payment) / 退款单 (refund: ar = paid back to a customer, ap = from a supplier). */
export const arCash = pgTable(
  'izs_ar_cash',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    side: s('side', 2),
    /** collection | payment | refund */
    kind: s('kind', 12),
    partyId: bigintStr('party_id').notNull(),
    /** bank | cash */
    accountType: s('account_type', 8),
    /** izs_bank row when accountType = bank */
    bankId: bigintStr('bank_id'),
    /** transfer | cash | bill | wechat | alipay */
    method: s('method', 12),
    billNo: s('bill_no', 40),
    /** method bill: the 票据管理 bill (izs_fin_bill) it received / issued / endorsed, and how */
    billId: bigintStr('bill_id'),
    /** '' | receive (收款收到的票据) | issue (付款开出的票据) | endorse (付款背书转让的票据) */
    billMode: s('bill_mode', 8),
    cashDate: s('cash_date', 10),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /** Σ live 核销 rows on this record (collections / payments: settled documents + refunds taken from it). */
    applied: money('applied').notNull().default('0'),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_ar_cash', t),
    uniqueIndex('izs_ar_cash_no_uq').on(t.tenantId, t.orderNo).where(live),
    index('izs_ar_cash_party_idx').on(t.tenantId, t.side, t.partyId, t.state),
  ],
);

/**
 * One 核销 line. kind: cash (a collection / payment settles a document), refund (a refund takes unapplied money
 * of a collection / payment: docId null), offset (对冲: one line per side, same transferId). A void appends the
 * negative of each line (is_void = 1, reverses_id = the line).
 */
export const arSettle = pgTable(
  'izs_ar_settle',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    side: s('side', 2),
    kind: s('kind', 8),
    partyId: bigintStr('party_id').notNull(),
    docId: bigintStr('doc_id'),
    cashId: bigintStr('cash_id'),
    refundId: bigintStr('refund_id'),
    transferId: bigintStr('transfer_id'),
    amount: money('amount').notNull(),
    settleDate: s('settle_date', 10),
    isVoid: integer('is_void').notNull().default(0),
    reversesId: bigintStr('reverses_id'),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('izs_ar_settle_doc_idx').on(t.docId),
    index('izs_ar_settle_cash_idx').on(t.cashId),
    index('izs_ar_settle_party_idx').on(t.tenantId, t.partyId),
  ],
);

/** transfer/list: kind offset (应收应付对冲 of one party) | transfer (between the company's own accounts). */
export const arTransfer = pgTable(
  'izs_ar_transfer',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    kind: s('kind', 12),
    partyId: bigintStr('party_id'),
    fromAccount: s('from_account', 100),
    toAccount: s('to_account', 100),
    transferDate: s('transfer_date', 10),
    amount: money('amount').notNull(),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_ar_transfer', t)],
);

/** Customer / supplier credit: limit (0 = none) and payment terms in days. */
export const arCredit = pgTable(
  'izs_ar_credit',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    partyId: bigintStr('party_id').notNull(),
    creditLimit: money('credit_limit').notNull().default('0'),
    paymentDays: integer('payment_days').notNull().default(0),
    updateUser: bigintStr('update_user'),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('izs_ar_credit_uq').on(t.tenantId, t.partyId)],
);

/** 进项 (direction in) / 销项 (out) invoices, spec §3 invoice mapping. */
export const arInvoice = pgTable(
  'izs_ar_invoice',
  {
    ...resourceColumns(),
    direction: s('direction', 4),
    partyId: bigintStr('party_id'),
    invoiceCode: s('invoice_code', 20),
    invoiceNo: s('invoice_no', 24),
    /** special (专票) | normal (普票) */
    invoiceType: s('invoice_type', 12),
    invoiceDate: s('invoice_date', 10),
    amount: money('amount').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    taxAndAmount: money('tax_and_amount').notNull().default('0'),
    purchaserName: s('purchaser_name', 100),
    purchaserTaxpayerId: s('purchaser_taxpayer_id', 20),
    purchaserAddress: s('purchaser_address', 255),
    purchaserBankName: s('purchaser_bank_name', 100),
    purchaserBankAccount: s('purchaser_bank_account', 40),
    sellerName: s('seller_name', 100),
    sellerTaxpayerId: s('seller_taxpayer_id', 20),
    sellerAddress: s('seller_address', 255),
    sellerBankName: s('seller_bank_name', 100),
    sellerBankAccount: s('seller_bank_account', 40),
    /** 反向开票: issued by us for scrap bought from a natural person */
    reverse: integer('reverse').notNull().default(0),
    /** where the fields came from: manual | text | xml | pdf; sha256 of the original file */
    origin: s('origin', 8),
    fileHash: s('file_hash', 64),
    lines: jsonb('lines'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_ar_invoice', t),
    // 进项 / 销项发票 lists: one direction, newest invoice date first (read backwards: the page takes ten rows, the
    // count reads the index; a year's 34,000 invoices were sorted whole for each page)
    index('izs_ar_invoice_direction_date_idx')
      .on(t.tenantId, t.direction, t.invoiceDate, t.id)
      .where(sql`is_deleted = 0`),
    uniqueIndex('izs_ar_invoice_no_uq').on(t.tenantId, t.direction, t.invoiceCode, t.invoiceNo).where(live),
  ],
);

/** Invoice ↔ stock document (票货款 match): the amount of the document this invoice covers. */
export const arInvoiceLink = pgTable(
  'izs_ar_invoice_link',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    invoiceId: bigintStr('invoice_id').notNull(),
    orderId: bigintStr('order_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('izs_ar_invoice_link_inv_idx').on(t.invoiceId), index('izs_ar_invoice_link_order_idx').on(t.orderId)],
);

/**
 * 反向开票: a purchase (reviewed in-stock) from a natural person, the seller's identity, the tax the company handles
 * for him (core/finance-ar reverse.ts) and the evidence. state: pending (待开票) → issued (已开票, invoice number kept) |
 * voided (已作废, frees the in-stock). One live (not voided) record per in-stock.
 */
export const arReverseInvoice = pgTable(
  'izs_ar_reverse',
  {
    ...resourceColumns(),
    orderId: bigintStr('order_id').notNull(),
    orderNo: s('order_no', 32),
    partyId: bigintStr('party_id'),
    sellerName: s('seller_name', 50),
    idNumber: s('id_number', 18),
    phone: s('phone', 20),
    bankCard: s('bank_card', 32),
    /** yyyy-MM of the purchase */
    month: s('month', 7),
    /** 价税合计 paid to the seller */
    amount: money('amount').notNull().default('0'),
    netAmount: money('net_amount').notNull().default('0'),
    /** '0' (免税) | '0.01' */
    taxRate: s('tax_rate', 8),
    taxAmount: money('tax_amount').notNull().default('0'),
    /** 代办个人所得税 (0.5 % of the net) */
    iitAmount: money('iit_amount').notNull().default('0'),
    state: s('state', 16),
    invoiceNo: s('invoice_no', 24),
    issueDate: s('issue_date', 10),
    voidReason: s('void_reason', 255),
    /** { weighingNo?, paymentNos: string[], photos: string[] } */
    evidence: jsonb('evidence'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_ar_reverse', t),
    uniqueIndex('izs_ar_reverse_order_uq').on(t.orderId).where(sql`is_deleted = 0 and state <> 'voided'`),
    index('izs_ar_reverse_seller_idx').on(t.tenantId, t.idNumber, t.month),
  ],
);
