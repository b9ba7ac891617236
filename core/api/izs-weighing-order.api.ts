import type { R } from '../contract/common.ts';
import { CAMERA_PATHS, type CameraLook } from '../contract/izs-sell/cameras.contract.ts';
import { type FirstPassBody, WEIGHING_ORDER_READS } from '../contract/izs-weighing/orders.contract.ts';
import { WEIGHING } from '../contract/izs-weighing/weighing-commands.contract.ts';
import { api } from './api.ts';
import { injectDescriptors } from './endpoints.ts';

/**
 * Weighing records (磅单): the workstation's capture commands (first pass, second pass, complete), void, the memo
 * and its print count, the open record of a plate — from their descriptors (weighing-commands.contract.ts
 * WEIGHING) — plus the look-ups the workstation needs beside them (the weighbridge's cameras, the department's
 * business config). The generic list/detail endpoints of the resource live in crud.api.ts; every command
 * invalidates the resources' tags, so the lists and the detail page follow.
 */
export const weighApi = injectDescriptors('weigh', WEIGHING);
export const {
  useWeighFirstPassMutation,
  useWeighSecondPassMutation,
  useWeighCompleteMutation,
  useWeighVoidMutation,
  useWeighMemoQuery,
  useWeighPrintMutation,
  useLazyWeighOpenQuery,
} = weighApi;

/** The engine's page of weighing records, typed by the resource's entity (orders.contract.ts WEIGHING_ORDER_READS). */
export const weighingOrdersApi = injectDescriptors('weighingOrders', { page: WEIGHING_ORDER_READS.page });
export const { useWeighingOrdersPageQuery } = weighingOrdersApi;

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

export const izsWeighingOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
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
  }),
});

export const { useWeighbridgeCamerasQuery, useLazyCameraLookQuery } = izsWeighingOrderApi;
