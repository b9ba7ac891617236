/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `dispatchSlipResource`, whose wire is core/contract/izs-weighing/dispatch-slip.contract.ts.
 */
import { PARTY_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { DISPATCH_STATES, dispatchSlipResource } from '../../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { withLayout } from '../../../features/crud/resource-layout.ts';

export const dispatchSlipView = withLayout(dispatchSlipResource, {
  columns: {
    slipNo: { sortable: true },
    validTo: { sortable: true },
    driverName: { hideInTable: true },
    driverPhone: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  search: { partyId: { options: PARTY_SELECT }, state: { options: { options: [...DISPATCH_STATES] } } },
  form: {
    sourceNo: { placeholder: '采购/销售订单号或贸易合同号' },
    carNumber: { placeholder: '浙B12345' },
    plannedKg: { min: 0 },
    remark: { span: 2 },
  },
  detail: [
    {
      kind: 'grid',
      title: '派车计划',
      fields: ['orderType', 'partyId', 'materialId', 'plannedKg', 'sourceNo', 'state', 'driverName', 'driverPhone'],
    },
  ],
});
