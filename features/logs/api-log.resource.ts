/**
 * Screen layout (issue 23, features/crud/resource-layout.ts) of the API log rows, shared by two screen areas — so here
 * rather than in either: 接口日志 (screens/monitor/api-log.resource.ts, `apiLogResource`) and 接口跟踪日志
 * (screens/system/track-api-log.resource.ts, whose wire spreads `apiLogResource`). The wire is
 * core/contract/blade-log/api-log.contract.ts.
 */
import {
  type apiLogResource,
  HTTP_METHODS,
  HTTP_STATUS_OPTIONS,
} from '../../core/contract/blade-log/api-log.contract.ts';
import type { ResourceLayout } from '../crud/resource-layout.ts';

export const apiLogLayout = {
  columns: {
    createTime: { sortable: true },
    status: { sortable: true },
    time: { sortable: true },
    realName: { hideInTable: true },
    serviceId: { hideInTable: true },
    remoteIp: { hideInTable: true },
    userAgent: { hideInTable: true },
  },
  search: {
    status: { options: { options: HTTP_STATUS_OPTIONS } },
    method: { options: { options: HTTP_METHODS } },
  },
} satisfies ResourceLayout<typeof apiLogResource.schemas>;
