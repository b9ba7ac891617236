import { saleOrderResource } from '../../../core/contract/izs-stock/trade-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { TRADE_LINES } from '../stock/doc-lines.tsx';

/** 销售订单 (/supply-chain/sale/sale-order): planned lines; the detail shows what was delivered. */
export default function SaleOrderScreen() {
  return <DocumentListPage def={saleOrderResource} lines={TRADE_LINES} />;
}
