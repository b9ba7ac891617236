import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { shipView } from './sites.resource.ts';

/** 船舶列表 (/logistical/ship-list): name, MMSI, deadweight, owner. */
export default function ShipListScreen() {
  return <ResourceListPage def={shipView} />;
}
