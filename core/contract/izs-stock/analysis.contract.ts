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
import { dateStr, ref } from './fields.ts';

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

export interface AnalysisTotals {
  purchaseQty: string;
  purchaseAmount: string;
  purchaseDocs: number;
  saleQty: string;
  saleAmount: string;
  saleCost: string;
  grossProfit: string;
  /** Percent with 2 decimals, '' without sales. */
  margin: string;
  saleDocs: number;
  /** Stock now (all warehouses in scope, or the chosen one). */
  stockQty: string;
  stockAmount: string;
}

export interface AnalysisDay {
  date: string;
  purchaseQty: string;
  purchaseAmount: string;
  saleQty: string;
  saleAmount: string;
}

export interface AnalysisMaterial {
  materialId: string;
  materialName: string | null;
  purchaseQty: string;
  purchaseAmount: string;
  saleQty: string;
  saleAmount: string;
  saleCost: string;
  grossProfit: string;
}

export interface AnalysisParty {
  partyId: string;
  partyName: string | null;
  qty: string;
  amount: string;
  docs: number;
}

export interface AnalysisSummary {
  totals: AnalysisTotals;
  /** Every day of the period, also the quiet ones. */
  daily: AnalysisDay[];
  /** Materials bought or sold in the period, by sale amount then purchase amount (at most 10). */
  materials: AnalysisMaterial[];
  /** Top 10 suppliers / customers by amount. */
  suppliers: AnalysisParty[];
  customers: AnalysisParty[];
}

export interface StatementRow {
  materialId: string;
  materialCode: string | null;
  materialName: string | null;
  openingQty: string;
  openingAmount: string;
  purchaseQty: string;
  purchaseAmount: string;
  saleQty: string;
  saleAmount: string;
  saleCost: string;
  grossProfit: string;
  margin: string;
  otherQty: string;
  otherAmount: string;
  closingQty: string;
  closingAmount: string;
}
