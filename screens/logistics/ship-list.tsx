import { shipResource } from '../../core/contract/izs-logistical/sites.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 船舶列表 (/logistical/ship-list): name, MMSI, deadweight, owner. */
export default function ShipListScreen() {
  return <ResourceListPage def={shipResource} />;
}
