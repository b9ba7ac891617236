import { paramResource } from '../../core/contract/blade-system/param.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 页面配置 (/system/page/config): the system parameters (paramKey → paramValue) of the tenant. */
export default function PageConfigScreen() {
  return <ResourceListPage def={paramResource} />;
}
