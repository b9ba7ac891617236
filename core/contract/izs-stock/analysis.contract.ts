/**
 * Business analysis of the supply chain (spec §2.4 Analysis): 供应链分析 (/supply-chain/analysis) and 综合报表
 * (/statement-analysis/zm-statement).
 *
 * Constraints:
 * - purchases and sales are the lines of REVIEWED documents whose document date (orderDate) lies in the period;
 *   returns count against them (purchase = in-stock − purchase return, sale = out-stock − sale return); voided
 *   documents do not count;
 * - sale cost is the cost the review booked (out-stock lines at the moving average; a sale return gives its cost
 *   back), gross profit = sale amount − sale cost, margin = profit / sale amount (blank when there is no sale);
 * - opening and closing stock come from the stock movements (as 收发存统计 does), so other movements (sorting,
 *   conversion, voids) show as 其他收发 = closing − opening − purchase + sale in quantity and amount;
 * - quantities are kg with 3 decimals, money yuan with 2, all decimal strings; rows follow the data scope of
 *   each menu on the document's (or stock row's) department.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { dateStr, ref } from './fields.ts';
import { kg3, yuan2 } from './inventory.contract.ts';

const P = '/api/izs-stock/analysis';

export const ANALYSIS_PATHS = {
  /** GET (beginDate, endDate, warehouseId?) → R<AnalysisSummary> (供应链分析). */
  summary: `${P}/summary`,
  /** GET (beginDate, endDate, warehouseId?, materialId?) → R<StatementRow[]> (综合报表, one row per material). */
  statement: `${P}/statement`,
} as const;

export const analysisQuery = z
  .object({
    beginDate: dateStr('开始日期').refine((v) => v !== '', { message: '请选择开始日期' }),
    endDate: dateStr('结束日期').refine((v) => v !== '', { message: '请选择结束日期' }),
    warehouseId: ref('仓库'),
    materialId: ref('物料'),
  })
  .refine((v) => v.beginDate <= v.endDate, { message: '结束日期不能早于开始日期' })
  .refine((v) => daysBetween(v.beginDate, v.endDate) <= 366, { message: '统计区间不能超过一年' });

function daysBetween(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

const margin = z.string().regex(/^(-?\d+\.\d{2})?$/);

export const analysisTotalsSchema = z.object({
  purchaseQty: kg3,
  purchaseAmount: yuan2,
  purchaseDocs: z.number().int(),
  saleQty: kg3,
  saleAmount: yuan2,
  saleCost: yuan2,
  grossProfit: yuan2,
  /** Percent with 2 decimals, '' without sales. */
  margin,
  saleDocs: z.number().int(),
  /** Stock now (all warehouses in scope, or the chosen one). */
  stockQty: kg3,
  stockAmount: yuan2,
});
export type AnalysisTotals = z.infer<typeof analysisTotalsSchema>;

export const analysisDaySchema = z.object({
  date: z.string(),
  purchaseQty: kg3,
  purchaseAmount: yuan2,
  saleQty: kg3,
  saleAmount: yuan2,
});
export type AnalysisDay = z.infer<typeof analysisDaySchema>;

export const analysisMaterialSchema = z.object({
  materialId: z.string(),
  materialName: z.string().nullable(),
  purchaseQty: kg3,
  purchaseAmount: yuan2,
  saleQty: kg3,
  saleAmount: yuan2,
  saleCost: yuan2,
  grossProfit: yuan2,
});
export type AnalysisMaterial = z.infer<typeof analysisMaterialSchema>;

export const analysisPartySchema = z.object({
  partyId: z.string(),
  partyName: z.string().nullable(),
  qty: kg3,
  amount: yuan2,
  docs: z.number().int(),
});
export type AnalysisParty = z.infer<typeof analysisPartySchema>;

export const analysisSummarySchema = z.object({
  totals: analysisTotalsSchema,
  /** Every day of the period, also the quiet ones. */
  daily: z.array(analysisDaySchema),
  /** Materials bought or sold in the period, by sale amount then purchase amount (at most 10). */
  materials: z.array(analysisMaterialSchema),
  /** Top 10 suppliers / customers by amount. */
  suppliers: z.array(analysisPartySchema),
  customers: z.array(analysisPartySchema),
});
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

export const statementRowSchema = z.object({
  materialId: z.string(),
  materialCode: z.string().nullable(),
  materialName: z.string().nullable(),
  openingQty: kg3,
  openingAmount: yuan2,
  purchaseQty: kg3,
  purchaseAmount: yuan2,
  saleQty: kg3,
  saleAmount: yuan2,
  saleCost: yuan2,
  grossProfit: yuan2,
  margin,
  otherQty: kg3,
  otherAmount: yuan2,
  closingQty: kg3,
  closingAmount: yuan2,
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const ANALYSIS_CODES = {
  summary: 'supply_chain_analysis',
  statement: 'statement_analysis_zm_statement',
} as const;

/** 供应链分析 and 综合报表 (handlers in server/modules/izs-stock/analysis.ts). */
export const ANALYSIS = {
  summary: endpoint({
    method: 'GET',
    path: ANALYSIS_PATHS.summary,
    summary: '供应链分析',
    query: analysisQuery,
    answer: analysisSummarySchema,
    permission: { code: ANALYSIS_CODES.summary, action: 'view' },
    provides: ['StockQuery'],
  }),
  statement: endpoint({
    method: 'GET',
    path: ANALYSIS_PATHS.statement,
    summary: '综合报表（每个物料）',
    query: analysisQuery,
    answer: z.array(statementRowSchema),
    permission: { code: ANALYSIS_CODES.statement, action: 'view' },
    provides: ['StockQuery'],
  }),
};
