import { useStockInventoryHistoryQuery } from '../../../core/api/izs-stock.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';
import { todayStr } from './stock-format.ts';

const useRows: RowsHook = (p, o) => useStockInventoryHistoryQuery({ ...p, date: String(p.date ?? '') }, o);

/** 历史库存 (/supply-chain/stock/inventory-history): stock as of the end of a chosen day (Σ of its movements). */
export default function InventoryHistoryScreen() {
  return (
    <QueryTable
      name="inventory-history"
      useRows={useRows}
      initial={{ date: todayStr(), hideZero: 1 }}
      required={['date']}
      totals={['qty', 'amount']}
      rowKey={(r) => `${r.warehouseId}-${r.materialId}`}
      filters={[
        { field: 'date', label: '截止日期', kind: 'date' },
        { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
        { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
        { field: 'hideZero', label: '隐藏零库存', kind: 'bool' },
      ]}
      columns={[
        { field: 'materialName', label: '物料', kind: 'text', width: 160 },
        { field: 'materialCode', label: '物料编码', kind: 'code', width: 120 },
        { field: 'warehouseName', label: '仓库', kind: 'text', width: 160 },
        { field: 'qty', label: '数量(kg)', kind: 'weight', width: 140 },
        { field: 'amount', label: '金额', kind: 'money', width: 140 },
        { field: 'unitCost', label: '单位成本(元/kg)', kind: 'money', decimals: 4, width: 140 },
      ]}
    />
  );
}
