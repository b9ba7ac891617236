import { salesmanResource } from '../../core/contract/izs-base/salesman.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 业务员 (/base/salesman). */
export default function SalesmanScreen() {
  return <ResourceListPage def={salesmanResource} />;
}
