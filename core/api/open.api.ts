/** 开放平台 and the trace chain check (issue 14): typed hooks from the descriptors. */
import { BLOCKCHAIN } from '../contract/izs-toolbox/blockchain.contract.ts';
import { OPEN_APP } from '../contract/open/open-app.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const openAppApi = injectDescriptors('openApp', OPEN_APP);
export const {
  useOpenAppListQuery,
  useOpenAppSaveMutation,
  useOpenAppRotateMutation,
  useOpenAppRemoveMutation,
  useOpenAppCallsQuery,
  useOpenAppDeliveriesQuery,
  useOpenAppReplayMutation,
  useOpenAppPathsQuery,
} = openAppApi;

export const blockchainApi = injectDescriptors('blockchain', { verify: BLOCKCHAIN.verify });
export const { useLazyBlockchainVerifyQuery } = blockchainApi;
