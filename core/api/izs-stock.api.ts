import type { R } from '../contract/common.ts';
import { lifecyclePaths } from '../contract/izs-stock/fields.ts';
import { PARTY_PATHS, type PartySummary, type SupplierMergeResult } from '../contract/izs-stock/party.contract.ts';
import { api } from './api.ts';
import type { Params, ResourceRef } from './crud.api.ts';

/**
 * izs-stock beside the generic resource endpoints of crud.api.ts: the document life cycle (提交审核 / 审核 / 作废),
 * the stock queries (balances, movements, as of a date, material cost, send-receive, not-check), the supplier merge
 * and the party summary. A life-cycle step changes stock, so it invalidates the document's list and row, every
 * stock query (tag `StockQuery`) and the all-documents views.
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
    /** A stock query answering R<T> (a list or a Page). */
    stockQuery: b.query<unknown, { url: string; params?: Params }>({
      query: ({ url, params }) => ({ url, params }),
      transformResponse: (r: R<unknown>) => r.data,
      providesTags: ['StockQuery'],
    }),
    partySummary: b.query<PartySummary, string>({
      query: (id) => ({ url: PARTY_PATHS.summary, params: { id } }),
      transformResponse: (r: R<PartySummary>) => r.data,
      providesTags: ['StockQuery'],
    }),
    supplierMerge: b.mutation<R<SupplierMergeResult>, { keepId: string; mergeId: string }>({
      query: (body) => ({ url: PARTY_PATHS.supplierMerge, method: 'POST', body }),
      invalidatesTags: (_r, error) =>
        error ? [] : [{ type: 'Resource', id: 'supplier' }, { type: 'Resource', id: 'related-party' }, 'StockQuery'],
    }),
  }),
});

export const { useDocLifecycleMutation, useStockQueryQuery, usePartySummaryQuery, useSupplierMergeMutation } = stockApi;
