import { stockOrderAllResource } from '../../core/contract/izs-stock/stock-order.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 入库业务 (/business/in-stock): reviewed and pending 采购入库 documents, read only; the number opens the document. */
export default function BusinessInStockScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllResource}
      readOnly
      baseParams={{ docType: 'in_stock' }}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
