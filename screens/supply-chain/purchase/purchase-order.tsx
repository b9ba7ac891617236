import { purchaseOrderResource } from '../../../core/contract/izs-stock/trade-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { TRADE_LINES } from '../stock/doc-lines.tsx';

/** 采购订单 (/supply-chain/purchase/purchase-order): planned lines; the detail shows what was received. */
export default function PurchaseOrderScreen() {
  return <DocumentListPage def={purchaseOrderResource} lines={TRADE_LINES} />;
}
