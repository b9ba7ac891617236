/**
 * izs-financing: voucher templates of business documents (凭证模板) per book, and the link from a stock document to
 * the voucher generated from it. DESIGN §5 Accounting: "Business documents generate vouchers from editable
 * templates".
 *
 * Constraints:
 * - every row carries tenant_id and account_set_id; a template belongs to one book and is never visible to another;
 * - a template line has exactly one side (debit | credit) and one amount source (gross 含税金额 | net 不含税金额 |
 *   tax 税额 | cost 成本金额); `aux_source` = 'party' puts the document's supplier / customer on the line as the item
 *   of the book's 供应商 / 客户 dimension;
 * - tax_rate is 'auto' (core/accounting vat.ts `vatRate` for the book's 纳税人性质 at the document date) or a decimal
 *   string such as '0.13' / '0'; stock documents carry no tax data, so amount_includes_tax says whether the
 *   document amount is 不含税 (default: tax added on top) or 价税合计 (split);
 * - izs_fin_doc_voucher links (book, stock document, purpose) to a voucher. A link counts only while its voucher
 *   is live (not deleted, not reversed by a red voucher): deleting or reversing the voucher frees the document
 *   without touching the link row. Generation locks the document row FOR UPDATE, so two generations of one document
 *   queue and the second one sees the first one's link.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const live = sql`is_deleted = 0`;

/** 凭证模板: one business-document kind → one voucher shape. */
export const voucherTemplate = pgTable(
  'izs_fin_voucher_template',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    name: s('name', 64),
    /** in_stock | out_stock | purchase_return | sale_return | assembly | disassembly | conversion (izs_stock_order.doc_type), the 应收单 / money kinds */
    docType: s('doc_type', 24),
    /** voucher word (记 / 转 …) */
    word: s('word', 4),
    /** summary pattern: {单号} {往来单位} {日期} {单据类型} {物料} are replaced */
    summary: s('summary', 200),
    /** 'auto' or a rate such as '0.13' */
    taxRate: s('tax_rate', 8),
    /** 1: the document amount is 价税合计 (split by the rate); 0: it is 不含税 (tax added on top, as the stock ledger
     * values goods at the document amount) */
    amountIncludesTax: integer('amount_includes_tax').notNull().default(0),
    /** 1: used when generation names no template for the kind */
    isDefault: integer('is_default').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_voucher_template', t),
    uniqueIndex('izs_fin_voucher_template_name_uq').on(t.accountSetId, t.name).where(live),
    index('izs_fin_voucher_template_book_idx').on(t.accountSetId, t.docType),
  ],
);

export const voucherTemplateLine = pgTable(
  'izs_fin_voucher_template_line',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    templateId: bigintStr('template_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** '' = the template's summary */
    summary: s('summary', 200),
    accountCode: varchar('account_code', { length: 12 }).notNull(),
    /** debit | credit */
    side: varchar('side', { length: 6 }).notNull(),
    /** gross | net | tax | cost */
    amountSource: varchar('amount_source', { length: 8 }).notNull(),
    /** none | party */
    auxSource: varchar('aux_source', { length: 8 }).notNull().default('none'),
    /** 1: one line per material, on the sub-account of account_code named like the material */
    perMaterial: integer('per_material').notNull().default(0),
  },
  (t) => [index('izs_fin_voucher_template_line_tpl_idx').on(t.templateId)],
);

/** Books whose default templates were created (so that deleting them all does not bring them back). */
export const voucherTemplateInit = pgTable('izs_fin_voucher_template_init', {
  accountSetId: bigintStr('account_set_id').primaryKey(),
  createTime: tstz('create_time').notNull().defaultNow(),
});

/** Stock document → generated voucher. purpose: doc (the document's own voucher) | cost (结转销售成本). */
export const docVoucher = pgTable(
  'izs_fin_doc_voucher',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    accountSetId: bigintStr('account_set_id').notNull(),
    orderId: bigintStr('order_id').notNull(),
    orderNo: s('order_no', 32),
    docType: s('doc_type', 24),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    voucherId: bigintStr('voucher_id').notNull(),
    templateId: bigintStr('template_id'),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('izs_fin_doc_voucher_order_idx').on(t.accountSetId, t.orderId, t.purpose),
    index('izs_fin_doc_voucher_voucher_idx').on(t.voucherId),
  ],
);
