import { financialExpensesResource } from '../../core/contract/izs-base/financial-expenses.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 费用项目 (/base/financial/expenses): expense items charged on orders. */
export default function FinancialExpensesScreen() {
  return <ResourceListPage def={financialExpensesResource} />;
}
