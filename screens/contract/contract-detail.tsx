import { Empty, Spin } from '@douyinfe/semi-ui';
import { refOf, useResourceListQuery } from '../../core/api/crud.api.ts';
import { useTradingFullQuery } from '../../core/api/izs-contract.api.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';
import { ResourceDetailPage } from '../../features/crud/resource-detail-page.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { supplierContractView } from './projects.resource.ts';
import { TradingCard } from './trading-card.tsx';
import { tradingContractView } from './trading-contract.resource.ts';

function Trading({ code }: { code: string }) {
  const list = useResourceListQuery({ ref: refOf(tradingContractView), params: { contractNo: code } });
  const id = list.data?.find((r) => r.contractNo === code)?.id;
  const full = useTradingFullQuery({ id: String(id ?? '') }, { skip: !id });
  if (list.isLoading || full.isLoading) return <Spin size="large" />;
  if (!full.data) return <Empty description={`合同 ${code} 不存在`} />;
  return <TradingCard c={full.data} />;
}

/** 合同详情 / 合同明细 (/contract/detail/:code, /contract/details/:code): a contract of any kind by its number. */
export default function ContractDetailScreen({ path }: ScreenProps) {
  const code = decodeURIComponent(path.split('/').pop() ?? '');
  if (code.startsWith('GH')) {
    return <ResourceDetailPage def={supplierContractView} lookup={{ field: 'contractNo', value: code }} />;
  }
  return (
    <PageFrame title={`合同详情 ${code}`} testId="contract-detail">
      <Trading code={code} />
    </PageFrame>
  );
}
