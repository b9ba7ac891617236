import { customerResource } from '../../../core/contract/izs-stock/party.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 客户 (/supply-chain/sale/customer): the name opens the customer detail. */
export default function CustomerScreen() {
  return (
    <ResourceListPage def={customerResource} detailPath={(row) => `/supply-chain/sale/customer-detail/${row.id}`} />
  );
}
