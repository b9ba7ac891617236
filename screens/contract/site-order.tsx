import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { siteOrderView } from './projects.resource.ts';

/** 现场订单 (/contract/site-order): orders placed against a project's site. */
export default function SiteOrderScreen() {
  return <ResourceListPage def={siteOrderView} />;
}
