/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `salesmanResource`, whose wire is core/contract/izs-base/salesman.contract.ts.
 */
import { DEPT_TREE } from '../../core/contract/izs-base/fields.ts';
import { salesmanResource } from '../../core/contract/izs-base/salesman.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const salesmanView = withLayout(salesmanResource, {
  columns: { code: { sortable: true }, name: { sortable: true }, createTime: { sortable: true } },
  search: { deptId: { options: DEPT_TREE } },
  form: { remark: { span: 2 } },
});
