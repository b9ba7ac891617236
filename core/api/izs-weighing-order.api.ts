import type { R } from '../contract/common.ts';
import { CONFIG_PATHS } from '../contract/izs-base/config.contract.ts';
import { CAMERA_PATHS, type CameraLook } from '../contract/izs-sell/cameras.contract.ts';
import { PRICE_PATHS, type PriceLookup } from '../contract/izs-stock/price-list.contract.ts';
import {
  type FirstPassBody,
  type SecondPassBody,
  WEIGHING_ORDER_PATHS,
  type WeighingOrder,
  type WeightMemo,
  weighingOrderResource,
} from '../contract/izs-weighing/orders.contract.ts';
import { api } from './api.ts';

/**
 * Weighing records (磅单, core/contract/izs-weighing/orders.contract.ts): the workstation's capture commands
 * (first pass, second pass, complete), void, the memo and its print count, the open record of a plate — plus
 * the look-ups the workstation needs beside them (price list, the weighbridge's cameras, the department's
 * business config). The generic list/detail endpoints of the resource live in crud.api.ts; every command here
 * invalidates the resource's list tag and the record's row tag, so the lists and the detail page follow.
 */
const NAME = weighingOrderResource.name;
const rowTags = (id?: string) => [
  { type: 'Resource' as const, id: NAME },
  ...(id ? [{ type: 'Resource' as const, id: `${NAME}:${id}` }] : []),
];

export type EditableFields = Pick<
  FirstPassBody,
  | 'partyId'
  | 'materialId'
  | 'warehouseId'
  | 'sourceOrderId'
  | 'driverName'
  | 'unitPrice'
  | 'deductWeight'
  | 'impurityRate'
  | 'remark'
>;
export type CompleteBody = { id: string } & EditableFields;

/** The camera rows of a weighbridge as `list` answers them (only what the workstation reads). */
export interface CameraRow {
  id: string;
  name: string;
  position: string;
  status: number;
}

export const izsWeighingOrderApi = api.enhanceEndpoints({ addTagTypes: ['Resource'] }).injectEndpoints({
  endpoints: (b) => ({
    weighFirstPass: b.mutation<WeighingOrder, FirstPassBody>({
      query: (body) => ({ url: WEIGHING_ORDER_PATHS.firstPass, method: 'POST', body }),
      transformResponse: (r: R<WeighingOrder>) => r.data,
      invalidatesTags: (_r, e) => (e ? [] : rowTags()),
    }),
    weighSecondPass: b.mutation<WeighingOrder, SecondPassBody>({
      query: (body) => ({ url: WEIGHING_ORDER_PATHS.secondPass, method: 'POST', body }),
      transformResponse: (r: R<WeighingOrder>) => r.data,
      invalidatesTags: (_r, e, { id }) => (e ? [] : rowTags(String(id))),
    }),
    weighComplete: b.mutation<WeighingOrder, CompleteBody>({
      query: (body) => ({ url: WEIGHING_ORDER_PATHS.complete, method: 'POST', body }),
      transformResponse: (r: R<WeighingOrder>) => r.data,
      invalidatesTags: (_r, e, { id }) => (e ? [] : rowTags(id)),
    }),
    weighVoid: b.mutation<WeighingOrder, { id: string; reason: string }>({
      query: (body) => ({ url: WEIGHING_ORDER_PATHS.void, method: 'POST', body }),
      transformResponse: (r: R<WeighingOrder>) => r.data,
      invalidatesTags: (_r, e, { id }) => (e ? [] : rowTags(id)),
    }),
    weightMemo: b.query<WeightMemo, string>({
      query: (id) => ({ url: WEIGHING_ORDER_PATHS.memo, params: { id } }),
      transformResponse: (r: R<WeightMemo>) => r.data,
      providesTags: (_r, _e, id) => rowTags(id).slice(1),
    }),
    /** The open (first-pass) record of a plate, or null. A background look-up: no error toast. */
    openWeighing: b.query<WeighingOrder | null, string>({
      query: (carNumber) => ({ url: WEIGHING_ORDER_PATHS.open, params: { carNumber } }),
      transformResponse: (r: R<WeighingOrder | null>) => r.data ?? null,
      providesTags: () => rowTags(),
      extraOptions: { silent: true },
    }),
    /** Default price for (purchase|sale, material, party, today) — izs-stock price list, else the material's. */
    weighingPriceLookup: b.query<PriceLookup, { priceType: 'purchase' | 'sale'; materialId: string; partyId?: string }>(
      {
        query: (params) => ({ url: PRICE_PATHS.lookup, params }),
        transformResponse: (r: R<PriceLookup>) => r.data,
        extraOptions: { silent: true },
      },
    ),
    /** Cameras of a weighbridge (needs the camera list's view permission; silent when refused). */
    weighbridgeCameras: b.query<CameraRow[], string>({
      query: (weighbridgeId) => ({ url: '/api/izs-sell/cameras/list', params: { weighbridgeId, status: 1 } }),
      transformResponse: (r: R<CameraRow[]>) => r.data ?? [],
      extraOptions: { silent: true },
    }),
    cameraLook: b.query<CameraLook, string>({
      query: (id) => ({ url: CAMERA_PATHS.look, params: { id } }),
      transformResponse: (r: R<CameraLook>) => r.data,
      extraOptions: { silent: true },
    }),
    /** The department's 业务配置 (weight precision for the live preview); silent, defaults when refused. */
    weighingBusinessConfig: b.query<{ weightPrecision: number; manualWeighAllowed: number }, string>({
      query: (deptId) => ({ url: CONFIG_PATHS.businessDetail, params: { deptId } }),
      transformResponse: (r: R<{ weightPrecision: number; manualWeighAllowed: number }>) => r.data,
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useWeighFirstPassMutation,
  useWeighSecondPassMutation,
  useWeighCompleteMutation,
  useWeighVoidMutation,
  useWeightMemoQuery,
  useLazyOpenWeighingQuery,
  useWeighingPriceLookupQuery,
  useWeighbridgeCamerasQuery,
  useLazyCameraLookQuery,
  useWeighingBusinessConfigQuery,
} = izsWeighingOrderApi;
