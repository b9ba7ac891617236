import { Empty, Spin } from '@douyinfe/semi-ui';
import { useTradingFullQuery } from '../../core/api/izs-contract.api.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { TradingCard } from './trading-card.tsx';

/** 合同信息 (/contract/trading/view/:id; ?sign=1 is the built-in provider's signing step). */
export default function TradingViewScreen({ path, query }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  const q = useTradingFullQuery({ id }, { refetchOnMountOrArgChange: true });
  if (q.isLoading) return <Spin size="large" />;
  if (!q.data) return <Empty description="合同不存在" />;
  return (
    <PageFrame title="合同信息" testId="trading-view">
      <TradingCard c={q.data} signing={query.sign === '1'} />
    </PageFrame>
  );
}
