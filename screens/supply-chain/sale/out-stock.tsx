import { outStockResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 销售出库 (/supply-chain/sale/out-stock): issued at the moving average on review. */
export default function OutStockScreen() {
  return (
    <DocumentListPage
      def={outStockResource}
      lines={STOCK_LINES}
      detailPath={(row) => `/supply-chain/sale/out-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
      printPath={(row) => `/print/out-stock?id=${row.id}`}
    />
  );
}
