import { TabPane, Tabs } from '@douyinfe/semi-ui';
import { portResource, voyageResource } from '../../core/contract/izs-logistical/sites.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 港口列表 (/logistical/ship-port-list): ports with coordinates, and the waterway voyages of scrap between them. */
export default function ShipPortScreen() {
  return (
    <Tabs type="line" keepDOM={false}>
      <TabPane tab="港口" itemKey="port">
        <ResourceListPage def={portResource} />
      </TabPane>
      <TabPane tab="航次" itemKey="voyage">
        <ResourceListPage def={voyageResource} />
      </TabPane>
    </Tabs>
  );
}
