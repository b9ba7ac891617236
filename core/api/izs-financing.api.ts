import { ACCOUNT_SET_CHECK_PATH } from '../contract/blade-system.contract.ts';
import type { R } from '../contract/common.ts';
import { api } from './api.ts';

export const izsFinancingApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Spec §4: 0 no permission for accounting pages, 1 no account set yet, else normal. */
    accountSetCheck: b.query<number, string>({
      query: (deptId) => ({ url: ACCOUNT_SET_CHECK_PATH, params: { deptId } }),
      transformResponse: (r: R<number>) => Number(r.data),
      providesTags: ['AccountCheck'],
      extraOptions: { silent: true },
    }),
  }),
});
