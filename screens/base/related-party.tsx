import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { relatedPartyView } from '../../features/layouts/related-party.resource.ts';

/** 往来单位 (/base/related/party): customers, suppliers and carriers. */
export default function RelatedPartyScreen() {
  return <ResourceListPage def={relatedPartyView} />;
}
