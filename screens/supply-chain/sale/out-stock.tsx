import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { outStockView } from '../../../features/layouts/stock-order.resource.ts';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 销售出库 (/supply-chain/sale/out-stock): issued at the moving average on review. */
export default function OutStockScreen() {
  return (
    <DocumentListPage
      def={outStockView}
      lines={STOCK_LINES}
      detailPath={(row) => `/supply-chain/sale/out-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
      printPath={(row) => `/print/out-stock?id=${row.id}`}
    />
  );
}
