/**
 * Descriptors of the stock-side finance pages (business-reports.ts and its route files): 销售成本, 结转销售成本
 * (preview and generate), 存货成本, 流动资产报表. The answer types are those of business.contract.ts; the schemas here
 * are checked against them (`satisfies`), so the two cannot drift.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { weight as kg, money } from '../fields.ts';
import {
  BIZ_PATHS,
  BIZ_PERMISSIONS,
  bizPeriodQuery,
  type CostCarryPreview,
  type CurrentAssetsAnswer,
  type SellCostAnswer,
  type StockCostAnswer,
} from './business.contract.ts';
import { voucherSchema } from './voucher.contract.ts';

export const sellCostSchema = z.object({
  period: z.string(),
  rows: z.array(
    z.object({
      materialId: z.string(),
      materialCode: z.string(),
      materialName: z.string(),
      qty: kg,
      salesAmount: money,
      costAmount: money,
      grossProfit: money,
      documents: z.number().int(),
    }),
  ),
  totals: z.object({
    qty: kg,
    salesAmount: money,
    costAmount: money,
    grossProfit: money,
    documents: z.number().int(),
  }),
}) satisfies z.ZodType<SellCostAnswer>;

export const costCarryPreviewSchema = z.object({
  period: z.string(),
  documents: z.array(
    z.object({
      id: z.string(),
      docType: z.enum(['out_stock', 'sale_return']),
      orderNo: z.string(),
      orderDate: z.string(),
      costAmount: money,
    }),
  ),
  costAmount: money,
  carriedAmount: money,
  lines: z.array(
    z.object({ summary: z.string(), accountCode: z.string(), accountName: z.string(), debit: money, credit: money }),
  ),
  problems: z.array(z.string()),
}) satisfies z.ZodType<CostCarryPreview>;

const stockFigures = {
  openingQty: kg,
  openingAmount: money,
  inQty: kg,
  inAmount: money,
  outQty: kg,
  outAmount: money,
  closingQty: kg,
  closingAmount: money,
};
export const stockCostSchema = z.object({
  period: z.string(),
  rows: z.array(
    z.object({ materialId: z.string(), materialCode: z.string(), materialName: z.string(), ...stockFigures }),
  ),
  totals: z.object(stockFigures),
  accounts: z.array(z.object({ code: z.string(), name: z.string(), balance: money })),
  accountTotal: money,
  difference: money,
}) satisfies z.ZodType<StockCostAnswer>;

export const currentAssetsSchema = z.object({
  period: z.string(),
  rows: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      codes: z.array(z.string()),
      opening: money,
      closing: money,
      kind: z.enum(['item', 'total']),
    }),
  ),
}) satisfies z.ZodType<CurrentAssetsAnswer>;

/** Stock documents feed these pages; the carry voucher changes the books. */
const READS = ['Fin', 'FinStock'] as const;

/** 销售成本 / 结转销售成本 / 存货成本 / 流动资产 (business-reports.ts, cost-carry.ts, stock-cost.ts, current-assets.ts). */
export const STOCK_REPORTS = {
  sellCost: endpoint({
    method: 'GET',
    path: BIZ_PATHS.sellCost,
    summary: '销售成本（按物料）',
    query: bizPeriodQuery,
    answer: sellCostSchema,
    permission: { code: BIZ_PERMISSIONS.sellCost, action: 'view' },
    provides: READS,
  }),
  costCarryPreview: endpoint({
    method: 'GET',
    path: BIZ_PATHS.costCarryPreview,
    summary: '结转销售成本预览',
    query: bizPeriodQuery,
    answer: costCarryPreviewSchema,
    permission: { code: BIZ_PERMISSIONS.costCarry, action: 'view' },
    provides: READS,
  }),
  costCarry: endpoint({
    method: 'POST',
    path: BIZ_PATHS.costCarry,
    summary: '结转销售成本（生成凭证）',
    body: bizPeriodQuery,
    answer: voucherSchema,
    permission: { code: BIZ_PERMISSIONS.costCarry, action: 'add' },
    invalidates: ['Fin'],
  }),
  stockCost: endpoint({
    method: 'GET',
    path: BIZ_PATHS.stockCost,
    summary: '存货成本（按物料，对比存货科目）',
    query: bizPeriodQuery,
    answer: stockCostSchema,
    permission: { code: BIZ_PERMISSIONS.stockCost, action: 'view' },
    provides: READS,
  }),
  currentAssets: endpoint({
    method: 'GET',
    path: BIZ_PATHS.currentAssets,
    summary: '流动资产报表',
    query: bizPeriodQuery,
    answer: currentAssetsSchema,
    permission: { code: BIZ_PERMISSIONS.currentAssets, action: 'view' },
    provides: READS,
  }),
};
