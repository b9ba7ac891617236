/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `orgManageResource`, whose wire is core/contract/izs-base/org-manage.contract.ts.
 */
import { orgManageResource } from '../../core/contract/izs-base/org-manage.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const orgManageView = withLayout(orgManageResource, {
  columns: {
    name: { sortable: true },
    regionCode: { hideInTable: true },
    licenseImage: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  form: { licenseImage: { span: 2 }, remark: { span: 2 } },
  detail: [
    { kind: 'grid', title: '基本信息', fields: ['name', 'creditCode', 'legalPerson', 'phone', 'address', 'status'] },
    { kind: 'images', title: '营业执照', field: 'licenseImage' },
  ],
});
