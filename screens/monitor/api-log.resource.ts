/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells and search options of `apiLogResource`,
 * whose wire is core/contract/blade-log/api-log.contract.ts; the layout is features/logs/api-log.resource.ts, shared
 * with 接口跟踪日志 (system).
 */
import { apiLogResource } from '../../core/contract/blade-log/api-log.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';
import { apiLogLayout } from '../../features/logs/api-log.resource.ts';

export const apiLogView = withLayout(apiLogResource, apiLogLayout);
