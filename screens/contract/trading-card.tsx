import { Banner, Button, Input, Modal, Space, Table, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  useLazyTradingRedirectCertQuery,
  useTradingMoveMutation,
  useTradingSignMutation,
  useTradingVerifyQuery,
} from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { CONTRACT_STATES, PRICE_TYPES, SIDES, WEIGHT_BASES } from '../../core/contract/izs-contract/fields.ts';
import type { TradingContractFull } from '../../core/contract/izs-contract/trading-contract.contract.ts';
import { useCan } from '../../features/admin-page/common.tsx';
import './contract.css';
import { kgCell, moneyCell, qtyCell } from '../../features/ui/cells.ts';

const label = (opts: readonly { label: string; value: string }[], v: string) =>
  opts.find((o) => o.value === v)?.label ?? v;
const DOC_TYPE: Record<string, string> = { in_stock: '入库单', out_stock: '出库单' };
const DOC_STATE: Record<string, string> = { draft: '草稿', submitted: '已提交', reviewed: '已审核', voided: '已作废' };
const EXEC_STATE: Record<string, { text: string; color: 'grey' | 'green' | 'red' | 'orange' }> = {
  open: { text: '执行中', color: 'grey' },
  within: { text: '溢短装范围内', color: 'green' },
  over: { text: '超出溢装上限', color: 'red' },
};
/**
 * A line not yet within its 溢短装 range reads as its contract stands (issue 26: a terminated contract's line said
 * 执行中): 未生效 before approval, 执行中 while executing, 已终止 / 已完成（未足量） after.
 */
const OPEN_LINE_BY_CONTRACT: Record<string, { text: string; color: 'grey' | 'red' | 'orange' }> = {
  draft: { text: '未生效', color: 'grey' },
  pending: { text: '未生效', color: 'grey' },
  executing: { text: '执行中', color: 'grey' },
  terminated: { text: '已终止', color: 'red' },
  completed: { text: '已完成（未足量）', color: 'orange' },
};
function lineState(state: string, contractState: string) {
  if (state === 'open') return OPEN_LINE_BY_CONTRACT[contractState] ?? EXEC_STATE.open;
  return EXEC_STATE[state] ?? { text: state, color: 'grey' as const };
}
const num = (w?: number) => ({ align: 'right' as const, width: w });
const money = (w?: number) => ({ ...num(w), render: moneyCell });
const tonnes = (w?: number) => ({ ...num(w), render: qtyCell(3) });

/** 合同信息: a trading contract with its execution, documents, steps, signatures and the state actions. */
export function TradingCard({ c, signing }: { c: TradingContractFull; signing?: boolean }) {
  const can = useCan('contract_trading_list');
  const [move, moving] = useTradingMoveMutation();
  const [sign, signingNow] = useTradingSignMutation();
  const [redirect] = useLazyTradingRedirectCertQuery();
  const verify = useTradingVerifyQuery({ id: c.id }, { skip: !c.signatures.length });
  const [, go] = useLocation();
  const [ask, setAsk] = useState<null | 'terminate' | 'reject'>(null);
  const [reason, setReason] = useState('');

  const act = async (action: 'submit' | 'approve' | 'reject' | 'complete' | 'terminate', remark = '') => {
    const r = await move({ id: c.id, action, remark });
    if ('data' in r) notifySuccess('操作成功');
  };
  const startSign = async () => {
    const r = await redirect({ id: c.id });
    if (r.data) go(r.data.url);
  };
  const doSign = async () => {
    const r = await sign({ id: c.id });
    if ('data' in r && r.data) {
      notifySuccess('签署成功');
      go(`/contract/trading/view/${c.id}`);
    }
  };
  const edit = can('edit');
  // a signed contract is not signed again (issue 26: 签署 stayed after signing)
  const signed = c.signatures.length > 0;
  return (
    <div data-testid="trading-card">
      <Space className="ly-contract-bar" wrap>
        <Tag
          size="large"
          color={c.state === 'executing' ? 'green' : c.state === 'terminated' ? 'red' : 'blue'}
          data-testid="trading-state"
        >
          {label(CONTRACT_STATES, c.state)}
        </Tag>
        {c.state === 'draft' && edit && (
          <>
            <Button onClick={() => go(`/contract/trading/edit/${c.id}`)}>编辑</Button>
            <Button theme="solid" loading={moving.isLoading} onClick={() => act('submit')} data-testid="trading-submit">
              提交审核
            </Button>
          </>
        )}
        {c.state === 'pending' && edit && (
          <>
            <Button theme="solid" type="primary" onClick={() => act('approve')} data-testid="trading-approve">
              审核通过
            </Button>
            <Button type="warning" onClick={() => setAsk('reject')}>
              驳回
            </Button>
          </>
        )}
        {c.state === 'executing' && signed && (
          <Tag size="large" color="green" data-testid="trading-signed">
            已签署 {c.signatures[0].signerName} {c.signatures[0].signedAt}
          </Tag>
        )}
        {c.state === 'executing' && edit && (
          <>
            {!signed && (
              <Button theme="solid" onClick={startSign} data-testid="trading-sign-start">
                签署
              </Button>
            )}
            <Button onClick={() => act('complete')} data-testid="trading-complete">
              完成
            </Button>
          </>
        )}
        {['draft', 'pending', 'executing'].includes(c.state) && edit && (
          <Button type="danger" onClick={() => setAsk('terminate')}>
            终止
          </Button>
        )}
        <Button onClick={() => window.open(`/print/contract?id=${c.id}`, '_blank')}>打印合同</Button>
      </Space>
      {signing && c.state === 'executing' && !signed && (
        <Banner
          type="info"
          className="ly-contract-warn"
          title="签署合同"
          description={
            <Space>
              <span>签署将记录签署人、时间与打印合同的 SHA-256 摘要，签署后合同内容的任何变化都会被发现。</span>
              <Button theme="solid" loading={signingNow.isLoading} onClick={doSign} data-testid="trading-sign-confirm">
                确认签署
              </Button>
            </Space>
          }
        />
      )}
      {c.execution.warnings.map((w) => (
        <Banner key={w} type="danger" className="ly-contract-warn" description={w} data-testid="trading-warning" />
      ))}
      {verify.data?.changed && (
        <Banner
          type="danger"
          className="ly-contract-warn"
          description="签署后合同内容已被修改：当前打印内容的摘要与签署时不一致"
        />
      )}
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">
          {c.contractNo} {c.title}
        </h3>
        <dl className="ly-contract-grid">
          <div>
            <dt>方向</dt>
            <dd>{label(SIDES, c.side)}</dd>
          </div>
          <div>
            <dt>{c.side === 'sale' ? '客户' : '供应商'}</dt>
            <dd>{c.partyName}</dd>
          </div>
          <div>
            <dt>签订日期</dt>
            <dd>{c.signDate}</dd>
          </div>
          <div>
            <dt>交货期</dt>
            <dd>
              {c.deliveryStart} 至 {c.deliveryEnd}
            </dd>
          </div>
          <div>
            <dt>交货地点</dt>
            <dd>{c.deliveryPlace || '—'}</dd>
          </div>
          <div>
            <dt>溢短装</dt>
            <dd>±{c.tolerancePct}%</dd>
          </div>
          <div>
            <dt>结算重量</dt>
            <dd>{label(WEIGHT_BASES, c.weightBasis)}</dd>
          </div>
          <div>
            <dt>付款</dt>
            <dd>
              预付 {c.prepaymentPct}%，尾款 {c.balanceDays} 天
            </dd>
          </div>
          <div>
            <dt>合同数量</dt>
            <dd>{qtyCell(3)(c.totalQty)} 吨</dd>
          </div>
          <div>
            <dt>合同金额</dt>
            <dd>{moneyCell(c.totalAmount)} 元</dd>
          </div>
          <div>
            <dt>已执行</dt>
            <dd data-testid="trading-executed">
              {qtyCell(3)(c.execution.executedQty)} 吨 / {moneyCell(c.execution.executedAmount)} 元
            </dd>
          </div>
          <div>
            <dt>未执行</dt>
            <dd data-testid="trading-remaining">{qtyCell(3)(c.execution.remainingQty)} 吨</dd>
          </div>
          <div>
            <dt>已开票</dt>
            <dd data-testid="trading-invoiced">{moneyCell(c.execution.invoicedAmount)} 元</dd>
          </div>
          <div>
            <dt>{c.side === 'purchase' ? '已付款 / 未付款' : '已收款 / 未收款'}</dt>
            <dd data-testid="trading-paid">
              {moneyCell(c.execution.paidAmount)} 元 / {moneyCell(c.execution.openAmount)} 元
            </dd>
          </div>
        </dl>
        {c.deductions && <p>质量扣款：{c.deductions}</p>}
      </section>
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">明细与执行</h3>
        <Table
          size="small"
          pagination={false}
          rowKey="materialId"
          dataSource={c.execution.lines}
          columns={[
            { title: '物料', dataIndex: 'materialName' },
            { title: '合同(吨)', dataIndex: 'contractQty', ...tonnes(110) },
            {
              title: '溢短装范围(吨)',
              render: (_: unknown, l: (typeof c.execution.lines)[number]) => `${l.minQty} ~ ${l.maxQty}`,
              width: 170,
            },
            { title: '已执行(吨)', dataIndex: 'executedQty', ...tonnes(110) },
            { title: '已执行金额', dataIndex: 'executedAmount', ...money(120) },
            { title: '未执行(吨)', dataIndex: 'remainingQty', ...tonnes(110) },
            { title: '进度', dataIndex: 'percent', render: (v: string) => `${v}%`, ...num(80) },
            {
              title: '状态',
              dataIndex: 'state',
              render: (v: string) => {
                const st = lineState(v, c.state);
                return (
                  <Tag color={st.color} data-testid="trading-line-state">
                    {st.text}
                  </Tag>
                );
              },
              width: 130,
            },
          ]}
        />
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={c.lines}
          columns={[
            { title: '行号', dataIndex: 'lineNo', width: 60 },
            { title: '物料', dataIndex: 'materialName' },
            { title: '数量(吨)', dataIndex: 'qty', ...tonnes(100) },
            { title: '计价', dataIndex: 'priceType', render: (v: string) => label(PRICE_TYPES, v), width: 80 },
            {
              title: '点价',
              render: (_: unknown, l: (typeof c.lines)[number]) =>
                l.priceType === 'pricing'
                  ? `${l.refName} ${l.refDate} ${l.refPrice ?? '待点价'} + ${l.premium ?? '0.00'}`
                  : '—',
            },
            { title: '单价(元/吨)', dataIndex: 'unitPrice', ...money(110) },
            { title: '金额', dataIndex: 'amount', ...money(120) },
          ]}
        />
      </section>
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">执行单据（已审核的单据计入执行）</h3>
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={c.documents}
          empty="还没有关联的出入库单或磅单"
          columns={[
            {
              title: '单据编号',
              dataIndex: 'orderNo',
              render: (v: string, d: (typeof c.documents)[number]) => (
                <Link
                  href={`/supply-chain/${d.docType === 'in_stock' ? 'purchase/in-stock' : 'sale/out-stock'}-detail/${v}`}
                  className="ly-crud-link"
                >
                  {v}
                </Link>
              ),
            },
            { title: '类型', dataIndex: 'docType', render: (v: string) => DOC_TYPE[v] ?? v, width: 80 },
            { title: '日期', dataIndex: 'orderDate', width: 110 },
            { title: '来源磅单', dataIndex: 'sourceWeighingNo', render: (v: string | null) => v ?? '—' },
            { title: '净重(kg)', dataIndex: 'totalQty', ...num(120), render: kgCell },
            { title: '金额', dataIndex: 'totalAmount', ...money(120) },
            { title: '状态', dataIndex: 'state', render: (v: string) => DOC_STATE[v] ?? v, width: 80 },
          ]}
        />
      </section>
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">流程与签署</h3>
        <Table
          size="small"
          pagination={false}
          rowKey="step"
          dataSource={c.steps}
          columns={[
            { title: '步骤', dataIndex: 'step', width: 120 },
            { title: '操作人', dataIndex: 'userName', width: 120 },
            { title: '时间', dataIndex: 'time', width: 180 },
            { title: '说明', dataIndex: 'note' },
          ]}
        />
        {c.signatures.map((s) => (
          <p key={s.id} data-testid="trading-signature">
            已签署：{s.signerName}，{s.signedAt}（{s.provider === 'builtin' ? '系统内签署' : s.provider}）
            <br />
            <span className="ly-contract-hash">SHA-256 {s.docHash}</span>
          </p>
        ))}
      </section>
      <Modal
        visible={ask !== null}
        title={ask === 'terminate' ? '终止合同' : '驳回合同'}
        onCancel={() => setAsk(null)}
        onOk={async () => {
          if (ask) await act(ask, reason);
          setAsk(null);
          setReason('');
        }}
      >
        <Input value={reason} onChange={setReason} placeholder={ask === 'terminate' ? '请输入终止原因' : '驳回意见'} />
      </Modal>
    </div>
  );
}
