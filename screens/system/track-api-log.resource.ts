/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `trackApiLogResource`, whose wire is core/contract/blade-system/track-api-log.contract.ts: the API log's layout
 * (features/logs/api-log.resource.ts, shared with 接口日志) and the 跟踪类型 options.
 */
import { TRACK_KINDS, trackApiLogResource } from '../../core/contract/blade-system/track-api-log.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';
import { apiLogLayout } from '../../features/logs/api-log.resource.ts';

export const trackApiLogView = withLayout(trackApiLogResource, {
  columns: apiLogLayout.columns,
  search: { ...apiLogLayout.search, kind: { options: { options: TRACK_KINDS } } },
});
