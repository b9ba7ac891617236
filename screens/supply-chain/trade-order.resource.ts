/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `purchaseOrderResource` (采购订单) and `saleOrderResource` (销售订单), whose wire is
 * core/contract/izs-stock/trade-order.contract.ts.
 */
import { CUSTOMER_SELECT, DOC_STATES, MATERIAL_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { purchaseOrderResource, saleOrderResource } from '../../core/contract/izs-stock/trade-order.contract.ts';
import { type ResourceLayout, withLayout } from '../../features/crud/resource-layout.ts';

type Schemas = (typeof purchaseOrderResource)['schemas'];

/** `orderType`: the order on the trace chain (purchase_order / sale_order, issue 14). */
const layout = (partySelect: typeof SUPPLIER_SELECT, orderType: string): ResourceLayout<Schemas> => ({
  columns: {
    orderNo: { sortable: true },
    orderDate: { sortable: true },
    totalAmount: { sortable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { partyId: { options: partySelect }, state: { options: { options: DOC_STATES } } },
  form: { remark: { span: 2 } },
  detail: [
    {
      kind: 'grid',
      title: '订单信息',
      fields: ['orderNo', 'partyId', 'contractNo', 'orderDate', 'deliveryDate', 'totalQty', 'totalAmount', 'state'],
    },
    {
      kind: 'table',
      title: '订单明细',
      field: 'lines',
      columns: [
        { field: 'lineNo', label: '行号', kind: 'number', width: 60 },
        { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', options: MATERIAL_SELECT },
        { field: 'qty', label: '计划数量(kg)', kind: 'weight', decimals: 3 },
        { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2 },
        { field: 'amount', label: '金额', kind: 'money', decimals: 2 },
        { field: 'doneQty', label: '已执行(kg)', kind: 'weight', decimals: 3 },
        { field: 'remark', label: '备注', kind: 'text' },
      ],
    },
    // purchase_order / sale_order on the trace chain (issue 14)
    { kind: 'chain', title: '上链信息', orderType: orderType, orderNoField: 'orderNo' },
  ],
});

export const purchaseOrderView = withLayout(purchaseOrderResource, layout(SUPPLIER_SELECT, 'purchase_order'));
export const saleOrderView = withLayout(saleOrderResource, layout(CUSTOMER_SELECT, 'sale_order'));
