import type { R } from '../contract/common.ts';
import { ANALYSIS } from '../contract/izs-stock/analysis.contract.ts';
import { lifecyclePaths } from '../contract/izs-stock/fields.ts';
import { INVENTORY } from '../contract/izs-stock/inventory.contract.ts';
import { PARTY } from '../contract/izs-stock/party.contract.ts';
import { PRICE } from '../contract/izs-stock/price-list.contract.ts';
import { api } from './api.ts';
import type { ResourceRef } from './crud.api.ts';
import { injectDescriptors } from './endpoints.ts';

/**
 * izs-stock beside the generic resource endpoints of crud.api.ts: the document life cycle (提交审核 / 审核 / 作废)
 * and, from their descriptors, the stock queries (balances, movements, as of a date, material cost, send-receive,
 * not-check), the analysis, the supplier merge, the party summary and the price lookup. A life-cycle step changes
 * stock, so it invalidates the document's list and row, every stock query (tag `StockQuery`) and the
 * all-documents views.
 */
export type LifecycleAction = 'submitReview' | 'review' | 'void';

/** Resources whose lists show every document (their rows change with any document's state). */
const DOC_VIEWS = ['stock-order'];

const stockApi = api.enhanceEndpoints({ addTagTypes: ['Resource', 'StockQuery'] }).injectEndpoints({
  endpoints: (b) => ({
    docLifecycle: b.mutation<
      R<unknown>,
      { ref: ResourceRef; action: LifecycleAction; body: { id: string; remark?: string; reason?: string } }
    >({
      query: ({ ref, action, body }) => ({ url: lifecyclePaths(ref.path)[action], method: 'POST', body }),
      invalidatesTags: (_r, error, { ref, body }) =>
        error
          ? []
          : [
              { type: 'Resource', id: ref.name },
              { type: 'Resource', id: `${ref.name}:${body.id}` },
              ...DOC_VIEWS.map((id) => ({ type: 'Resource' as const, id })),
              'StockQuery',
            ],
    }),
  }),
});

export const { useDocLifecycleMutation } = stockApi;

/** 库存查询 (inventory.contract.ts INVENTORY). */
export const stockInventoryApi = injectDescriptors('stockInventory', INVENTORY);
export const {
  useStockInventoryPageQuery,
  useStockInventoryDetailQuery,
  useStockInventoryMovementsQuery,
  useStockInventoryHistoryQuery,
  useStockInventoryMaterialCostQuery,
  useStockInventorySendReceiveQuery,
  useStockInventoryNotCheckQuery,
} = stockInventoryApi;

/** 供应链分析 / 综合报表 (analysis.contract.ts ANALYSIS). */
export const stockAnalysisApi = injectDescriptors('stockAnalysis', ANALYSIS);
export const { useStockAnalysisSummaryQuery, useStockAnalysisStatementQuery } = stockAnalysisApi;

/** 供应商合并, party summary (party.contract.ts PARTY). */
export const stockPartyApi = injectDescriptors('stockParty', PARTY);
export const { useStockPartySupplierMergeMutation, useStockPartySummaryQuery } = stockPartyApi;

/** Default price (price-list.contract.ts PRICE). */
export const stockPriceApi = injectDescriptors('stockPrice', PRICE);
export const { useStockPriceLookupQuery } = stockPriceApi;
