/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `dimensionResource`, `dimensionItemResource`, whose wire is core/contract/izs-financing/dimension.contract.ts.
 */
import {
  dimensionItemResource,
  dimensionResource,
  SOURCE_OPTIONS,
} from '../../core/contract/izs-financing/dimension.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const dimensionView = withLayout(dimensionResource, {
  columns: { name: { sortable: true }, sort: { sortable: true }, remark: { hideInTable: true } },
  search: { source: { options: { options: SOURCE_OPTIONS } } },
  form: { sort: { min: 0 }, remark: { span: 2 } },
});

export const dimensionItemView = withLayout(dimensionItemResource, {
  columns: { code: { sortable: true }, name: { sortable: true } },
  form: { remark: { span: 2 } },
});
