import { BASE_QUERIES } from '../contract/izs-base/base-queries.contract.ts';
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

/** The 物料分类 tree, warehouse patrols, a department's weighbridge (base-queries.contract.ts BASE_QUERIES). */
export const baseQueriesApi = injectDescriptors('base', BASE_QUERIES);
export const { useBaseEnvironmentMutation, useBaseEnvironmentListQuery, useBaseWeighbridgeByDeptQuery } =
  baseQueriesApi;
