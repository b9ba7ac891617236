import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { inStockView } from '../../../features/layouts/stock-order.resource.ts';
import { STOCK_LINES } from '../stock/doc-lines.tsx';

/** 采购入库 (/supply-chain/purchase/in-stock): manual or from completed weighings; header + lines, 提交审核 / 审核 / 作废. */
export default function InStockScreen() {
  return (
    <DocumentListPage
      def={inStockView}
      lines={STOCK_LINES}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
      printPath={(row) => `/print/out-stock?id=${row.id}`}
    />
  );
}
