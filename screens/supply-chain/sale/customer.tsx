import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { customerView } from '../../../features/layouts/related-party.resource.ts';

/** 客户 (/supply-chain/sale/customer): the name opens the customer detail. */
export default function CustomerScreen() {
  return <ResourceListPage def={customerView} detailPath={(row) => `/supply-chain/sale/customer-detail/${row.id}`} />;
}
