/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `carGroupResource`, `driverResource`, `carResource`, whose wire is
 * core/contract/izs-logistical/fleet.contract.ts.
 */
import {
  CAR_TYPES,
  carGroupResource,
  carResource,
  driverResource,
  GROUP_OPTIONS,
} from '../../core/contract/izs-logistical/fleet.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const carGroupView = withLayout(carGroupResource, {
  form: { remark: { span: 2 } },
});

export const driverView = withLayout(driverResource, {
  columns: {
    name: { sortable: true },
    licenceExpiry: { sortable: true },
    idCard: { hideInTable: true },
    remark: { hideInTable: true },
  },
  form: { remark: { span: 2 } },
});

export const carView = withLayout(carResource, {
  columns: {
    plate: { sortable: true },
    transportCertExpiry: { sortable: true },
    insuranceExpiry: { sortable: true },
    speedLimitKmh: { hideInTable: true },
    transportCertNo: { hideInTable: true },
    remark: { hideInTable: true },
  },
  search: { carType: { options: { options: CAR_TYPES } }, groupId: { options: GROUP_OPTIONS } },
  form: { axles: { min: 2, max: 6 }, loadT: { min: 0 }, speedLimitKmh: { min: 10, max: 150 }, remark: { span: 2 } },
});
