import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { driverView } from './fleet.resource.ts';

/** 司机列表 (/logistical/driver-list): the name opens 司机详情 (cars, trips, on-time rate). */
export default function DriverListScreen() {
  return <ResourceListPage def={driverView} detailPath={(row) => `/logistical/driver-detail/${row.id}`} />;
}
