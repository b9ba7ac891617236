/** Contracts, ledgers and supply-chain finance (issue 12): typed hooks from the descriptors. */
import { LEDGER } from '../contract/izs-contract/ledger.contract.ts';
import { SCF_API } from '../contract/izs-contract/scf.contract.ts';
import { TRADING } from '../contract/izs-contract/trading-contract.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const tradingApi = injectDescriptors('trading', TRADING);
export const ledgerApi = injectDescriptors('ledger', LEDGER);
export const scfApi = injectDescriptors('scf', SCF_API);

export const {
  useTradingSaveMutation,
  useTradingFullQuery,
  useTradingMoveMutation,
  useTradingOpenQuery,
  useLazyTradingRedirectCertQuery,
  useTradingSignMutation,
  useTradingVerifyQuery,
  useTradingPrintQuery,
} = tradingApi;
export const { useLedgerSummaryQuery, useLedgerDocumentsQuery } = ledgerApi;
export const {
  useScfProviderUsageQuery,
  useScfFinanceCreateMutation,
  useScfFinanceDetailQuery,
  useScfRepayMutation,
  useScfCertIssueMutation,
  useScfCertSplitMutation,
  useScfCertTransferMutation,
  useScfCertDiscountMutation,
  useScfCertSettleMutation,
  useScfCertFamilyQuery,
} = scfApi;
