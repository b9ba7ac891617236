import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { stockOrderAllView } from '../../features/layouts/stock-order.resource.ts';

/** 出库业务 (/business/out-stock): 销售出库 documents, read only. */
export default function BusinessOutStockScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllView}
      readOnly
      baseParams={{ docType: 'out_stock' }}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
