import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { materialQuoteView } from './material-quotes-order.resource.ts';

/** 物料报价单 (/system/material-quotes-order): quoted purchase and sale prices of materials per period. */
export default function MaterialQuotesOrderScreen() {
  return <ResourceListPage def={materialQuoteView} />;
}
