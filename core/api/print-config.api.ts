import type { R } from '../contract/common.ts';
import {
  type DeptPrinterConfig,
  PRINT_CONFIG_PATHS,
  type PrintConfig,
  type PrintConfigSave,
} from '../contract/izs-toolbox/print-config.contract.ts';
import { api } from './api.ts';

/** Print settings (spec §7.7): per warehouse, and the printer config by department kept in session.printer. */
export const printConfigApi = api.enhanceEndpoints({ addTagTypes: ['PrintConfig'] }).injectEndpoints({
  endpoints: (b) => ({
    printConfigDetail: b.query<PrintConfig, string>({
      query: (warehouseId) => ({ url: PRINT_CONFIG_PATHS.detailWarehouseId, params: { warehouseId } }),
      transformResponse: (r: R<PrintConfig>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'PrintConfig', id }],
    }),
    printConfigSave: b.mutation<R<PrintConfig>, PrintConfigSave>({
      query: (body) => ({ url: PRINT_CONFIG_PATHS.save, method: 'POST', body }),
      invalidatesTags: (_r, error, body) =>
        error
          ? []
          : [
              { type: 'PrintConfig', id: String(body.warehouseId) },
              { type: 'PrintConfig', id: 'dept' },
            ],
    }),
    /** Spec §7.7 "printer config fetch by deptId" (a background load: errors stay silent). */
    printerByDept: b.query<DeptPrinterConfig, string | undefined>({
      query: (deptId) => ({ url: PRINT_CONFIG_PATHS.detailDeptId, params: { deptId } }),
      transformResponse: (r: R<DeptPrinterConfig>) => r.data,
      providesTags: [{ type: 'PrintConfig', id: 'dept' }],
      extraOptions: { silent: true },
    }),
  }),
});

export const { usePrintConfigDetailQuery, usePrintConfigSaveMutation, usePrinterByDeptQuery } = printConfigApi;
