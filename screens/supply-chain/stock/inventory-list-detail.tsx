import { useStockInventoryMovementsQuery } from '../../../core/api/izs-stock.api.ts';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { MOVEMENT_COLUMNS } from './doc-detail.tsx';

const useRows: RowsHook = (p, o) => useStockInventoryMovementsQuery(p, o);

/** 库存详情 (/supply-chain/stock/inventory-list-detail?stockId=): the movements of one balance, newest first. */
export default function InventoryListDetailScreen({ query }: ScreenProps) {
  return (
    <QueryTable
      key={query.stockId}
      name="movements"
      useRows={useRows}
      paged
      initial={{ stockId: query.stockId }}
      required={['stockId']}
      filters={[
        { field: 'orderNo', label: '单据编号', kind: 'text' },
        { field: 'beginDate', label: '开始日期', kind: 'date' },
        { field: 'endDate', label: '结束日期', kind: 'date' },
      ]}
      columns={MOVEMENT_COLUMNS}
    />
  );
}
