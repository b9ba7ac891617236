/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `materialCategoryResource`, whose wire is core/contract/izs-base/material-category.contract.ts.
 */
import { materialCategoryResource } from '../../core/contract/izs-base/material-category.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const materialCategoryView = withLayout(materialCategoryResource, {
  form: { sort: { min: 0 }, remark: { span: 2 } },
});
