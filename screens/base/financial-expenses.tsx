import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { financialExpensesView } from './financial-expenses.resource.ts';

/** 费用项目 (/base/financial/expenses): expense items charged on orders. */
export default function FinancialExpensesScreen() {
  return <ResourceListPage def={financialExpensesView} />;
}
