import { siteOrderResource } from '../../core/contract/izs-contract/projects.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 现场订单 (/contract/site-order): orders placed against a project's site. */
export default function SiteOrderScreen() {
  return <ResourceListPage def={siteOrderResource} />;
}
