import { useStockInventorySendReceiveQuery } from '../../../core/api/izs-stock.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';
import { monthStartStr, todayStr } from './stock-format.ts';

const useRows: RowsHook = (p, o) =>
  useStockInventorySendReceiveQuery(
    { ...p, beginDate: String(p.beginDate ?? ''), endDate: String(p.endDate ?? '') },
    o,
  );

/** 收发存统计 (/supply-chain/stock/send-receive-statistics): opening, in, out and closing per warehouse + material. */
export default function SendReceiveScreen() {
  return (
    <QueryTable
      name="send-receive"
      useRows={useRows}
      initial={{ beginDate: monthStartStr(), endDate: todayStr() }}
      required={['beginDate', 'endDate']}
      totals={[
        'openingQty',
        'openingAmount',
        'inQty',
        'inAmount',
        'outQty',
        'outAmount',
        'closingQty',
        'closingAmount',
      ]}
      rowKey={(r) => `${r.warehouseId}-${r.materialId}`}
      filters={[
        { field: 'beginDate', label: '开始日期', kind: 'date' },
        { field: 'endDate', label: '结束日期', kind: 'date' },
        { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
        { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
      ]}
      columns={[
        { field: 'materialName', label: '物料', kind: 'text', width: 140 },
        { field: 'warehouseName', label: '仓库', kind: 'text', width: 140 },
        { field: 'openingQty', label: '期初数量(kg)', kind: 'weight', width: 125 },
        { field: 'openingAmount', label: '期初金额', kind: 'money', width: 120 },
        { field: 'inQty', label: '收入数量(kg)', kind: 'weight', width: 125 },
        { field: 'inAmount', label: '收入金额', kind: 'money', width: 120 },
        { field: 'outQty', label: '发出数量(kg)', kind: 'weight', width: 125 },
        { field: 'outAmount', label: '发出金额', kind: 'money', width: 120 },
        { field: 'closingQty', label: '结存数量(kg)', kind: 'weight', width: 125 },
        { field: 'closingAmount', label: '结存金额', kind: 'money', width: 120 },
      ]}
    />
  );
}
