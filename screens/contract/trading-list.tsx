import { useLocation } from 'wouter';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { tradingContractView } from './trading-contract.resource.ts';

/** 贸易合同 (/contract/trading/list): 新增 / 编辑 open the editor tab, the number opens 合同信息. */
export default function TradingListScreen() {
  const [, go] = useLocation();
  return (
    <ResourceListPage
      def={tradingContractView}
      detailPath={(row) => `/contract/trading/view/${row.id}`}
      onEdit={(mode, row) => go(`/contract/trading/edit/${mode === 'add' ? 0 : row.id}`)}
      rowEditable={(row) => row.state === 'draft'}
    />
  );
}
