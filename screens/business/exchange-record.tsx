import { dropShippingResource } from '../../core/contract/izs-stock/drop-shipping.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 固废交易平台 (/business/exchange-record): the trades brokered without entering the yard — drop shipments (buyer, seller, both amounts, gross profit), read only. */
export default function BusinessExchangeRecordScreen() {
  return <ResourceListPage def={dropShippingResource} readOnly />;
}
