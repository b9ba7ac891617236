/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail
 * cards of `dropShippingResource`, whose wire is core/contract/izs-stock/drop-shipping.contract.ts. Shared by two
 * screen areas, so here: 直发单 and the not-check list's documents (screens/supply-chain) and the business desk's
 * 交易记录 (screens/business).
 */
import { dropShippingResource } from '../../core/contract/izs-stock/drop-shipping.contract.ts';
import { CUSTOMER_SELECT, DOC_STATES, MATERIAL_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { withLayout } from '../crud/resource-layout.ts';

export const dropShippingView = withLayout(dropShippingResource, {
  columns: {
    orderNo: { sortable: true },
    orderDate: { sortable: true },
    purchaseAmount: { sortable: true },
    saleAmount: { sortable: true },
    grossProfit: { sortable: true },
    priceUnit: { hideInTable: true },
    evidenceFiles: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: {
    supplierId: { options: SUPPLIER_SELECT },
    customerId: { options: CUSTOMER_SELECT },
    materialId: { options: MATERIAL_SELECT },
    state: { options: { options: DOC_STATES } },
  },
  form: {
    purchaseQty: { min: 0 },
    purchasePrice: { min: 0 },
    saleQty: { min: 0 },
    salePrice: { min: 0 },
    evidenceFiles: { span: 2 },
    remark: { span: 2 },
  },
  detail: [
    {
      kind: 'grid',
      title: '直发信息',
      fields: ['orderNo', 'orderDate', 'supplierId', 'customerId', 'materialId', 'carNumber', 'state'],
    },
    {
      kind: 'grid',
      title: '采购与销售',
      fields: ['purchaseQty', 'purchasePrice', 'purchaseAmount', 'saleQty', 'salePrice', 'saleAmount', 'grossProfit'],
    },
    { kind: 'images', title: '凭证', field: 'evidenceFiles' },
    { kind: 'chain', title: '上链信息', orderType: 'drop_shipping', orderNoField: 'orderNo' },
  ],
});
