/**
 * izs-financing: account sets (账套) and everything kept per book — members, the chart of accounts, auxiliary
 * dimensions and their items, opening balances, voucher words, vouchers with their lines and the voucher-number
 * counters. DESIGN §5 Accounting; the rules themselves live in core/accounting.
 *
 * Constraints:
 * - every row carries tenant_id and account_set_id; a book belongs to exactly one department (dept_id);
 * - money is numeric(18,2), quantities numeric(18,4), unit prices numeric(18,6) — decimal strings end to end;
 * - closed periods form a prefix of the book's periods, so the book stores only `closed_through` (the last closed
 *   period, '' when none): the first open period is the one after it (or the start period);
 * - a voucher number is unique per (book, period, word) among live vouchers and is drawn from
 *   izs_fin_voucher_counter inside the voucher's transaction (the upsert holds the counter row's lock until
 *   commit, so concurrent savers queue and a rolled-back save gives its number back);
 * - voucher lines repeat the voucher's period and posted flag so that ledgers sum lines in SQL without a join.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;
const tenantCol = () => varchar('tenant_id', { length: 12 }).notNull();

/** 账套. Spec §3 "Account set (book)". */
export const accountSet = pgTable(
  'izs_fin_account_set',
  {
    ...resourceColumns(),
    name: s('name', 64),
    /** 1 小企业会计准则, 2 企业会计准则 */
    accountingSystem: integer('accounting_system').notNull(),
    /** '1' 一般纳税人, '2' 小规模纳税人 */
    taxNature: s('tax_nature', 1),
    /** yyyy-MM-dd; its month is the start period (启用期间) */
    enableDate: s('enable_date', 10),
    startPeriod: s('start_period', 7),
    /** last closed period (yyyy-MM), '' when none is closed */
    closedThrough: s('closed_through', 7),
    enableInvoice: varchar('enable_invoice', { length: 1 }).notNull().default('0'),
    /** 1 制造业 … (dictionary of the create dialog) */
    industryInvolved: integer('industry_involved').notNull().default(1),
    /** 纳税人识别号 */
    dutyParagraph: s('duty_paragraph', 20),
    /** 税务地区 (GB/T 2260 region code) */
    taxAddress: s('tax_address', 12),
    /** '1': the department's default book */
    isDefault: varchar('is_default', { length: 1 }).notNull().default('0'),
    /** 凭证审核: closing needs every voucher reviewed */
    reviewRequired: integer('review_required').notNull().default(1),
    /** 审核人可与制单人相同 */
    allowSelfReview: integer('allow_self_review').notNull().default(0),
    /** 过账: closing needs every voucher posted */
    postingRequired: integer('posting_required').notNull().default(1),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_account_set', t),
    uniqueIndex('izs_fin_account_set_name_uq').on(t.tenantId, t.deptId, t.name).where(live),
  ],
);

/** 账套用户: who may use which book; `supervisor` = 账套主管 (reverse close, members, unreview of others). */
export const accountSetUser = pgTable(
  'izs_fin_account_set_user',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    userId: bigintStr('user_id').notNull(),
    supervisor: integer('supervisor').notNull().default(0),
    /** '1': this user's default book in the book's department */
    isDefault: varchar('is_default', { length: 1 }).notNull().default('0'),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('izs_fin_account_set_user_uq').on(t.accountSetId, t.userId),
    index('izs_fin_account_set_user_user_idx').on(t.userId),
  ],
);

/** 会计科目 of one book: copied from the standard's preset chart at creation, user sub-accounts 4-2-2. */
export const finAccount = pgTable(
  'izs_fin_account',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    code: varchar('code', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
    level: integer('level').notNull(),
    /** 资产 负债 所有者权益 成本 损益 共同 */
    category: varchar('category', { length: 8 }).notNull(),
    /** debit | credit */
    direction: varchar('direction', { length: 6 }).notNull(),
    /** 1: from the standard's chart (cannot be deleted) */
    preset: integer('preset').notNull().default(0),
    /** 数量核算 */
    quantity: integer('quantity').notNull().default(0),
    unit: s('unit', 16),
    /** required 辅助核算 dimensions: comma list of izs_fin_dimension ids */
    auxDims: s('aux_dims', 255),
    ...audit(),
  },
  (t) => [
    uniqueIndex('izs_fin_account_code_uq').on(t.accountSetId, t.code).where(live),
    index('izs_fin_account_book_idx').on(t.accountSetId),
  ],
);

/** 核算维度: 客户 供应商 部门 职员 项目 存货 and custom ones, per book. */
export const finDimension = pgTable(
  'izs_fin_dimension',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    code: s('code', 32),
    name: s('name', 32),
    /** customer | supplier | dept | staff | project | inventory | custom */
    source: s('source', 16),
    preset: integer('preset').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_dimension', t),
    uniqueIndex('izs_fin_dimension_name_uq').on(t.accountSetId, t.name).where(live),
  ],
);

/** 辅助核算项目: the items of a dimension (a customer, a project …). */
export const finDimensionData = pgTable(
  'izs_fin_dimension_data',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    dimensionId: bigintStr('dimension_id').notNull(),
    code: s('code', 32),
    name: s('name', 100),
    /** the base-data row it mirrors (related party, dept, staff, material), null for manual items */
    sourceId: bigintStr('source_id'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_dimension_data', t),
    uniqueIndex('izs_fin_dimension_data_code_uq').on(t.dimensionId, t.code).where(live),
    index('izs_fin_dimension_data_dim_idx').on(t.accountSetId, t.dimensionId),
  ],
);

/** 期初余额 on a leaf account (and auxiliary item), as of the first day of the start period. */
export const finOpening = pgTable(
  'izs_fin_opening',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    accountCode: varchar('account_code', { length: 12 }).notNull(),
    /** '' or `dimId:itemId|dimId:itemId` sorted by dimension id */
    auxKey: s('aux_key', 200),
    aux: jsonb('aux').$type<Record<string, string>>(),
    /** in the account's own direction (贷方科目: credit positive) */
    balance: money('balance').notNull().default('0'),
    /** 本年累计借方 / 贷方 before the start period (mid-year start) */
    ytdDebit: money('ytd_debit').notNull().default('0'),
    ytdCredit: money('ytd_credit').notNull().default('0'),
    /** 损益类: 本年累计实际发生额 (结转损益 excluded), in the account's direction */
    ytdPl: money('ytd_pl').notNull().default('0'),
    quantity: numeric('quantity', { precision: 18, scale: 4, mode: 'string' }),
    updateUser: bigintStr('update_user'),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('izs_fin_opening_uq').on(t.accountSetId, t.accountCode, t.auxKey)],
);

/** 凭证字 with its restriction (period_rules §2). */
export const voucherWord = pgTable(
  'izs_fin_voucher_word',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    word: s('word', 4),
    name: s('name', 32),
    /** none | debitMust | creditMust | voucherMust | voucherMustNot | debitMustNot | creditMustNot */
    restriction: varchar('restriction', { length: 16 }).notNull().default('none'),
    /** account codes of the restriction, comma list */
    codes: s('codes', 255),
    isDefault: integer('is_default').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    resourceIndex('izs_fin_voucher_word', t),
    uniqueIndex('izs_fin_voucher_word_uq').on(t.accountSetId, t.word).where(live),
  ],
);

/** 计量单位 of a book: what 数量核算 accounts count in (the account keeps the unit's name). */
export const finUnit = pgTable(
  'izs_fin_unit',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    code: s('code', 16),
    name: s('name', 16),
    precision: integer('precision').notNull().default(4),
    sort: integer('sort').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_fin_unit', t), uniqueIndex('izs_fin_unit_name_uq').on(t.accountSetId, t.name).where(live)],
);

/** 记账凭证. state saved → reviewed → posted; kind manual | carryForward | yearEnd | reversal. */
export const voucher = pgTable(
  'izs_fin_voucher',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    period: s('period', 7),
    word: s('word', 4),
    no: integer('no').notNull(),
    voucherDate: s('voucher_date', 10),
    attachments: integer('attachments').notNull().default(0),
    state: varchar('state', { length: 10 }).notNull().default('saved'),
    kind: varchar('kind', { length: 16 }).notNull().default('manual'),
    debitTotal: money('debit_total').notNull().default('0'),
    creditTotal: money('credit_total').notNull().default('0'),
    /** the first line's summary, for lists */
    summary: s('summary', 200),
    remark: s('remark', 255),
    reviewer: bigintStr('reviewer'),
    reviewTime: tstz('review_time'),
    poster: bigintStr('poster'),
    postTime: tstz('post_time'),
    /** a red reversal: the voucher it cancels */
    sourceVoucherId: bigintStr('source_voucher_id'),
    /** set on the cancelled voucher */
    reversedById: bigintStr('reversed_by_id'),
  },
  (t) => [
    uniqueIndex('izs_fin_voucher_no_uq').on(t.accountSetId, t.period, t.word, t.no).where(live),
    index('izs_fin_voucher_book_idx').on(t.accountSetId, t.isDeleted, t.period),
    // vouchers waiting for review or posting (the dashboard's counts): the few open ones, not the year's
    index('izs_fin_voucher_open_idx')
      .on(t.tenantId, t.state)
      .where(sql`is_deleted = 0 and state in ('saved', 'reviewed')`),
  ],
);

export const voucherLine = pgTable(
  'izs_fin_voucher_line',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    voucherId: bigintStr('voucher_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** the voucher's period (repeated for SQL sums) */
    period: varchar('period', { length: 7 }).notNull(),
    summary: s('summary', 200),
    accountCode: varchar('account_code', { length: 12 }).notNull(),
    aux: jsonb('aux').$type<Record<string, string>>(),
    auxKey: s('aux_key', 200),
    debit: money('debit').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
    quantity: numeric('quantity', { precision: 18, scale: 4, mode: 'string' }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6, mode: 'string' }),
    /** a 结转损益 line: left out of income-statement figures */
    carryForward: integer('carry_forward').notNull().default(0),
    /** the voucher is posted (repeated for SQL sums) */
    posted: integer('posted').notNull().default(0),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [
    index('izs_fin_voucher_line_sum_idx').on(t.accountSetId, t.isDeleted, t.period, t.accountCode),
    index('izs_fin_voucher_line_voucher_idx').on(t.voucherId),
  ],
);

/**
 * Maintained period sums (issue 25): Σ debit, Σ credit and the count of live voucher lines per (book, account, auxiliary
 * key, period, 结转损益 flag, posted flag), kept by the statement-level triggers of migration 0021 on
 * izs_fin_voucher_line in the same transaction as every write of a line (save, edit, post, un-post, delete, generated
 * and carried-forward vouchers alike). Statements and ledgers read these rows instead of summing every line, so their
 * cost follows the number of accounts × periods, not of lines. `npm run ledger:verify` recomputes them from the lines
 * (and `-- --rebuild` rewrites them).
 * Constraints: a group's sums equal the sums of its live lines (checked by ledger:verify and the tests). No CHECK on
 * `lines`: PostgreSQL checks an INSERT … ON CONFLICT's proposed row before it finds the conflict, and the triggers
 * propose negative rows to subtract.
 */
export const finPeriodSum = pgTable(
  'izs_fin_period_sum',
  {
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    accountCode: varchar('account_code', { length: 12 }).notNull(),
    auxKey: s('aux_key', 200),
    period: varchar('period', { length: 7 }).notNull(),
    carryForward: integer('carry_forward').notNull(),
    posted: integer('posted').notNull(),
    debit: money('debit').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountSetId, t.accountCode, t.auxKey, t.period, t.carryForward, t.posted] })],
);

/**
 * The version of a book's chart of accounts (issue 25): migration 0023's triggers upsert a fresh value of
 * loopyard_id_seq here whenever a statement writes the book's izs_fin_account rows, in that statement's transaction
 * (a sequence never hands a value out twice, not even to a rolled-back transaction). A process keeps each book's
 * parsed chart under this value (book.ts loadBookChart). A table of its own, not a column of the book: voucher writes
 * hold the book row FOR SHARE, and a chart write inside one of them must not have to upgrade that lock.
 */
export const finChartVersion = pgTable('izs_fin_chart_version', {
  accountSetId: bigintStr('account_set_id').primaryKey(),
  version: bigintStr('version').notNull(),
});

/** Last voucher number per (book, period, word). */
export const voucherCounter = pgTable(
  'izs_fin_voucher_counter',
  {
    accountSetId: bigintStr('account_set_id').notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    word: varchar('word', { length: 4 }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountSetId, t.period, t.word] })],
);

/**
 * 业财对账 runs (issue 21): one row per run of a book and period (on demand or nightly); the screen and the finance
 * wall screen's badge read the newest. `result` holds the checks and orphans as answered (reconcile.contract.ts).
 */
export const reconRun = pgTable(
  'izs_fin_recon_run',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    /** manual | nightly */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    clean: integer('clean').notNull(),
    differences: integer('differences').notNull().default(0),
    result: jsonb('result').notNull(),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('izs_fin_recon_run_book_idx').on(t.accountSetId, t.period, t.createTime)],
);
