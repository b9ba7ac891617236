import { ACCOUNT_SETS } from '../contract/izs-financing/account-set.contract.ts';
import { CLOSING } from '../contract/izs-financing/closing.contract.ts';
import { FIXED_ASSETS } from '../contract/izs-financing/fixed-assets.contract.ts';
import { VOUCHERS } from '../contract/izs-financing/voucher.contract.ts';
import { api } from './api.ts';
import { injectDescriptors } from './endpoints.ts';

/**
 * The finance API slice: every finance read and write is a descriptor hook below (or in izs-financing-books.api.ts);
 * the tag types are declared here so that switching the book (accounting-frame.tsx) invalidates them all.
 */
export const izsFinancingApi = api.enhanceEndpoints({
  addTagTypes: ['Fin', 'AccountSet', 'Resource', 'FinAccount', 'FinOpening', 'FinDimension', 'FinStock', 'FinRecon'],
});

/** 账套 / 账套用户 (core/contract/izs-financing/account-set.contract.ts ACCOUNT_SETS). */
export const accountSetsApi = injectDescriptors('accountSets', ACCOUNT_SETS);
export const {
  useAccountSetsCheckQuery,
  useAccountSetsPageQuery,
  useAccountSetsSubmitMutation,
  useAccountSetsUserPageQuery,
  useAccountSetsUserListQuery,
  useAccountSetsUserUpdateMutation,
} = accountSetsApi;

/** The books of a department the caller may use, as the selector reads them (spec §9: 200). */
export const accountSetPageArg = (deptId: string) => ({ deptId, current: 1, size: 200 });

/** 期末处理 (core/contract/izs-financing/closing.contract.ts CLOSING). */
export const closingApi = injectDescriptors('closing', CLOSING);
export const {
  useClosingPeriodListQuery,
  useClosingCheckQuery,
  useClosingCarryForwardPreviewQuery,
  useClosingCloseMutation,
  useClosingReopenMutation,
  useClosingCarryForwardMutation,
  useClosingYearEndMutation,
} = closingApi;

/** 固定资产 (core/contract/izs-financing/fixed-assets.contract.ts FIXED_ASSETS). */
export const fixedAssetsApi = injectDescriptors('fixedAssets', FIXED_ASSETS);
export const {
  useFixedAssetsHistoryQuery,
  useFixedAssetsPreviewQuery,
  useFixedAssetsRunsQuery,
  useFixedAssetsChangeMutation,
  useFixedAssetsDisposeMutation,
  useFixedAssetsGenerateMutation,
  useFixedAssetsUndoMutation,
  useFixedAssetsAcquireVoucherMutation,
  useFixedAssetsDisposeVoucherMutation,
} = fixedAssetsApi;

/** 记账凭证 (core/contract/izs-financing/voucher.contract.ts VOUCHERS). */
export const vouchersApi = injectDescriptors('vouchers', VOUCHERS);
export const {
  useVouchersPageQuery,
  useVouchersDetailQuery,
  useVouchersNumbersQuery,
  useVouchersNextNoQuery,
  useVouchersCollectQuery,
  useVouchersSaveMutation,
  useVouchersUpdateMutation,
  useVouchersRemoveMutation,
  useVouchersReviewMutation,
  useVouchersUnreviewMutation,
  useVouchersPostMutation,
  useVouchersUnpostMutation,
  useVouchersRenumberMutation,
  useVouchersReverseMutation,
} = vouchersApi;
