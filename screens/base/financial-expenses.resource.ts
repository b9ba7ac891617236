/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `financialExpensesResource`, whose wire is core/contract/izs-base/financial-expenses.contract.ts.
 */
import {
  EXPENSE_CATEGORIES,
  financialExpensesResource,
} from '../../core/contract/izs-base/financial-expenses.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const financialExpensesView = withLayout(financialExpensesResource, {
  columns: { code: { sortable: true }, name: { sortable: true }, createTime: { sortable: true } },
  search: { category: { options: { options: EXPENSE_CATEGORIES } } },
  form: { remark: { span: 2 } },
});
