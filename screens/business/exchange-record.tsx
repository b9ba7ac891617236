import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { dropShippingView } from '../../features/layouts/drop-shipping.resource.ts';

/** 固废交易平台 (/business/exchange-record): the trades brokered without entering the yard — drop shipments (buyer, seller, both amounts, gross profit), read only. */
export default function BusinessExchangeRecordScreen() {
  return <ResourceListPage def={dropShippingView} readOnly />;
}
