/**
 * Typed hooks of the izs-financing descriptors for the chart, dimensions, openings, books and reports,
 * 收支 and the stock-side pages (core/contract/izs-financing/*.contract.ts). Each read provides its own tags and each
 * write invalidates only what it changes: 'FinAccount' (the chart), 'FinOpening', 'FinDimension' (items), 'Fin'
 * (anything computed from vouchers), 'AccountSet'.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { ACCOUNTS } from '../contract/izs-financing/account.contract.ts';
import { BOOKS } from '../contract/izs-financing/books.contract.ts';
import { DIMENSIONS } from '../contract/izs-financing/dimension.contract.ts';
import { INCOME_EXPEND } from '../contract/izs-financing/income-expend.contract.ts';
import { OPENINGS } from '../contract/izs-financing/opening.contract.ts';
import { RECONCILE } from '../contract/izs-financing/reconcile.contract.ts';
import { STOCK_REPORTS } from '../contract/izs-financing/stock-reports.contract.ts';
import type { ResourceDef, ResourceSchemas } from '../contract/resource.ts';
import { type Params, refOf, useResourceListQuery } from './crud.api.ts';
import { injectDescriptors } from './endpoints.ts';

/** 会计科目 (ACCOUNTS). */
export const accountsApi = injectDescriptors('accounts', ACCOUNTS);
export const {
  useAccountsListQuery,
  useAccountsTreeQuery,
  useAccountsDetailQuery,
  useAccountsNextCodeQuery,
  useAccountsSaveMutation,
  useAccountsUpdateMutation,
  useAccountsEnableMutation,
  useAccountsRemoveMutation,
} = accountsApi;

/** 核算维度 / 辅助核算项目 besides the engine routes (DIMENSIONS). */
export const dimensionsApi = injectDescriptors('dimensions', DIMENSIONS);
export const {
  useDimensionsSourceListQuery,
  useDimensionsDataListDataQuery,
  useDimensionsDataMapQuery,
  useDimensionsDataAllMapQuery,
  useDimensionsDataSaveListMutation,
  useDimensionsDataSyncMutation,
} = dimensionsApi;

/** 期初余额 (OPENINGS). */
export const openingsApi = injectDescriptors('openings', OPENINGS);
export const { useOpeningsListQuery, useOpeningsCheckQuery, useOpeningsSaveMutation } = openingsApi;

/** 账簿 and 报表 (BOOKS). */
export const booksApi = injectDescriptors('books', BOOKS);
export const {
  useBooksBalanceQuery,
  useBooksBalanceAuxQuery,
  useBooksSubsidiaryQuery,
  useBooksGeneralQuery,
  useBooksDaybookQuery,
  useBooksBalanceSheetQuery,
  useBooksIncomeStatementQuery,
  useBooksHomeQuery,
} = booksApi;

/** 收支管理 (INCOME_EXPEND). */
export const incomeExpendApi = injectDescriptors('incomeExpend', INCOME_EXPEND);
export const { useIncomeExpendSummaryQuery, useIncomeExpendAccountsQuery, useIncomeExpendCounterpartiesQuery } =
  incomeExpendApi;

/** 销售成本 / 结转销售成本 / 存货成本 / 流动资产 (STOCK_REPORTS). */
export const stockReportsApi = injectDescriptors('stockReports', STOCK_REPORTS);
export const {
  useStockReportsSellCostQuery,
  useStockReportsCostCarryPreviewQuery,
  useStockReportsCostCarryMutation,
  useStockReportsStockCostQuery,
  useStockReportsCurrentAssetsQuery,
} = stockReportsApi;

/**
 * The rows of a book's engine resource (核算维度, 计量单位, 凭证字 …) as its definition's entity type: the engine's
 * `list` read, parsed with the definition's entity schema (no cast; a row outside the schema is reported in the
 * console and the list reads as empty rather than as a wrong type). Refetched on mount, as the book may have changed.
 */
export function useBookResourceList<S extends ResourceSchemas>(
  def: ResourceDef<S>,
  params: Params = {},
): z.output<S['entity']>[] {
  const q = useResourceListQuery({ ref: refOf(def), params }, { refetchOnMountOrArgChange: true });
  return useMemo(() => {
    const r = z.array<S['entity']>(def.schemas.entity).safeParse(q.data ?? []);
    if (!r.success) console.error(`${def.title}列表不符合定义`, r.error.issues.slice(0, 3));
    return r.success ? r.data : [];
  }, [q.data, def]);
}

/** 业财对账 (RECONCILE, issue 21). */
export const reconcileApi = injectDescriptors('reconcile', RECONCILE);
export const { useReconcileRunMutation, useReconcileLastQuery } = reconcileApi;
