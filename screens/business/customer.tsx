import { customerResource } from '../../core/contract/izs-stock/party.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 客户 (/business/customer): customers, read only; the name opens the customer detail. */
export default function BusinessCustomerScreen() {
  return (
    <ResourceListPage
      def={customerResource}
      readOnly
      detailPath={(row) => `/supply-chain/sale/customer-detail/${row.id}`}
    />
  );
}
