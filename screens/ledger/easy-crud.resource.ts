/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `easyCrudResource`, whose wire is core/contract/izs-contract/projects.contract.ts.
 */
import { EASY_COLORS, easyCrudResource } from '../../core/contract/izs-contract/projects.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const easyCrudView = withLayout(easyCrudResource, {
  columns: {
    code: { sortable: true },
    sortNo: { sortable: true },
    amount: { sortable: true },
    images: { hideInTable: true },
    files: { hideInTable: true },
    note: { hideInTable: true },
  },
  search: { color: { options: { options: EASY_COLORS } } },
  form: { images: { span: 2 }, files: { span: 2 }, note: { span: 2 } },
});
