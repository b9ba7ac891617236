import { createApi } from '@reduxjs/toolkit/query/react';
import { bladeBaseQuery } from './base-query.ts';

/**
 * The ONE RTK Query API of the app (DESIGN §6). Services add endpoints with `api.injectEndpoints`
 * in `<service>.api.ts` files; tag types are declared here so invalidation can cross services.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: bladeBaseQuery,
  tagTypes: ['Menu', 'Buttons', 'UserInfo', 'Dept', 'Dashboard', 'Version', 'AccountCheck', 'LoginConfig'],
  endpoints: () => ({}),
});
