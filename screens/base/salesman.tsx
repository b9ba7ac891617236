import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { salesmanView } from './salesman.resource.ts';

/** 业务员 (/base/salesman). */
export default function SalesmanScreen() {
  return <ResourceListPage def={salesmanView} />;
}
