/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `incomeExpendResource`, whose wire is core/contract/izs-financing/income-expend.contract.ts.
 */
import { IE_KINDS, incomeExpendResource } from '../../core/contract/izs-financing/income-expend.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const incomeExpendView = withLayout(incomeExpendResource, {
  columns: { entryDate: { sortable: true }, amount: { sortable: true } },
  search: { kind: { options: { options: IE_KINDS } } },
  form: { amount: { min: 0 }, summary: { span: 2 }, attachments: { min: 0 } },
});
