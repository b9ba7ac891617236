import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { carGroupView } from './fleet.resource.ts';

/** 车辆分组 (/logistical/car-info-group). */
export default function CarGroupScreen() {
  return <ResourceListPage def={carGroupView} />;
}
