/** The home dashboard's business figures (core/contract/izs-visual/dashboard.contract.ts): `useDashboardBusinessQuery`. */
import { DASHBOARD } from '../contract/izs-visual/dashboard.contract.ts';
import { METRIC_ENDPOINTS } from '../contract/izs-visual/metrics.contract.ts';
import { WORKBENCH } from '../contract/izs-visual/workbench.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const dashboardApi = injectDescriptors('dashboard', DASHBOARD);
export const { useDashboardBusinessQuery } = dashboardApi;

/** One set of figures (issue 21): `useMetricsValuesQuery({ names: 'purchaseAmountToday,…' })`. */
export const metricsApi = injectDescriptors('metrics', METRIC_ENDPOINTS);
export const { useMetricsValuesQuery } = metricsApi;

/** 首页 by role (issue 26): `useWorkbenchWorkQuery` — each block null without its list's view. */
export const workbenchApi = injectDescriptors('workbench', WORKBENCH);
export const { useWorkbenchWorkQuery } = workbenchApi;
