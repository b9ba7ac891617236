import { Button, Empty, Modal, Spin, Table } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { buildHeaders, buildUrl } from '../../core/api/base-query.ts';
import { useAppStore } from '../../core/store/hooks.ts';
import { QrCode } from '../ui/qr-code.tsx';
import { CHAIN_PATH, type ChainInfo, parseChainAnswer } from './chain.ts';

/**
 * Spec §2.12: the 上链信息 dialog (block height, block hash, on-chain hash and the field table, or 暂无数据), with
 * the public trace link (and its QR code) where the hashes are recomputed in the browser.
 */
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
    const session = store.getState().session;
    fetch(buildUrl(CHAIN_PATH, { orderType, orderNo }), {
      headers: buildHeaders(session),
    })
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
  // the server answers the public link with the record's token (the number alone opens nothing publicly)
  const link = info?.link ? `${window.location.origin}${info.link}` : '';
  return (
    <Modal visible title="上链信息" onCancel={onClose} width={680} footer={<Button onClick={onClose}>关闭</Button>}>
      <div data-testid="chain-dialog">
        {loading ? (
          <Spin />
        ) : !info ? (
          <Empty description="暂无数据" />
        ) : (
          <>
            <div className="ly-chain-head">
              <dl className="ly-chain-grid">
                <dt>区块高度</dt>
                <dd data-testid="chain-height">{info.blockHeight}</dd>
                <dt>区块哈希</dt>
                <dd data-testid="chain-block-hash">{info.blockHash}</dd>
                <dt>上链哈希</dt>
                <dd data-testid="chain-tx-hash">{info.txHash}</dd>
                {link && (
                  <>
                    <dt>溯源链接</dt>
                    <dd>
                      <a href={link} target="_blank" rel="noreferrer" data-testid="chain-trace-link">
                        扫码或点击查看并校验
                      </a>
                    </dd>
                  </>
                )}
              </dl>
              {link && <QrCode value={link} size={104} title="溯源二维码" />}
            </div>
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
