import { TabPane, Tabs } from '@douyinfe/semi-ui';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { portView, voyageView } from './sites.resource.ts';

/** 港口列表 (/logistical/ship-port-list): ports with coordinates, and the waterway voyages of scrap between them. */
export default function ShipPortScreen() {
  return (
    <Tabs type="line" keepDOM={false}>
      <TabPane tab="港口" itemKey="port">
        <ResourceListPage def={portView} />
      </TabPane>
      <TabPane tab="航次" itemKey="voyage">
        <ResourceListPage def={voyageView} />
      </TabPane>
    </Tabs>
  );
}
