import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { paramView } from './param.resource.ts';

/** 页面配置 (/system/page/config): the system parameters (paramKey → paramValue) of the tenant. */
export default function PageConfigScreen() {
  return <ResourceListPage def={paramView} />;
}
