import { useStockAnalysisStatementQuery } from '../../core/api/izs-stock.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { QueryTable, type RowsHook } from '../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) =>
  useStockAnalysisStatementQuery({ ...p, beginDate: String(p.beginDate ?? ''), endDate: String(p.endDate ?? '') }, o);

/**
 * 综合报表 (/statement-analysis/zm-statement): per material, opening stock + purchases − sales (at cost) + other
 * movements (sorting, conversion…) = closing stock, with sales, cost, gross profit and margin of the period.
 */
export default function ZmStatementScreen() {
  return (
    <QueryTable
      name="zm-statement"
      useRows={useRows}
      initial={{ beginDate: `${businessToday().slice(0, 7)}-01`, endDate: businessToday() }}
      required={['beginDate', 'endDate']}
      totals={[
        'openingQty',
        'openingAmount',
        'purchaseQty',
        'purchaseAmount',
        'saleQty',
        'saleAmount',
        'saleCost',
        'grossProfit',
        'otherQty',
        'otherAmount',
        'closingQty',
        'closingAmount',
      ]}
      rowKey="materialId"
      filters={[
        { field: 'beginDate', label: '开始日期', kind: 'date' },
        { field: 'endDate', label: '结束日期', kind: 'date' },
        { field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT },
        { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
      ]}
      columns={[
        { field: 'materialName', label: '物料', kind: 'text', width: 130 },
        { field: 'materialCode', label: '物料编码', kind: 'code', width: 100 },
        { field: 'openingQty', label: '期初数量(kg)', kind: 'weight', width: 125 },
        { field: 'openingAmount', label: '期初金额', kind: 'money', width: 120 },
        { field: 'purchaseQty', label: '采购数量(kg)', kind: 'weight', width: 125 },
        { field: 'purchaseAmount', label: '采购金额(不含税)', kind: 'money', width: 130 },
        { field: 'saleQty', label: '销售数量(kg)', kind: 'weight', width: 125 },
        { field: 'saleAmount', label: '销售收入(不含税)', kind: 'money', width: 130 },
        { field: 'saleCost', label: '销售成本', kind: 'money', width: 120 },
        { field: 'grossProfit', label: '毛利', kind: 'money', width: 110 },
        { field: 'margin', label: '毛利率(%)', kind: 'text', width: 90 },
        { field: 'otherQty', label: '其他收发(kg)', kind: 'weight', width: 125 },
        { field: 'otherAmount', label: '其他收发金额', kind: 'money', width: 120 },
        { field: 'closingQty', label: '期末数量(kg)', kind: 'weight', width: 125 },
        { field: 'closingAmount', label: '期末金额', kind: 'money', width: 120 },
      ]}
    />
  );
}
