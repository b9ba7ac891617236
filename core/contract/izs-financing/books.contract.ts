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
import { FIN, period } from './fields.ts';

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
  level: z.coerce
    .number({ error: '科目级次必须是数字' })
    .int()
    .min(1, '科目级次最小为1')
    .max(4, '科目级次最大为4')
    .optional(),
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
export interface BalanceFigures {
  openingDebit: string;
  openingCredit: string;
  periodDebit: string;
  periodCredit: string;
  ytdDebit: string;
  ytdCredit: string;
  closingDebit: string;
  closingCredit: string;
}

export interface TrialBalanceRow extends BalanceFigures {
  code: string;
  name: string;
  level: number;
  direction: 'debit' | 'credit';
  category: string;
  leaf: boolean;
}

export interface TrialBalanceAnswer {
  periodFrom: string;
  periodTo: string;
  rows: TrialBalanceRow[];
  totals: BalanceFigures;
  balanced: boolean;
  problems: string[];
}

export interface AuxBalanceRow extends BalanceFigures {
  auxKey: string;
  auxNames: string[];
}

export interface AuxBalanceAnswer {
  accountCode: string;
  accountName: string;
  periodFrom: string;
  periodTo: string;
  rows: AuxBalanceRow[];
  totals: BalanceFigures;
}

export interface LedgerRowAnswer {
  kind: 'opening' | 'posting' | 'periodTotal' | 'yearTotal';
  period: string;
  date: string;
  /** 记-3 */
  voucher: string;
  voucherId: string;
  summary: string;
  debit: string;
  credit: string;
  /** 借 | 贷 | 平 */
  side: string;
  balance: string;
}

export interface LedgerAnswer {
  accountCode: string;
  accountName: string;
  auxKey: string;
  auxNames: string[];
  periodFrom: string;
  periodTo: string;
  rows: LedgerRowAnswer[];
}

export interface GeneralLedgerAnswer {
  periodFrom: string;
  periodTo: string;
  accounts: { code: string; name: string; rows: LedgerRowAnswer[] }[];
}

export interface StatementRowAnswer {
  line: number;
  name: string;
  section: string;
  kind: 'item' | 'sub_item' | 'sub_total' | 'total';
  formula: string;
  note: string;
  /** balance sheet: closing / yearOpening; income statement: month / ytd */
  values: Record<string, string>;
}

export interface StatementAnswer {
  report: 'balance_sheet' | 'income_statement';
  period: string;
  standard: 'small' | 'enterprise';
  rows: StatementRowAnswer[];
  checks: { label: string; column: string; left: string; right: string; ok: boolean }[];
  /** every check ok (income statement: true) */
  balanced: boolean;
  warnings: string[];
}

export interface HomeSummary {
  period: string;
  /** closing balances at the period end, in the account's direction */
  cash: string;
  bank: string;
  receivable: string;
  payable: string;
  /** 利润总额 of the income statement (month / year to date) */
  profitMonth: string;
  profitYtd: string;
  /** the last six periods up to `period`: 营业收入 and 利润总额 per month */
  trend: { period: string; income: string; profit: string }[];
  voucherCounts: { saved: number; reviewed: number; posted: number };
}
