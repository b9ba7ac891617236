import { carGroupResource } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 车辆分组 (/logistical/car-info-group). */
export default function CarGroupScreen() {
  return <ResourceListPage def={carGroupResource} />;
}
