import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { dropEvidenceView } from './evidence.resource.ts';

/** 直发凭证 (/supply-chain/drop/evidence): documents and photos of the drop shipments. */
export default function DropEvidenceScreen() {
  return <ResourceListPage def={dropEvidenceView} />;
}
