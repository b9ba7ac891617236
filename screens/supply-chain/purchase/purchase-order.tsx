import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { TRADE_LINES } from '../stock/doc-lines.tsx';
import { purchaseOrderView } from '../trade-order.resource.ts';

/** 采购订单 (/supply-chain/purchase/purchase-order): planned lines; the detail shows what was received. */
export default function PurchaseOrderScreen() {
  return <DocumentListPage def={purchaseOrderView} lines={TRADE_LINES} />;
}
