/**
 * izs-financing fixed assets (固定资产, research fixed_assets.md): asset types with default lives, asset cards, the
 * card history (acquisition, changes, disposal), monthly depreciation runs and their per-card lines.
 *
 * Constraints:
 * - every row carries tenant_id and account_set_id (the book); money is numeric(18,2), rates numeric(9,6),
 *   workloads numeric(18,4) — decimal strings end to end, never floats;
 * - a card's 累计折旧 is never stored: it is its 期初累计折旧 + Σ of its depreciation lines whose run's voucher is live;
 * - one live run per (book, period) (partial unique index); a run counts only while its voucher is live: deleting
 *   the run's unposted voucher (voucher/remove or the run's undo) undoes the run (the stale row is retired by the
 *   next run of that period);
 * - a disposed card (state 'disposed', disposal_period) is still depreciated in its disposal month, never after.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk, resourceColumns, resourceIndex } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'string' });
const rate = (name: string) => numeric(name, { precision: 9, scale: 6, mode: 'string' });
const live = sql`is_deleted = 0`;
const tenantCol = () => varchar('tenant_id', { length: 12 }).notNull();

/** 资产类别 of one book: default life, method, residual rate and accounts of new cards. */
export const assetType = pgTable(
  'izs_fin_asset_type',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    code: s('code', 16),
    name: s('name', 64),
    /** the tax category of 《企业所得税法实施条例》第60条 ('' = none) */
    taxCategory: s('tax_category', 64),
    /** default 预计使用月数 */
    lifeMonths: integer('life_months').notNull(),
    /** tax minimum in months (0 = none) */
    minLifeMonths: integer('min_life_months').notNull().default(0),
    /** straightLine | workload | doubleDeclining | sumOfYears */
    method: varchar('method', { length: 16 }).notNull().default('straightLine'),
    residualRate: rate('residual_rate').notNull().default('0.05'),
    assetAccount: s('asset_account', 12),
    accumAccount: s('accum_account', 12),
    expenseAccount: s('expense_account', 12),
    sort: integer('sort').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_asset_type', t),
    uniqueIndex('izs_fin_asset_type_code_uq').on(t.accountSetId, t.code).where(live),
  ],
);

/** 资产卡片. */
export const asset = pgTable(
  'izs_fin_asset',
  {
    ...resourceColumns(),
    accountSetId: bigintStr('account_set_id').notNull(),
    code: s('code', 32),
    name: s('name', 100),
    typeId: bigintStr('type_id').notNull(),
    /** 使用部门 (free text, e.g. 生产部) */
    useDept: s('use_dept', 64),
    spec: s('spec', 100),
    /** 开始使用日期 yyyy-MM-dd: depreciation starts the month after */
    inServiceDate: s('in_service_date', 10),
    cost: money('cost').notNull(),
    residualRate: rate('residual_rate').notNull().default('0.05'),
    lifeMonths: integer('life_months').notNull(),
    method: varchar('method', { length: 16 }).notNull().default('straightLine'),
    /** 工作量法: 预计总工作量 and its unit */
    totalWorkload: numeric('total_workload', { precision: 18, scale: 4, mode: 'string' }),
    workloadUnit: s('workload_unit', 16),
    assetAccount: s('asset_account', 12),
    accumAccount: s('accum_account', 12),
    expenseAccount: s('expense_account', 12),
    /** 期初累计折旧: depreciation before the card was entered (already in 1602's opening balance) */
    openingAccumulated: money('opening_accumulated').notNull().default('0'),
    /** 1 after a change of value or life: straight-line over the remaining months from then on */
    reestimated: integer('reestimated').notNull().default(0),
    /** normal | disposed */
    state: varchar('state', { length: 10 }).notNull().default('normal'),
    disposalDate: s('disposal_date', 10),
    disposalPeriod: s('disposal_period', 7),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_fin_asset', t),
    uniqueIndex('izs_fin_asset_code_uq').on(t.accountSetId, t.code).where(live),
    index('izs_fin_asset_book_idx').on(t.accountSetId, t.isDeleted),
  ],
);

/** 资产变动记录: acquisition, change (value / life / department…), disposal; `changes` = field → [old, new]. */
export const assetChange = pgTable(
  'izs_fin_asset_change',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    assetId: bigintStr('asset_id').notNull(),
    /** acquire | change | dispose */
    kind: varchar('kind', { length: 10 }).notNull(),
    changeDate: s('change_date', 10),
    period: s('period', 7),
    /** 原值 movement of this change (acquisition: +cost, change: new − old, disposal: −cost) */
    costDelta: money('cost_delta').notNull().default('0'),
    /** disposal: − accumulated written off */
    accumDelta: money('accum_delta').notNull().default('0'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    reason: s('reason', 255),
    /** acquisition / disposal: the voucher generated for it (counts while live and not reversed) */
    voucherId: bigintStr('voucher_id'),
    ...audit(),
  },
  (t) => [index('izs_fin_asset_change_asset_idx').on(t.accountSetId, t.assetId)],
);

/** 计提折旧 run of one period; live while its voucher is live. */
export const depreciationRun = pgTable(
  'izs_fin_depr_run',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    period: s('period', 7),
    voucherId: bigintStr('voucher_id'),
    total: money('total').notNull().default('0'),
    assetCount: integer('asset_count').notNull().default(0),
    ...audit(),
  },
  (t) => [uniqueIndex('izs_fin_depr_run_uq').on(t.accountSetId, t.period).where(live)],
);

/** One card's depreciation in a run. */
export const depreciationLine = pgTable(
  'izs_fin_depr_line',
  {
    id: idPk(),
    tenantId: tenantCol(),
    accountSetId: bigintStr('account_set_id').notNull(),
    runId: bigintStr('run_id').notNull(),
    assetId: bigintStr('asset_id').notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    amount: money('amount').notNull(),
    /** 工作量法: the month's workload */
    workload: numeric('workload', { precision: 18, scale: 4, mode: 'string' }),
    accumAccount: s('accum_account', 12),
    expenseAccount: s('expense_account', 12),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [
    index('izs_fin_depr_line_asset_idx').on(t.accountSetId, t.assetId, t.isDeleted),
    index('izs_fin_depr_line_run_idx').on(t.runId),
  ],
);
