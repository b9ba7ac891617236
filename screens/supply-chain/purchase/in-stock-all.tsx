import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { stockOrderAllView } from '../../../features/layouts/stock-order.resource.ts';

/** 全部入库单 (/supply-chain/purchase/in-stock-all): every stock document of the scope, read only; the number opens its detail. */
export default function InStockAllScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllView}
      readOnly
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
