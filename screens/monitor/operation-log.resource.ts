/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `operationLogResource`, whose wire is core/contract/blade-log/operation-log.contract.ts.
 */
import { HTTP_METHODS } from '../../core/contract/blade-log/api-log.contract.ts';
import { operationLogResource } from '../../core/contract/blade-log/operation-log.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const operationLogView = withLayout(operationLogResource, {
  columns: {
    createTime: { sortable: true },
    realName: { hideInTable: true },
    serviceId: { hideInTable: true },
    remoteIp: { hideInTable: true },
  },
  search: { method: { options: { options: HTTP_METHODS } } },
});
