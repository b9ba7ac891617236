import { useStockInventoryPageQuery } from '../../../core/api/izs-stock.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { kgToTonnes } from '../../../core/format/decimal.ts';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) => useStockInventoryPageQuery(p, o);

/** 库存列表 (/supply-chain/stock/inventory-list): balances per warehouse and material; the material opens its movements. */
export default function InventoryListScreen() {
  return (
    <QueryTable
      name="inventory"
      useRows={useRows}
      paged
      filters={[
        { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
        { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
        { field: 'hideZero', label: '隐藏零库存', kind: 'bool' },
      ]}
      mapRow={(r) => ({ ...r, qtyT: kgToTonnes(r.qty as string) })}
      link={(row) => `/supply-chain/stock/inventory-list-detail?stockId=${row.id}`}
      columns={[
        { field: 'materialName', label: '物料', kind: 'text', width: 160 },
        { field: 'materialCode', label: '物料编码', kind: 'code', width: 120 },
        { field: 'warehouseName', label: '仓库', kind: 'text', width: 160 },
        { field: 'qty', label: '库存数量(kg)', kind: 'weight', width: 140 },
        { field: 'qtyT', label: '库存数量(t)', kind: 'weight', width: 120 },
        { field: 'amount', label: '库存金额', kind: 'money', width: 140 },
        { field: 'unitCost', label: '单位成本(元/kg)', kind: 'money', decimals: 4, width: 140 },
        { field: 'deptName', label: '所属机构', kind: 'text', width: 140 },
        { field: 'updateTime', label: '更新时间', kind: 'datetime', width: 170 },
      ]}
    />
  );
}
