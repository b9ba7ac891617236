/** 报表分析 (core/contract/izs-report): typed hooks `useReport<Name>Query`. */
import { REPORT_ENDPOINTS } from '../contract/izs-report/report.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const reportApi = injectDescriptors('report', REPORT_ENDPOINTS);
export const {
  useReportTodayQuery,
  useReportPurchaseQuery,
  useReportSaleQuery,
  useReportStockQuery,
  useReportDocumentsQuery,
  useReportFinanceQuery,
  useReportGbQuery,
  useReportLogisticsQuery,
  useReportPledgeQuery,
} = reportApi;
