import { PRINT_CONFIG } from '../contract/izs-toolbox/print-config.contract.ts';
import { injectDescriptors } from './endpoints.ts';

/** Print settings (spec §7.7) from their descriptors: per warehouse, and the printer config by department kept in session.printer. */
export const printConfigApi = injectDescriptors('printConfig', PRINT_CONFIG);

export const {
  usePrintConfigDetailQuery,
  usePrintConfigSaveMutation,
  usePrintConfigByDeptQuery: usePrinterByDeptQuery,
} = printConfigApi;
