/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `trackApiLogResource`, whose wire is core/contract/blade-system/track-api-log.contract.ts.
 */
import { TRACK_KINDS, trackApiLogResource } from '../../core/contract/blade-system/track-api-log.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const trackApiLogView = withLayout(trackApiLogResource, {
  search: { kind: { options: { options: TRACK_KINDS } } },
});
