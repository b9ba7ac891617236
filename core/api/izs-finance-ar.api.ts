/** Receivables and payables (issue 11): typed hooks from ARAP_ENDPOINTS (useArap<Name>Query / Mutation). */
import { ARAP_ENDPOINTS } from '../contract/izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS } from '../contract/izs-finance-ar/invoice.contract.ts';
import { REVERSE } from '../contract/izs-finance-ar/reverse.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const arapApi = injectDescriptors('arap', ARAP_ENDPOINTS);

export const {
  useArapDocPageQuery,
  useArapDocDetailQuery,
  useArapDocManualMutation,
  useArapDocReviewMutation,
  useArapDocVoidMutation,
  useArapOpenDocsQuery,
  useArapCashPageQuery,
  useArapCashDetailQuery,
  useArapCashCreateMutation,
  useArapCashSettleMutation,
  useArapRefundMutation,
  useArapCashVoidMutation,
  useArapHeldBillsQuery,
  useArapBalancesQuery,
  useArapCreditSaveMutation,
  useArapStatementQuery,
  useArapTransferPageQuery,
  useArapOffsetMutation,
  useArapTransferCreateMutation,
  useArapTransferVoidMutation,
} = arapApi;

export const invoiceApi = injectDescriptors('invoice', INVOICE_ENDPOINTS);
export const { useInvoicePageQuery, useInvoiceMatchQuery, useInvoiceSaveMutation, useInvoiceParsePdfMutation } =
  invoiceApi;

export const reverseApi = injectDescriptors('reverse', REVERSE);
export const {
  useReversePageQuery,
  useReverseCandidatesQuery,
  useReverseCreateMutation,
  useReverseIssueMutation,
  useReverseVoidMutation,
} = reverseApi;
