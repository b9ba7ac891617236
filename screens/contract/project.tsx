import { projectResource, projectSiteResource } from '../../core/contract/izs-contract/projects.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 项目订单 (/contract/project): clearance / demolition projects for clients, and their sites below. */
export default function ProjectScreen() {
  return (
    <>
      <ResourceListPage def={projectResource} />
      <ResourceListPage def={projectSiteResource} />
    </>
  );
}
