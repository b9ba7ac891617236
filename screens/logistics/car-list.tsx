import { carResource } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 车辆列表 (/logistical/car-list): plate, type, axles, load, 道路运输证 / insurance expiry with warnings, GPS device. */
export default function CarListScreen() {
  return <ResourceListPage def={carResource} />;
}
