/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `paramResource`, whose wire is core/contract/blade-system/param.contract.ts.
 */
import { paramResource } from '../../core/contract/blade-system/param.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const paramView = withLayout(paramResource, {
  columns: { paramKey: { sortable: true } },
  form: { paramValue: { span: 2 }, remark: { span: 2 } },
});
