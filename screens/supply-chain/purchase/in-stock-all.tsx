import { stockOrderAllResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 全部入库单 (/supply-chain/purchase/in-stock-all): every stock document of the scope, read only; the number opens its detail. */
export default function InStockAllScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllResource}
      readOnly
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
