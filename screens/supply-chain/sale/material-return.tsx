import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { saleReturnView } from '../../../features/layouts/stock-order.resource.ts';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 销售退货 (/supply-chain/sale/material-return): back in at the cost share. */
export default function SaleReturnScreen() {
  return <DocumentListPage def={saleReturnView} lines={STOCK_LINES} />;
}
