import type { DashboardSummary } from '../contract/blade-system.contract.ts';
import type { R } from '../contract/common.ts';
// zod-free (the home page is on the first load after sign-in)
import { SYSTEM_PATHS } from '../contract/system-paths.ts';
import { api } from './api.ts';

export const izsToolboxApi = api.injectEndpoints({
  endpoints: (b) => ({
    dashboardSummary: b.query<DashboardSummary, void>({
      query: () => SYSTEM_PATHS.dashboardSummary,
      transformResponse: (r: R<DashboardSummary>) => r.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardSummaryQuery } = izsToolboxApi;
