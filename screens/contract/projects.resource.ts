/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `supplierContractResource`, `projectResource`, `projectSiteResource`, `siteOrderResource`, whose wire is
 * core/contract/izs-contract/projects.contract.ts.
 */
import {
  PROJECT_KINDS,
  PROJECT_SELECT,
  projectResource,
  projectSiteResource,
  SITE_ORDER_STATES,
  siteOrderResource,
  supplierContractResource,
} from '../../core/contract/izs-contract/projects.contract.ts';
import { CUSTOMER_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const supplierContractView = withLayout(supplierContractResource, {
  columns: {
    contractNo: { sortable: true },
    signDate: { sortable: true },
    attachments: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { partyId: { options: SUPPLIER_SELECT } },
  form: { attachments: { span: 2 }, remark: { span: 2 } },
});

export const projectView = withLayout(projectResource, {
  columns: {
    projectNo: { sortable: true },
    startDate: { sortable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { kind: { options: { options: PROJECT_KINDS } }, partyId: { options: CUSTOMER_SELECT } },
  form: { address: { span: 2 }, remark: { span: 2 } },
});

export const projectSiteView = withLayout(projectSiteResource, {
  search: { projectId: { options: PROJECT_SELECT } },
  form: { address: { span: 2 } },
});

export const siteOrderView = withLayout(siteOrderResource, {
  columns: {
    orderNo: { sortable: true },
    orderDate: { sortable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { projectId: { options: PROJECT_SELECT }, orderState: { options: { options: SITE_ORDER_STATES } } },
  form: { remark: { span: 2 } },
});
