import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { stockOrderAllView } from '../../features/layouts/stock-order.resource.ts';

/** 入库业务 (/business/in-stock): reviewed and pending 采购入库 documents, read only; the number opens the document. */
export default function BusinessInStockScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllView}
      readOnly
      baseParams={{ docType: 'in_stock' }}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
