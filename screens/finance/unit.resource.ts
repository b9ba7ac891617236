/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `unitResource`, whose wire is core/contract/izs-financing/unit.contract.ts.
 */
import { unitResource } from '../../core/contract/izs-financing/unit.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const unitView = withLayout(unitResource, {
  columns: { name: { sortable: true }, sort: { sortable: true } },
  form: { precision: { min: 0, max: 4 }, sort: { min: 0 }, remark: { span: 2 } },
});
