import { relatedPartyResource } from '../../core/contract/izs-base/related-party.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 往来单位 (/base/related/party): customers, suppliers and carriers. */
export default function RelatedPartyScreen() {
  return <ResourceListPage def={relatedPartyResource} />;
}
