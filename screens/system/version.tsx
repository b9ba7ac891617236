import { api } from '../../core/api/api.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { versionView } from './version.resource.ts';

/** 版本管理 (/system/version): the version history; the newest row is the sidebar's version label. */
export default function VersionScreen() {
  const dispatch = useAppDispatch();
  // the sidebar label reads version-info/select: refresh it when a version is added or edited
  return <ResourceListPage def={versionView} onSaved={() => dispatch(api.util.invalidateTags(['Version']))} />;
}
