import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { TRADE_LINES } from '../stock/doc-lines.tsx';
import { saleOrderView } from '../trade-order.resource.ts';

/** 销售订单 (/supply-chain/sale/sale-order): planned lines; the detail shows what was delivered. */
export default function SaleOrderScreen() {
  return <DocumentListPage def={saleOrderView} lines={TRADE_LINES} />;
}
