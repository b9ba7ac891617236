import type { R } from '../contract/common.ts';
import { ACCOUNT_SETS } from '../contract/izs-financing/account-set.contract.ts';
import { CLOSING } from '../contract/izs-financing/closing.contract.ts';
import { FIXED_ASSETS } from '../contract/izs-financing/fixed-assets.contract.ts';
import { VOUCHERS } from '../contract/izs-financing/voucher.contract.ts';
import { api } from './api.ts';
import { injectDescriptors } from './endpoints.ts';

type Params = Record<string, string | number | boolean | null | undefined>;

/** A read of the current book (Current-Account-Set-Id is added by the base query). */
export interface FinGetArgs {
  url: string;
  params?: Params;
  /** The engine resource this read is about: the engine's writes of it refetch the read too. */
  resource?: string;
}

/** A write of the current book: every finance read is refetched afterwards (tag 'Fin'). */
export interface FinPostArgs {
  url: string;
  body?: unknown;
  params?: Params;
  /** no error toast (the screen shows the message itself, e.g. at the voucher row) */
  silent?: boolean;
}

const unwrap = (r: R<unknown>) => r.data;

export const izsFinancingApi = api
  // the descriptor groups' tags too (izs-financing-books.api.ts), so that switching the book invalidates them all
  .enhanceEndpoints({
    addTagTypes: ['Fin', 'AccountSet', 'Resource', 'FinAccount', 'FinOpening', 'FinDimension', 'FinStock'],
  })
  .injectEndpoints({
    endpoints: (b) => ({
      /** Any read of the current book; answers `data`. */
      finGet: b.query<unknown, FinGetArgs>({
        query: ({ url, params }) => ({ url, params }),
        transformResponse: unwrap,
        // a read about an engine resource (its totals, say) also goes stale when the engine writes that resource
        providesTags: (_r, _e, { resource }) => (resource ? ['Fin', { type: 'Resource', id: resource }] : ['Fin']),
      }),
      /** Any write of the current book; answers `data`. */
      finPost: b.mutation<unknown, FinPostArgs>({
        query: ({ url, body, params }) => ({ url, method: 'POST', body: body ?? {}, params }),
        transformResponse: unwrap,
        invalidatesTags: ['Fin'],
      }),
      finPostSilent: b.mutation<unknown, FinPostArgs>({
        query: ({ url, body, params }) => ({ url, method: 'POST', body: body ?? {}, params }),
        transformResponse: unwrap,
        invalidatesTags: ['Fin'],
        extraOptions: { silent: true },
      }),
    }),
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

/** Typed read of the current book: `useFin<TrialBalanceAnswer>(LEDGER_PATHS.balance, {...})`. */
export function useFin<T>(url: string, params?: Params, options?: { skip?: boolean; resource?: string }) {
  const q = izsFinancingApi.useFinGetQuery(
    { url, params, resource: options?.resource },
    { skip: options?.skip, refetchOnMountOrArgChange: true },
  );
  return { ...q, data: q.data as T | undefined };
}

/** A write of the current book: `const post = useFinPost(); await post<Voucher>(url, body)` (throws the ApiError). */
export function useFinPost(options?: { silent?: boolean }) {
  const [loud] = izsFinancingApi.useFinPostMutation();
  const [silent] = izsFinancingApi.useFinPostSilentMutation();
  const trigger = options?.silent ? silent : loud;
  return async <T = unknown>(url: string, body?: unknown, params?: Params): Promise<T> =>
    (await trigger({ url, body, params }).unwrap()) as T;
}

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
