/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `stockWeighOrderResource`, whose wire is core/contract/izs-base/stock-weigh-order.contract.ts.
 */
import {
  MATERIAL_SELECT,
  stockWeighOrderResource,
  WAREHOUSE_SELECT,
} from '../../core/contract/izs-base/stock-weigh-order.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const stockWeighOrderView = withLayout(stockWeighOrderResource, {
  columns: {
    orderNo: { sortable: true },
    weighTime: { sortable: true },
    netKg: { sortable: true },
    weighbridgeId: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  search: { warehouseId: { options: WAREHOUSE_SELECT }, materialId: { options: MATERIAL_SELECT } },
  form: {
    carNumber: { placeholder: '浙B12345' },
    grossKg: { min: 0 },
    tareKg: { min: 0 },
    deductKg: { min: 0 },
    remark: { span: 2 },
  },
  detail: [
    { kind: 'grid', title: '磅单信息', fields: ['orderNo', 'weighTime', 'warehouseId', 'weighbridgeId', 'materialId'] },
    { kind: 'grid', title: '重量', fields: ['carNumber', 'grossKg', 'tareKg', 'deductKg', 'netKg', 'weigher'] },
  ],
});
