import { purchaseReturnResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 采购退货 (/supply-chain/purchase/material-return): out at the return price. */
export default function PurchaseReturnScreen() {
  return <DocumentListPage def={purchaseReturnResource} lines={STOCK_LINES} />;
}
