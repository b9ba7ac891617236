/**
 * The home dashboard's endpoints (core/contract/izs-visual/*.contract.ts): `useDashboardBusinessQuery`,
 * `useMetricsValuesQuery`, `useWorkbenchWorkQuery`. Written as routes (injectRoutes): the home page is on the first
 * load after sign-in, and its contracts are imported as types only, so zod stays out of that load.
 */
import type { DASHBOARD } from '../contract/izs-visual/dashboard.contract.ts';
import type { METRIC_ENDPOINTS } from '../contract/izs-visual/metrics.contract.ts';
import type { WORKBENCH } from '../contract/izs-visual/workbench.contract.ts';
import { injectRoutes } from './endpoints.ts';

export const DASHBOARD_ROUTES = { business: { method: 'GET', path: '/api/izs-visual/dashboard' } } as const;
export const dashboardApi = injectRoutes<typeof DASHBOARD>()('dashboard', DASHBOARD_ROUTES);
export const { useDashboardBusinessQuery } = dashboardApi;

/** One set of figures (issue 21): `useMetricsValuesQuery({ names: 'purchaseAmountToday,…' })`. */
export const METRIC_ROUTES = { values: { method: 'GET', path: '/api/izs-visual/metrics', query: true } } as const;
export const metricsApi = injectRoutes<typeof METRIC_ENDPOINTS>()('metrics', METRIC_ROUTES);
export const { useMetricsValuesQuery } = metricsApi;

/** 首页 by role (issue 26): `useWorkbenchWorkQuery` — each block null without its list's view. */
export const WORKBENCH_ROUTES = { work: { method: 'GET', path: '/api/izs-visual/dashboard/work' } } as const;
export const workbenchApi = injectRoutes<typeof WORKBENCH>()('workbench', WORKBENCH_ROUTES);
export const { useWorkbenchWorkQuery } = workbenchApi;
