import { dropEvidenceResource } from '../../../core/contract/izs-stock/drop-shipping.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 直发凭证 (/supply-chain/drop/evidence): documents and photos of the drop shipments. */
export default function DropEvidenceScreen() {
  return <ResourceListPage def={dropEvidenceResource} />;
}
