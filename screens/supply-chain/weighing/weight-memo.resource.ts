/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `weighingOrderResource`, whose wire is core/contract/izs-weighing/orders.contract.ts.
 */
import { MATERIAL_SELECT, PARTY_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import {
  WEIGH_STATES,
  WEIGHING_ORDER_TYPES,
  weighingOrderResource,
} from '../../../core/contract/izs-weighing/orders.contract.ts';
import { withLayout } from '../../../features/crud/resource-layout.ts';

export const weighingOrderView = withLayout(weighingOrderResource, {
  columns: {
    orderNo: { sortable: true },
    warehouseId: { hideInTable: true },
    weighbridgeId: { hideInTable: true },
    netWeight: { sortable: true },
    priceUnit: { hideInTable: true },
    amount: { sortable: true },
    firstTime: { sortable: true },
    firstManual: { hideInTable: true },
    secondManual: { hideInTable: true },
    stockOrderNo: { hideInTable: true },
    printCount: { hideInTable: true },
    deptId: { hideInTable: true },
    voidReason: { hideInTable: true },
    remark: { hideInTable: true },
  },
  search: {
    orderType: { options: { options: WEIGHING_ORDER_TYPES } },
    partyId: { options: PARTY_SELECT },
    materialId: { options: MATERIAL_SELECT },
    weighState: { options: { options: WEIGH_STATES } },
  },
  form: { unitPrice: { min: 0 }, deductWeight: { min: 0 }, impurityRate: { min: 0, max: 99.99 }, remark: { span: 2 } },
  detail: [
    {
      kind: 'grid',
      title: '磅单信息',
      fields: [
        'orderNo',
        'orderType',
        'carNumber',
        'driverName',
        'partyId',
        'materialId',
        'warehouseId',
        'weighbridgeId',
        'weighState',
      ],
    },
    {
      kind: 'grid',
      title: '重量与金额',
      fields: [
        'grossWeight',
        'tareWeight',
        'deductWeight',
        'impurityRate',
        'deductionWeight',
        'netWeight',
        'unitPrice',
        'priceUnit',
        'amount',
      ],
    },
    {
      kind: 'grid',
      title: '过磅记录',
      fields: ['firstTime', 'firstManual', 'secondTime', 'secondManual', 'stockOrderNo', 'printCount', 'voidReason'],
    },
    { kind: 'images', title: '一次过磅照片', field: 'firstPhotos' },
    { kind: 'images', title: '二次过磅照片', field: 'secondPhotos' },
    { kind: 'chain', title: '上链信息', orderType: 'weighing', orderNoField: 'orderNo' },
  ],
});
