import { TabPane, Tabs } from '@douyinfe/semi-ui';
import { useLocation } from 'wouter';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { projectView, supplierContractView } from './projects.resource.ts';
import { tradingContractView } from './trading-contract.resource.ts';

/** 合同列表 (/contract/list, not cached): every kind of contract — trading, supplier framework, project orders. */
export default function ContractListScreen() {
  const [, go] = useLocation();
  return (
    <Tabs type="line" data-testid="contract-list">
      <TabPane tab="贸易合同" itemKey="trading">
        <ResourceListPage
          def={tradingContractView}
          detailPath={(row) => `/contract/detail/${row.contractNo}`}
          onEdit={(mode, row) => go(`/contract/trading/edit/${mode === 'add' ? 0 : row.id}`)}
          rowEditable={(row) => row.state === 'draft'}
        />
      </TabPane>
      <TabPane tab="供应商合同" itemKey="supplier">
        <ResourceListPage def={supplierContractView} detailPath={(row) => `/contract/details/${row.contractNo}`} />
      </TabPane>
      <TabPane tab="项目订单" itemKey="project">
        <ResourceListPage def={projectView} />
      </TabPane>
    </Tabs>
  );
}
