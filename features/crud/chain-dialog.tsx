import { Button, Empty, Modal, Spin, Table } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { buildHeaders, buildUrl } from '../../core/api/base-query.ts';
import { useAppStore } from '../../core/store/hooks.ts';
import { CHAIN_PATH, type ChainInfo, parseChainAnswer } from './chain.ts';

/** Spec §2.12: the 上链信息 dialog (block height, block hash, on-chain hash and the field table, or 暂无数据). */
export function ChainDialog({
  orderType,
  orderNo,
  onClose,
}: {
  orderType: string;
  orderNo: string;
  onClose: () => void;
}) {
  const store = useAppStore();
  const [state, setState] = useState<{ loading: boolean; info: ChainInfo | null }>({ loading: true, info: null });
  useEffect(() => {
    let alive = true;
    // plain fetch: a non-200 answer must only be logged (spec §7.10), never toasted by the base query
    fetch(buildUrl(CHAIN_PATH, { orderType, orderNo }), { headers: buildHeaders(store.getState().session) })
      .then((r) => r.json())
      .then((body) => alive && setState({ loading: false, info: parseChainAnswer(body) }))
      .catch((e) => {
        console.info((e as Error).message);
        if (alive) setState({ loading: false, info: null });
      });
    return () => {
      alive = false;
    };
  }, [orderType, orderNo, store]);
  const { loading, info } = state;
  return (
    <Modal visible title="上链信息" onCancel={onClose} width={680} footer={<Button onClick={onClose}>关闭</Button>}>
      <div data-testid="chain-dialog">
        {loading ? (
          <Spin />
        ) : !info ? (
          <Empty description="暂无数据" />
        ) : (
          <>
            <dl className="ly-chain-grid">
              <dt>区块高度</dt>
              <dd>{info.blockHeight}</dd>
              <dt>区块哈希</dt>
              <dd>{info.blockHash}</dd>
              <dt>上链哈希</dt>
              <dd>{info.txHash}</dd>
            </dl>
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              dataSource={info.fields}
              columns={[
                { title: '字段', dataIndex: 'name', width: 180 },
                { title: '值', dataIndex: 'value' },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
