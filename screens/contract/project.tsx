import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { projectSiteView, projectView } from './projects.resource.ts';

/** 项目订单 (/contract/project): clearance / demolition projects for clients, and their sites below. */
export default function ProjectScreen() {
  return (
    <>
      <ResourceListPage def={projectView} />
      <ResourceListPage def={projectSiteView} />
    </>
  );
}
