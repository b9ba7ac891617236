import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { stockOrderAllView } from '../../features/layouts/stock-order.resource.ts';

/** 转换记录 (/business/conver-record): conversion, assembly and sorting documents are kept under 库存管理; this view lists the conversions, read only. */
export default function BusinessConverRecordScreen() {
  return (
    <ResourceListPage
      def={stockOrderAllView}
      readOnly
      baseParams={{ docType: 'conversion' }}
      detailPath={(row) => `/supply-chain/purchase/in-stock-detail/${encodeURIComponent(String(row.orderNo))}`}
    />
  );
}
