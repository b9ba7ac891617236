/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `orderResource`, whose wire is core/contract/izs-logistical/order.contract.ts.
 */
import { CAR_OPTIONS } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { ORDER_STATE_OPTIONS, orderResource } from '../../core/contract/izs-logistical/order.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const orderView = withLayout(orderResource, {
  columns: {
    orderNo: { sortable: true },
    loadDocNo: { hideInTable: true },
    unloadDocNo: { hideInTable: true },
    dispatchTime: { hideInTable: true },
    startTime: { hideInTable: true },
    deliverTime: { hideInTable: true },
    signTime: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { state: { options: { options: ORDER_STATE_OPTIONS } }, carId: { options: CAR_OPTIONS } },
  form: { plannedWeightT: { min: 0 }, freightPrice: { min: 0 }, distanceKm: { min: 0 }, remark: { span: 2 } },
});
