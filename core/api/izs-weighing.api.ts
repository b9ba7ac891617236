import { WEIGHING_SOCKET } from '../contract/izs-weighing/socket.contract.ts';
import { injectDescriptors } from './endpoints.ts';

/** izs-weighing: where the STOMP clients connect (spec §7.9; socket.contract.ts WEIGHING_SOCKET), kept an hour. */
export const izsWeighingApi = injectDescriptors('weighingSocket', WEIGHING_SOCKET).enhanceEndpoints({
  endpoints: { weighingSocketSocketConfig: { keepUnusedDataFor: 3600 } },
});
export const { useWeighingSocketSocketConfigQuery } = izsWeighingApi;
