import { driverResource } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 司机列表 (/logistical/driver-list): the name opens 司机详情 (cars, trips, on-time rate). */
export default function DriverListScreen() {
  return <ResourceListPage def={driverResource} detailPath={(row) => `/logistical/driver-detail/${row.id}`} />;
}
