import { CONFIG } from '../contract/izs-base/config.contract.ts';
import { injectDescriptors } from './endpoints.ts';

/** izs-base beside the resources of crud.api.ts: the per-department configs (config.contract.ts CONFIG). */
export const baseConfigApi = injectDescriptors('baseConfig', CONFIG);
export const {
  useBaseConfigBusinessDetailQuery,
  useBaseConfigBusinessUpdateMutation,
  useBaseConfigFinanceDetailQuery,
  useBaseConfigFinanceUpdateMutation,
} = baseConfigApi;
