import type { R } from '../contract/common.ts';
import { type SocketConfig, WEIGHING_PATHS } from '../contract/izs-weighing/socket.contract.ts';
import { api } from './api.ts';

/** izs-weighing: where the STOMP clients connect (spec §7.9). */
export const izsWeighingApi = api.injectEndpoints({
  endpoints: (b) => ({
    socketConfig: b.query<SocketConfig, void>({
      query: () => WEIGHING_PATHS.socketConfig,
      transformResponse: (r: R<SocketConfig>) => r.data,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useSocketConfigQuery } = izsWeighingApi;
