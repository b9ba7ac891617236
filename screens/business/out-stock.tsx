import { stockOrderAllResource } from '../../core/contract/izs-stock/stock-order.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 出库业务 (/business/out-stock): 销售出库 documents, read only. */
export default function BusinessOutStockScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllResource}
      readOnly
      baseParams={{ docType: 'out_stock' }}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
