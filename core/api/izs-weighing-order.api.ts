import type { z } from 'zod';
import { CAMERAS, type camerasEntity } from '../contract/izs-sell/cameras.contract.ts';
import { TARE_ARCHIVE, WEIGH_EXCEPTION } from '../contract/izs-weighing/anti-cheat.contract.ts';
import { DISPATCH_SLIP } from '../contract/izs-weighing/dispatch-slip.contract.ts';
import { WEIGH_LANE } from '../contract/izs-weighing/lane.contract.ts';
import { type FirstPassBody, WEIGHING_ORDER_READS } from '../contract/izs-weighing/orders.contract.ts';
import { WEIGH_TIMING } from '../contract/izs-weighing/timing.contract.ts';
import { WEIGHING } from '../contract/izs-weighing/weighing-commands.contract.ts';
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

/**
 * The workstation's cameras (cameras.contract.ts CAMERAS.station): a weighbridge's enabled cameras with their
 * addresses, readable by whoever may weigh there.
 */
export const stationCamerasApi = injectDescriptors('stationCameras', { list: CAMERAS.station });
export const { useStationCamerasListQuery } = stationCamerasApi;

/** A camera row as the workstation reads it. */
export type CameraRow = Pick<z.infer<typeof camerasEntity>, 'id' | 'name' | 'position' | 'status'>;

/** 异常过磅 and 皮重档案 (issue 24, anti-cheat.contract.ts). */
export const weighExceptionApi = injectDescriptors('weighException', WEIGH_EXCEPTION);
export const {
  useWeighExceptionPageQuery,
  useWeighExceptionCountsQuery,
  useWeighExceptionReleaseMutation,
  useWeighExceptionVoidMutation,
} = weighExceptionApi;
export const tareArchiveApi = injectDescriptors('tareArchive', TARE_ARCHIVE);
export const {
  useTareArchivePageQuery,
  useTareArchiveDetailQuery,
  useTareArchiveSaveMutation,
  useTareArchiveRemoveMutation,
  useTareArchiveMaxGrossMutation,
} = tareArchiveApi;

/** 派车单 (issue 24): the station's look-up of a slip's number / QR code (dispatch-slip.contract.ts). */
export const dispatchSlipApi = injectDescriptors('dispatchSlip', DISPATCH_SLIP);
export const { useLazyDispatchSlipScanQuery } = dispatchSlipApi;
/** 过磅时效 (issue 24, timing.contract.ts). */
export const weighTimingApi = injectDescriptors('weighTiming', WEIGH_TIMING);
export const weighLaneApi = injectDescriptors('weighLane', WEIGH_LANE);
/** 车道监控's 接管 (issue 24): the server checks the button, keeps the command and rings the lane. */
export const { useWeighLaneTakeoverMutation } = weighLaneApi;
/** 车道监控's list of the lane's takeovers with what the lane reported (待执行 / 已执行 / 失败 / 已过期). */
export const { useWeighLaneTakeoversQuery } = weighLaneApi;
export const { useWeighTimingReportQuery } = weighTimingApi;
