/** The home dashboard's business figures (core/contract/izs-visual/dashboard.contract.ts): `useDashboardBusinessQuery`. */
import { DASHBOARD } from '../contract/izs-visual/dashboard.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const dashboardApi = injectDescriptors('dashboard', DASHBOARD);
export const { useDashboardBusinessQuery } = dashboardApi;
