/** Logistics endpoints (issue 13): transport-order state changes and tracking, from their descriptors. */
import { LG_CAR } from '../contract/izs-logistical/fleet.contract.ts';
import { LG_ORDER } from '../contract/izs-logistical/order.contract.ts';
import { LG_TRACKING } from '../contract/izs-logistical/tracking.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const lgOrderApi = injectDescriptors('lgOrder', LG_ORDER);
export const lgTrackingApi = injectDescriptors('lgTracking', LG_TRACKING);
export const lgCarApi = injectDescriptors('lgCar', LG_CAR);

export const { useLgCarDeviceTokenQuery } = lgCarApi;

export const {
  useLgOrderDispatchMutation,
  useLgOrderStartMutation,
  useLgOrderDeliverMutation,
  useLgOrderSignMutation,
  useLgOrderUnsignMutation,
  useLgOrderCancelMutation,
  useLgOrderEndsQuery,
  useLgOrderLinkEndMutation,
} = lgOrderApi;

export const {
  useLgTrackingLiveQuery,
  useLgTrackingTrackQuery,
  useLgTrackingAlarmsQuery,
  useLgTrackingAckMutation,
  useLgTrackingHandleMutation,
  useLgTrackingLiveConfigQuery,
  useLgTrackingDriverSummaryQuery,
} = lgTrackingApi;
