import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { purchaseReturnView } from '../../../features/layouts/stock-order.resource.ts';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 采购退货 (/supply-chain/purchase/material-return): out at the return price. */
export default function PurchaseReturnScreen() {
  return <DocumentListPage def={purchaseReturnView} lines={STOCK_LINES} />;
}
