/**
 * Typed hooks of 系统管理's hand-written endpoints beside the resource engine (descriptors in
 * core/contract/blade-system/dict-endpoints.contract.ts and system-extras.contract.ts): the dictionaries' option
 * sources and trees, post/select, param/value, version insert and the Android release endpoints.
 */
import { DICT_BIZ_ENDPOINTS, DICT_ENDPOINTS } from '../contract/blade-system/dict-endpoints.contract.ts';
import { SYSTEM_EXTRAS } from '../contract/blade-system/system-extras.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const dictApi = injectDescriptors('dict', DICT_ENDPOINTS);
export const dictBizApi = injectDescriptors('dictBiz', DICT_BIZ_ENDPOINTS);
export const systemExtrasApi = injectDescriptors('system', SYSTEM_EXTRAS);

export const { useDictDictionaryQuery, useDictDictionaryTreeQuery, useDictParentListQuery, useDictChildListQuery } =
  dictApi;
export const {
  useDictBizDictionaryQuery,
  useDictBizDictionaryTreeQuery,
  useDictBizParentListQuery,
  useDictBizChildListQuery,
} = dictBizApi;
export const {
  useSystemPostSelectQuery,
  useSystemParamValueQuery,
  useSystemVersionInsertMutation,
  useSystemApkUploadRecordMutation,
  useSystemAndroidLatestQuery,
} = systemExtrasApi;
