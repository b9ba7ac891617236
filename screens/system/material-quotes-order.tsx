import { materialQuoteResource } from '../../core/contract/blade-system/material-quotes-order.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 物料报价单 (/system/material-quotes-order): quoted purchase and sale prices of materials per period. */
export default function MaterialQuotesOrderScreen() {
  return <ResourceListPage def={materialQuoteResource} />;
}
