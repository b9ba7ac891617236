import type { PRINT_CONFIG } from '../contract/izs-toolbox/print-config.contract.ts';
import { injectRoutes } from './endpoints.ts';

/**
 * The routes of PRINT_CONFIG (print-config.contract.ts): the shell loads the printer config by department on the
 * first load after sign-in, so the contract is imported as a type only (zod stays out of that load).
 */
export const PRINT_CONFIG_ROUTES = {
  detail: {
    method: 'GET',
    path: '/api/izs-sell/print-config/detail-warehouse-id',
    query: true,
    provides: ['PrintConfig'],
  },
  save: { method: 'POST', path: '/api/izs-sell/print-config/save', body: true, invalidates: ['PrintConfig'] },
  byDept: {
    method: 'GET',
    path: '/api/izs-sell/print-config/detail-dept-id',
    query: true,
    provides: ['PrintConfig'],
    silent: true,
  },
} as const;

/** Print settings (spec §7.7) from their descriptors: per warehouse, and the printer config by department kept in session.printer. */
export const printConfigApi = injectRoutes<typeof PRINT_CONFIG>()('printConfig', PRINT_CONFIG_ROUTES);

export const {
  usePrintConfigDetailQuery,
  usePrintConfigSaveMutation,
  usePrintConfigByDeptQuery: usePrinterByDeptQuery,
} = printConfigApi;
