import { versionResource } from '../../core/contract/blade-system/version.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 版本管理 (/system/version): the version history; the newest row is the sidebar's version label. */
export default function VersionScreen() {
  return <ResourceListPage def={versionResource} />;
}
