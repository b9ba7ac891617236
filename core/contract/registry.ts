/**
 * Every group of endpoint descriptors (core/contract/endpoint.ts), by the prefix its client hooks carry. The server
 * test `tests/api/endpoint-registry.test.ts` checks that each one is served; the OpenAPI document and
 * `npm run endpoints` (path → handler file) read this list. A new group is one line here.
 */
import type { EndpointSpec } from './endpoint.ts';
import { CLOSING } from './izs-financing/closing.contract.ts';
import { LG_ORDER } from './izs-logistical/order.contract.ts';
import { LG_TRACKING } from './izs-logistical/tracking.contract.ts';

export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  closing: CLOSING,
  lgOrder: LG_ORDER,
  lgTracking: LG_TRACKING,
};
