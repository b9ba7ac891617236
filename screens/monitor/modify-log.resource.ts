/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `modifyLogResource`, whose wire is core/contract/izs-toolbox/modify-log.contract.ts.
 */
import { MODIFY_MODULES, modifyLogResource } from '../../core/contract/izs-toolbox/modify-log.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const modifyLogView = withLayout(modifyLogResource, {
  columns: {
    createTime: { sortable: true },
    realName: { hideInTable: true },
    requestUri: { hideInTable: true },
    remoteIp: { hideInTable: true },
  },
  search: { orderType: { options: { options: MODIFY_MODULES } } },
});
