/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `tenantResource`, whose wire is core/contract/blade-system/tenant.contract.ts.
 */
import { tenantResource } from '../../core/contract/blade-system/tenant.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const tenantView = withLayout(tenantResource, {
  columns: { tenantName: { sortable: true }, createTime: { sortable: true } },
  form: {
    tenantId: { addOnly: true, placeholder: '留空则自动生成6位编号' },
    address: { span: 2 },
    adminPassword: { addOnly: true, placeholder: '租户管理员账号为 admin，密码留空则为 admin' },
  },
});
