/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `clientResource`, whose wire is core/contract/blade-system/client.contract.ts.
 */
import { clientResource } from '../../core/contract/blade-system/client.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const clientView = withLayout(clientResource, {
  columns: {
    clientId: { sortable: true },
    resourceIds: { hideInTable: true },
    authorities: { hideInTable: true },
    autoapprove: { hideInTable: true },
    additionalInformation: { hideInTable: true },
    createTime: { sortable: true },
  },
  form: {
    clientSecret: { addOnly: true, placeholder: '留空则自动生成，保存后只显示一次' },
    authorizedGrantTypes: { multiple: true },
    accessTokenValidity: { min: 60 },
    refreshTokenValidity: { min: 60 },
    webServerRedirectUri: { span: 2 },
    additionalInformation: { span: 2 },
  },
});
