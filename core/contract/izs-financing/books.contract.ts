/**
 * Books and statements of the current account set, computed from opening balances plus voucher lines (DESIGN §5):
 * the server sums lines in SQL per (account, auxiliary item, period) and hands the sums to core/accounting
 * (Ledger, trialBalance, generalLedger, subsidiaryLedger, computeStatement). Every amount is a 2-decimal string.
 * By default every saved voucher counts (online style); `posted=1` restricts to posted vouchers.
 *
 * Endpoints (under /api/izs-financing):
 *   GET ledger/balance          periodFrom, periodTo, level? (1–4, default all), includeZero?, posted?
 *                               → TrialBalanceAnswer (科目余额表; totals over level-1; balanced + problems)
 *   GET ledger/balance-aux      accountCode, periodFrom, periodTo, posted? → AuxBalanceAnswer (余额表 by 辅助核算 item)
 *   GET ledger/subsidiary       accountCode, periodFrom, periodTo, auxKey?, posted? → LedgerAnswer (明细账)
 *   GET ledger/general          periodFrom, periodTo, accountCode? (default: every level-1 account with figures),
 *                               posted? → GeneralLedgerAnswer (总账)
 *   GET daybook/list            kind cash | bank, periodFrom, periodTo, accountCode?, posted? → GeneralLedgerAnswer
 *                               (现金 / 银行日记账: the subsidiary ledger of each leaf under 库存现金 / 银行存款)
 *   GET report/balance-sheet    period, posted? → StatementAnswer (columns closing, yearOpening; must balance)
 *   GET report/income-statement period, posted? → StatementAnswer (columns month, ytd; 结转损益 lines excluded)
 *   GET home/summary            period? (default: the first open period) → HomeSummary (财务首页)
 * Permissions (view): finance_ledger_balance, finance_subject_detail, finance_ledger_list, accounting_daybook_list,
 * finance_balance_sheet, finance_profit_list, accounting_home.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { money } from '../fields.ts';
import { num } from '../input.ts';
import { FIN, FIN_PERMISSIONS, period } from './fields.ts';

export const LEDGER_PATHS = {
  balance: `${FIN}/ledger/balance`,
  balanceAux: `${FIN}/ledger/balance-aux`,
  subsidiary: `${FIN}/ledger/subsidiary`,
  general: `${FIN}/ledger/general`,
  daybook: `${FIN}/daybook/list`,
  balanceSheet: `${FIN}/report/balance-sheet`,
  incomeStatement: `${FIN}/report/income-statement`,
  home: `${FIN}/home/summary`,
} as const;

const flagText = z.string().optional();

export const rangeQuery = z.object({
  periodFrom: period('开始期间'),
  periodTo: period('结束期间'),
  posted: flagText,
});

export const balanceQuery = rangeQuery.extend({
  level: num({ error: '科目级次必须是数字' }).int().min(1, '科目级次最小为1').max(4, '科目级次最大为4').optional(),
  includeZero: flagText,
});

export const accountRangeQuery = rangeQuery.extend({
  accountCode: z
    .string({ error: '请选择科目' })
    .trim()
    .regex(/^\d{4}(\d{2}){0,3}$/, '请选择科目'),
  auxKey: z.string().trim().max(200).optional(),
});

export const generalQuery = rangeQuery.extend({
  accountCode: z
    .string()
    .trim()
    .regex(/^(\d{4}(\d{2}){0,3})?$/, '科目编码格式不正确')
    .optional(),
});

export const daybookQuery = generalQuery.extend({
  kind: z.enum(['cash', 'bank'], { error: '日记账类型应为 cash 或 bank' }),
});

export const statementQuery = z.object({ period: period(), posted: flagText });
export const homeQuery = z.object({ period: period().optional() });

/** Figures of a trial-balance row: each balance on its side. */
export const balanceFiguresSchema = z.object({
  openingDebit: money,
  openingCredit: money,
  periodDebit: money,
  periodCredit: money,
  ytdDebit: money,
  ytdCredit: money,
  closingDebit: money,
  closingCredit: money,
});
export type BalanceFigures = z.infer<typeof balanceFiguresSchema>;

export const trialBalanceRowSchema = balanceFiguresSchema.extend({
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  direction: z.enum(['debit', 'credit']),
  category: z.string(),
  leaf: z.boolean(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;

export const trialBalanceSchema = z.object({
  periodFrom: z.string(),
  periodTo: z.string(),
  rows: z.array(trialBalanceRowSchema),
  totals: balanceFiguresSchema,
  balanced: z.boolean(),
  problems: z.array(z.string()),
});
export type TrialBalanceAnswer = z.infer<typeof trialBalanceSchema>;

export const auxBalanceRowSchema = balanceFiguresSchema.extend({
  auxKey: z.string(),
  auxNames: z.array(z.string()),
});
export type AuxBalanceRow = z.infer<typeof auxBalanceRowSchema>;

export const auxBalanceSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  rows: z.array(auxBalanceRowSchema),
  totals: balanceFiguresSchema,
});
export type AuxBalanceAnswer = z.infer<typeof auxBalanceSchema>;

export const ledgerRowSchema = z.object({
  kind: z.enum(['opening', 'posting', 'periodTotal', 'yearTotal']),
  period: z.string(),
  date: z.string(),
  /** 记-3 */
  voucher: z.string(),
  voucherId: z.string(),
  summary: z.string(),
  debit: money,
  credit: money,
  /** 借 | 贷 | 平 */
  side: z.string(),
  balance: money,
});
export type LedgerRowAnswer = z.infer<typeof ledgerRowSchema>;

export const ledgerSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  auxKey: z.string(),
  auxNames: z.array(z.string()),
  periodFrom: z.string(),
  periodTo: z.string(),
  rows: z.array(ledgerRowSchema),
});
export type LedgerAnswer = z.infer<typeof ledgerSchema>;

export const generalLedgerSchema = z.object({
  periodFrom: z.string(),
  periodTo: z.string(),
  accounts: z.array(z.object({ code: z.string(), name: z.string(), rows: z.array(ledgerRowSchema) })),
});
export type GeneralLedgerAnswer = z.infer<typeof generalLedgerSchema>;

export const statementRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  section: z.string(),
  kind: z.enum(['item', 'sub_item', 'sub_total', 'total']),
  formula: z.string(),
  note: z.string(),
  /** balance sheet: closing / yearOpening; income statement: month / ytd */
  values: z.record(z.string(), money),
});
export type StatementRowAnswer = z.infer<typeof statementRowSchema>;

export const statementSchema = z.object({
  report: z.enum(['balance_sheet', 'income_statement']),
  period: z.string(),
  standard: z.enum(['small', 'enterprise']),
  rows: z.array(statementRowSchema),
  checks: z.array(z.object({ label: z.string(), column: z.string(), left: money, right: money, ok: z.boolean() })),
  /** every check ok (income statement: true) */
  balanced: z.boolean(),
  warnings: z.array(z.string()),
});
export type StatementAnswer = z.infer<typeof statementSchema>;

export const homeSummarySchema = z.object({
  period: z.string(),
  /** closing balances at the period end, in the account's direction */
  cash: money,
  bank: money,
  receivable: money,
  payable: money,
  /** 利润总额 of the income statement (month / year to date) */
  profitMonth: money,
  profitYtd: money,
  /** the last six periods up to `period`: 营业收入 and 利润总额 per month */
  trend: z.array(z.object({ period: z.string(), income: money, profit: money })),
  voucherCounts: z.object({ saved: z.number().int(), reviewed: z.number().int(), posted: z.number().int() }),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

const view = (code: string) => ({ code, action: 'view' }) as const;
/** Every book is computed from the vouchers, the openings and the chart. */
const BOOK_READS = ['Fin', 'FinOpening', 'FinAccount'] as const;
const read = <Q extends z.ZodType, A extends z.ZodType>(
  path: string,
  summary: string,
  query: Q,
  answer: A,
  code: string,
) => endpoint({ method: 'GET', path, summary, query, answer, permission: view(code), provides: BOOK_READS });

/** 账簿 and 报表 (books.ts). */
export const BOOKS = {
  balance: read(LEDGER_PATHS.balance, '科目余额表', balanceQuery, trialBalanceSchema, FIN_PERMISSIONS.balance),
  balanceAux: read(
    LEDGER_PATHS.balanceAux,
    '辅助核算余额表',
    accountRangeQuery,
    auxBalanceSchema,
    FIN_PERMISSIONS.balance,
  ),
  subsidiary: read(LEDGER_PATHS.subsidiary, '明细账', accountRangeQuery, ledgerSchema, FIN_PERMISSIONS.subsidiary),
  general: read(LEDGER_PATHS.general, '总账', generalQuery, generalLedgerSchema, FIN_PERMISSIONS.general),
  daybook: read(LEDGER_PATHS.daybook, '现金 / 银行日记账', daybookQuery, generalLedgerSchema, FIN_PERMISSIONS.daybook),
  balanceSheet: read(
    LEDGER_PATHS.balanceSheet,
    '资产负债表',
    statementQuery,
    statementSchema,
    FIN_PERMISSIONS.balanceSheet,
  ),
  incomeStatement: read(
    LEDGER_PATHS.incomeStatement,
    '利润表',
    statementQuery,
    statementSchema,
    FIN_PERMISSIONS.incomeStatement,
  ),
  home: read(LEDGER_PATHS.home, '财务首页', homeQuery, homeSummarySchema, FIN_PERMISSIONS.home),
};
