import { createSlice } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import type { R } from '../contract/common.ts';

/**
 * Business data cache of spec §3: the lists most screens pick from (users, customers, suppliers, materials,
 * warehouses, weighbridges) and bizInfo (the first warehouse and weighbridge), loaded from
 * POST /api/izs-base/select-data/list (spec §7.6). Spec §6: role `administrator` loads it without a department
 * filter; everyone else is filtered by their dept_id. Saving one of those resources invalidates the `BizCache`
 * tag (core/api/crud.api.ts), so an active subscription refetches and this slice follows.
 */
export interface BizRow {
  id: string;
  name?: string;
  [k: string]: unknown;
}
export interface SelectData {
  userList: BizRow[];
  customerList: BizRow[];
  supplierList: BizRow[];
  materialList: BizRow[];
  warehouseList: BizRow[];
  weighbridgeList: BizRow[];
}
export interface SelectDataArgs {
  userEnable?: boolean;
  customerEnable?: boolean;
  supplierEnable?: boolean;
  materialEnable?: boolean;
  warehouseEnable?: boolean;
  weighbridgeEnable?: boolean;
  deptId?: string;
}
export const ALL_LISTS: SelectDataArgs = {
  userEnable: true,
  customerEnable: true,
  supplierEnable: true,
  materialEnable: true,
  warehouseEnable: true,
  weighbridgeEnable: true,
};

export interface BizCacheState extends SelectData {
  bizInfo: { warehouse: BizRow | null; weighbridge: BizRow | null };
  loaded: boolean;
}

const EMPTY: SelectData = {
  userList: [],
  customerList: [],
  supplierList: [],
  materialList: [],
  warehouseList: [],
  weighbridgeList: [],
};
export const initialBizCache: BizCacheState = {
  ...EMPTY,
  bizInfo: { warehouse: null, weighbridge: null },
  loaded: false,
};

/** The request body: administrator unfiltered; others by their dept_id (the first of a comma list). */
export function selectDataBody(roles: string[], deptIdList: string | undefined, flags = ALL_LISTS): SelectDataArgs {
  if (roles.includes('administrator')) return { ...flags };
  const deptId = (deptIdList ?? '').split(',')[0]?.trim();
  return deptId ? { ...flags, deptId } : { ...flags };
}

export const bizCacheApi = api.enhanceEndpoints({ addTagTypes: ['BizCache'] }).injectEndpoints({
  endpoints: (b) => ({
    selectData: b.query<SelectData, SelectDataArgs>({
      query: (body) => ({ url: '/api/izs-base/select-data/list', method: 'POST', body }),
      transformResponse: (r: R<Partial<SelectData>>) => ({ ...EMPTY, ...(r.data ?? {}) }),
      providesTags: ['BizCache'],
      extraOptions: { silent: true },
    }),
  }),
});
export const { useSelectDataQuery } = bizCacheApi;

/** Applies an answer: lists present in it replace the cached ones; bizInfo = first warehouse and weighbridge. */
export function applySelectData(state: BizCacheState, data: Partial<SelectData>): BizCacheState {
  const next = {
    ...state,
    ...Object.fromEntries(Object.entries(data).filter(([, v]) => Array.isArray(v))),
    loaded: true,
  };
  next.bizInfo = { warehouse: next.warehouseList[0] ?? null, weighbridge: next.weighbridgeList[0] ?? null };
  return next;
}

export const bizCacheSlice = createSlice({
  name: 'bizCache',
  initialState: initialBizCache,
  reducers: {
    clearBizCache: () => initialBizCache,
  },
  extraReducers: (builder) => {
    builder.addMatcher(bizCacheApi.endpoints.selectData.matchFulfilled, (state, { payload }) =>
      applySelectData(state as BizCacheState, payload),
    );
  },
});
export const bizCacheActions = bizCacheSlice.actions;
