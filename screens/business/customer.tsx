import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { customerView } from '../../features/layouts/related-party.resource.ts';

/** 客户 (/business/customer): customers, read only; the name opens the customer detail. */
export default function BusinessCustomerScreen() {
  return (
    <ResourceListPage
      def={customerView}
      readOnly
      detailPath={(row) => `/supply-chain/sale/customer-detail/${row.id}`}
    />
  );
}
