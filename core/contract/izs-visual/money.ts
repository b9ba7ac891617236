/**
 * Answers of the finance and tax wall screens (visual.contract.ts): the books (voucher lines and openings) and the
 * receivables / payables and invoices of izs-finance-ar.
 *
 * Constraints:
 * - receivables / payables: reviewed 应收单 / 应付单 with amount > settled; overdue = open past its due date (the
 *   party's payment terms, as the 往来余额 screen); aging buckets by document date (core/finance-ar AGING_BUCKETS);
 * - invoices: live 进项 (in) / 销项 (out) invoices by invoice date; pending = reviewed in/out-stocks not fully
 *   invoiced (goods − Σ invoice links, as 票货款 match); reverse = invoices marked 反向开票;
 * - 本年利润 = the year's voucher lines of 损益 accounts + the opening 本年累计损益 (ytd_pl) of books started in
 *   this year (mid-year start).
 */
import { z } from 'zod';
import { day, id, month, pct, yuan } from './fields.ts';

export const agingFigure = z.object({ d0_30: yuan, d31_60: yuan, d61_90: yuan, d90p: yuan, total: yuan });

/**
 * Open receivables (side ar) or payables (ap) of the books' companies (their departments and those below, within the
 * caller's data scope — as 业财对账 counts a book), as of the server's today.
 */
export const arapFigure = z.object({
  /**
   * 应收账款 / 应付账款 余额 — what 业财对账 and the ledger account 1122 / 2202 count (issue 21): the open documents
   * less the money received / paid and not yet settled (未核销的预收 / 预付) = Σ 应收单 − 收款 + 退款 − 对冲
   */
  balance: yuan,
  /** Σ open reviewed documents (amount − settled): what the aging buckets add up to */
  open: yuan,
  /** reviewed 收款单 / 付款单 money not settled against documents yet (预收 / 预付) */
  unapplied: yuan,
  overdue: yuan,
  /** open and due within the next 7 days (not yet overdue) */
  dueSoon: yuan,
  docs: z.number().int(),
  overdueDocs: z.number().int(),
  aging: agingFigure,
  top: z.array(z.object({ partyId: id, partyName: z.string(), open: yuan, overdue: yuan })),
});
export type ArapFigure = z.infer<typeof arapFigure>;

const book = z.object({ accountSetId: id, name: z.string(), deptName: z.string() });

export const financeAnswer = z.object({
  today: day,
  books: z.array(book),
  cash: yuan,
  bank: yuan,
  profitMonth: yuan,
  profitYear: yuan,
  /** the part of profitYear carried in the openings (本年累计损益 of books started this year) */
  profitYearOpening: yuan,
  revenueMonth: yuan,
  trend: z.array(z.object({ period: month, revenue: yuan, profit: yuan, cashAndBank: yuan })),
  receivables: arapFigure,
  payables: arapFigure,
  /** 业财对账 (issue 21): the newest kept run of each book in scope (none when a book was never reconciled) */
  reconcile: z.array(
    z.object({
      accountSetId: id,
      bookName: z.string(),
      period: month,
      clean: z.boolean(),
      differences: z.number().int(),
      runTime: z.string(),
    }),
  ),
});
export type FinanceAnswer = z.infer<typeof financeAnswer>;

const vatRow = z.object({
  outputVat: yuan,
  inputVat: yuan,
  payableVat: yuan,
  revenue: yuan,
  burden: pct,
  /** 销项 / 进项 tax of the invoices dated in the period */
  invoiceOutputVat: yuan,
  invoiceInputVat: yuan,
});
export const taxAnswer = z.object({
  today: day,
  books: z.array(book),
  months: z.array(vatRow.extend({ period: month })),
  year: vatRow,
  /** 待开发票: reviewed out-stocks (to invoice) and in-stocks (to receive) not fully invoiced */
  invoices: z.object({
    salesDocs: z.number().int(),
    salesAmount: yuan,
    purchaseDocs: z.number().int(),
    purchaseAmount: yuan,
  }),
  /** 反向开票 this year: invoices issued for scrap bought from natural persons, and the evidence records */
  reverseInvoices: z.object({ count: z.number().int(), amount: yuan, taxAmount: yuan, evidence: z.number().int() }),
});
export type TaxAnswer = z.infer<typeof taxAnswer>;
