import { useStockInventoryMaterialCostQuery } from '../../../core/api/izs-stock.api.ts';
import { WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) => useStockInventoryMaterialCostQuery(p, o);

/** 物料成本 (/supply-chain/stock/stock-material-cost): quantity, amount and unit cost per material over the warehouses. */
export default function StockMaterialCostScreen() {
  return (
    <QueryTable
      name="material-cost"
      useRows={useRows}
      totals={['qty', 'amount']}
      rowKey="materialId"
      filters={[{ field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT }]}
      columns={[
        { field: 'materialName', label: '物料', kind: 'text', width: 180 },
        { field: 'materialCode', label: '物料编码', kind: 'code', width: 140 },
        { field: 'qty', label: '数量(kg)', kind: 'weight', width: 150 },
        { field: 'amount', label: '金额', kind: 'money', width: 150 },
        { field: 'unitCost', label: '单位成本(元/kg)', kind: 'money', decimals: 4, width: 150 },
        { field: 'warehouses', label: '仓库数', kind: 'number', width: 90 },
      ]}
    />
  );
}
