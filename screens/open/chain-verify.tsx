/** 溯源链校验 (/open/chain, admin; issue 14): recomputes the tenant's trace chain and names the first broken block. */
import { Banner, Button, Descriptions } from '@douyinfe/semi-ui';
import { useLazyBlockchainVerifyQuery } from '../../core/api/open.api.ts';
import { formatDateTime } from '../../core/format/date.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';

export default function ChainVerifyScreen() {
  const [run, { data, isFetching }] = useLazyBlockchainVerifyQuery();
  return (
    <PageFrame title="溯源链校验" testId="chain-verify">
      <Button theme="solid" loading={isFetching} onClick={() => run(undefined)} data-testid="chain-verify-run">
        校验整条链
      </Button>
      {data && (
        <div style={{ marginTop: 16 }} data-testid="chain-verify-result">
          <Banner
            type={data.ok ? 'success' : 'danger'}
            title={data.ok ? '校验通过' : `校验失败：区块 #${data.brokenHeight}`}
            description={data.reason}
          />
          <Descriptions
            style={{ marginTop: 12 }}
            data={[
              { key: '链类型', value: data.chain },
              { key: '区块数', value: String(data.blocks) },
              { key: '交易数', value: String(data.txs) },
              { key: '校验时间', value: formatDateTime(data.checkedAt) },
            ]}
          />
        </div>
      )}
    </PageFrame>
  );
}
