/** 应收单 / 应付单详情 (/accounting/receivable/receivable-order-detail/{id}): the document and its 核销 lines. */
import { Table, Tag } from '@douyinfe/semi-ui';
import { useArapDocDetailQuery } from '../../core/api/izs-finance-ar.api.ts';
import type { SettleLine } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { TextLink } from '../../features/ui/text-link.tsx';
import { Page, ratePct, SETTLE_TAGS, sourceName, stateTag, TAX_SOURCES, WORDS, yuan } from './arap-common.tsx';

export const SETTLE_KIND: Record<string, string> = { cash: '收付款核销', refund: '退款', offset: '应收应付对冲' };

export function SettleTable({ lines, cashBase }: { lines: SettleLine[]; cashBase: string }) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      data-testid="settle-lines"
      dataSource={lines}
      columns={[
        { title: '日期', dataIndex: 'settleDate' },
        {
          title: '类型',
          render: (_: unknown, l: SettleLine) => (
            <>
              {SETTLE_KIND[l.kind] ?? l.kind}
              {l.isVoid ? <Tag color="grey">作废冲回</Tag> : null}
            </>
          ),
        },
        { title: '单据', dataIndex: 'docNo' },
        {
          title: '收付款/对冲单',
          render: (_: unknown, l: SettleLine) =>
            l.kind === 'offset' ? l.cashNo : <TextLink href={`${cashBase}/${l.cashNo}`}>{l.cashNo}</TextLink>,
        },
        {
          title: '金额',
          dataIndex: 'amount',
          render: (v: string) => <span className="ly-arap-num">{yuan(v)}</span>,
          align: 'right',
        },
      ]}
    />
  );
}

export default function DocDetail({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  const { data: d } = useArapDocDetailQuery({ id }, { skip: !id });
  if (!d) return <Page title="单据详情">加载中…</Page>;
  const w = WORDS[d.side === 'ap' ? 'ap' : 'ar'];
  const cashBase =
    d.side === 'ap' ? '/accounting/payable/payment-order-info' : '/accounting/receivable/receipt-order-detail';
  return (
    <Page title={`${w.doc} ${d.orderNo}`} testId="doc-detail">
      <div className="ly-arap-dl">
        <div>
          <span>{w.party}</span>
          {d.partyName}
        </div>
        <div>
          <span>来源</span>
          {sourceName(d.sourceType)} {d.sourceNo}
        </div>
        <div>
          <span>状态</span>
          {d.state === 'reviewed' ? (
            <Tag color={SETTLE_TAGS[d.settleState].color}>{SETTLE_TAGS[d.settleState].text}</Tag>
          ) : (
            stateTag(d.state)
          )}
        </div>
        <div>
          <span>日期</span>
          {d.docDate}
        </div>
        <div>
          <span>到期日</span>
          {d.dueDate}
        </div>
        <div>
          <span>逾期天数</span>
          {d.overdueDays}
        </div>
        <div>
          <span>不含税金额</span>
          {yuan(d.net)}
        </div>
        <div>
          <span>税额</span>
          {yuan(d.tax)}
        </div>
        <div>
          <span>税率</span>
          <b data-testid="doc-rate" style={{ fontWeight: 400 }}>
            {ratePct(d.taxRate)}（税率来源：{TAX_SOURCES[d.taxSource]}）
          </b>
        </div>
        <div>
          <span>价税合计</span>
          <b data-testid="doc-amount">{yuan(d.amount)}</b>
        </div>
        <div>
          <span>已核销</span>
          {yuan(d.settled)}
        </div>
        <div>
          <span>未核销</span>
          <b data-testid="doc-open">{yuan(d.open)}</b>
        </div>
        <div>
          <span>摘要</span>
          {d.summary}
        </div>
        {d.remark ? (
          <div>
            <span>备注</span>
            {d.remark}
          </div>
        ) : null}
      </div>
      <h3>核销记录</h3>
      <SettleTable lines={d.settles} cashBase={cashBase} />
    </Page>
  );
}
