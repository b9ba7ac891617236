/**
 * 应收单 / 应付单 (/accounting/receivable/receivable-order, /accounting/payable/payable-order): the balance and
 * aging of every party on top (账龄 0–30 / 31–60 / 61–90 / 90+), then the documents with open amount and overdue
 * days; manual documents (新增 → 审核), credit limit and payment terms per customer.
 */
import { Button, Input, InputNumber, Modal, Select, Table, Tag, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import {
  useArapBalancesQuery,
  useArapCreditSaveMutation,
  useArapDocManualMutation,
  useArapDocPageQuery,
  useArapDocReviewMutation,
  useArapDocVoidMutation,
} from '../../core/api/izs-finance-ar.api.ts';
import type { ArDoc, BalanceRow } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { SearchItem } from '../../features/crud/search-item.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { DateInput } from '../../features/ui/date-input.tsx';
import { Field } from '../../features/ui/field.tsx';
import { TextLink } from '../../features/ui/text-link.tsx';
import {
  Page,
  PartySelect,
  ratePct,
  SETTLE_TAGS,
  sideOf,
  sourceName,
  stateTag,
  today,
  WORDS,
  yuan,
} from './arap-common.tsx';

const num = (v: string) => <span className="ly-arap-num">{yuan(v)}</span>;
const errText = (e: unknown) => (e as { data?: { msg?: string } })?.data?.msg ?? (e as Error)?.message ?? '操作失败';

function Aging({ side }: { side: 'ar' | 'ap' }) {
  const { data } = useArapBalancesQuery({ side });
  const [credit, setCredit] = useState<BalanceRow | null>(null);
  const [limit, setLimit] = useState('0');
  const [days, setDays] = useState(0);
  const [save] = useArapCreditSaveMutation();
  const w = WORDS[side];
  return (
    <>
      <div className="ly-arap-cards" data-testid="arap-totals">
        <div className="ly-arap-card">
          <span>未核销{w.doc}</span>
          <b data-testid="total-open">{yuan(data?.total.open ?? '0')}</b>
        </div>
        <div className="ly-arap-card">
          <span>未核销{w.advance}</span>
          <b>{yuan(data?.total.unapplied ?? '0')}</b>
        </div>
        <div className="ly-arap-card">
          <span>{side === 'ar' ? '应收余额' : '应付余额'}</span>
          <b>{yuan(data?.total.balance ?? '0')}</b>
        </div>
        <div className="ly-arap-card">
          <span>已逾期</span>
          <b>{yuan(data?.total.overdue ?? '0')}</b>
        </div>
      </div>
      <Table
        size="small"
        data-testid="aging-table"
        rowKey="partyId"
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: w.party, dataIndex: 'partyName' },
          { title: '未核销', dataIndex: 'open', render: num, align: 'right', width: 130 },
          { title: w.advance, dataIndex: 'unapplied', render: num, align: 'right' },
          { title: '余额', dataIndex: 'balance', render: num, align: 'right' },
          { title: '0-30天', render: (_: unknown, r: BalanceRow) => num(r.aging.d0_30), align: 'right' },
          { title: '31-60天', render: (_: unknown, r: BalanceRow) => num(r.aging.d31_60), align: 'right' },
          { title: '61-90天', render: (_: unknown, r: BalanceRow) => num(r.aging.d61_90), align: 'right' },
          { title: '90天以上', render: (_: unknown, r: BalanceRow) => num(r.aging.d90p), align: 'right' },
          { title: '已逾期', dataIndex: 'overdue', render: num, align: 'right' },
          ...(side === 'ar'
            ? [
                {
                  title: '信用额度 / 账期',
                  render: (_: unknown, r: BalanceRow) => (
                    <Button
                      size="small"
                      theme="borderless"
                      onClick={() => {
                        setCredit(r);
                        setLimit(r.creditLimit);
                        setDays(r.paymentDays);
                      }}
                    >
                      {r.creditLimit === '0.00' ? '不限' : yuan(r.creditLimit)} / {r.paymentDays}天
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        title={`信用额度与账期：${credit?.partyName ?? ''}`}
        visible={!!credit}
        onCancel={() => setCredit(null)}
        onOk={async () => {
          if (!credit) return;
          try {
            await save({ partyId: credit.partyId, creditLimit: limit || '0', paymentDays: days }).unwrap();
            Toast.success('已保存');
            setCredit(null);
          } catch (e) {
            Toast.error(errText(e));
          }
        }}
      >
        <p>信用额度（元，0 = 不限）</p>
        <Input value={limit} onChange={setLimit} />
        <p>账期（天）</p>
        <InputNumber value={days} min={0} max={3650} onChange={(v) => setDays(Number(v) || 0)} />
      </Modal>
    </>
  );
}

export default function DocList({ path }: ScreenProps) {
  const side = sideOf(path);
  const w = WORDS[side];
  const [partyId, setPartyId] = useState<string>();
  const [settleState, setSettleState] = useState<'open' | 'partial' | 'settled' | ''>('');
  const [beginDate, setBegin] = useState('');
  const [endDate, setEnd] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isFetching } = useArapDocPageQuery({
    side,
    partyId,
    settleState,
    beginDate,
    endDate,
    current,
    size: 20,
  });
  const [manual, setManual] = useState(false);
  const [form, setForm] = useState({ partyId: '', docDate: today(), amount: '', taxRate: '', summary: '' });
  const [create] = useArapDocManualMutation();
  const [review] = useArapDocReviewMutation();
  const [voidDoc] = useArapDocVoidMutation();
  // one detail route for both sides (the spec has no payable-order-detail): the screen reads the side from the record
  const base = '/accounting/receivable/receivable-order-detail';
  return (
    <Page title={`${w.doc}`} testId={`doc-list-${side}`}>
      <Aging side={side} />
      <div className="ly-arap-bar" style={{ marginTop: 16 }}>
        <PartySelect
          label={w.party}
          side={side}
          value={partyId}
          onChange={(v) => {
            setPartyId(v);
            setCurrent(1);
          }}
        />
        <SearchItem label="核销状态">
          <Select
            style={{ width: 140 }}
            value={settleState}
            onChange={(v) => setSettleState(v as typeof settleState)}
            optionList={[
              { value: '', label: '全部状态' },
              { value: 'open', label: '未核销' },
              { value: 'partial', label: '部分核销' },
              { value: 'settled', label: '已核销' },
            ]}
          />
        </SearchItem>
        <DateInput label="开始日期" value={beginDate} onChange={setBegin} />
        <span>至</span>
        <DateInput label="结束日期" value={endDate} onChange={setEnd} />
        <Button theme="solid" onClick={() => setManual(true)}>
          新增{w.doc}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        data-testid="doc-table"
        scroll={{ x: 1800 }}
        dataSource={data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          {
            title: '单号',
            dataIndex: 'orderNo',
            width: 170,
            render: (v: string, r: ArDoc) => <TextLink href={`${base}/${r.id}`}>{v}</TextLink>,
          },
          { title: w.party, dataIndex: 'partyName', width: 180, ellipsis: true },
          // what the clerk settles first (价税合计, 未核销, 逾期, 状态) in view at 1440 px (issue 26); the rest follows
          { title: '价税合计', dataIndex: 'amount', render: num, align: 'right', width: 130 },
          { title: '未核销', dataIndex: 'open', render: num, align: 'right', width: 130 },
          {
            title: '逾期天数',
            dataIndex: 'overdueDays',
            width: 90,
            render: (v: number) => (v > 0 ? <Tag color="red">{v}天</Tag> : ''),
          },
          {
            title: '状态',
            width: 90,
            render: (_: unknown, r: ArDoc) =>
              r.state === 'reviewed' ? (
                <Tag color={SETTLE_TAGS[r.settleState].color}>{SETTLE_TAGS[r.settleState].text}</Tag>
              ) : (
                stateTag(r.state)
              ),
          },
          { title: '到期日', dataIndex: 'dueDate', width: 105 },
          { title: '日期', dataIndex: 'docDate', width: 105 },
          { title: '来源', width: 170, render: (_: unknown, r: ArDoc) => `${sourceName(r.sourceType)} ${r.sourceNo}` },
          { title: '已核销', dataIndex: 'settled', render: num, align: 'right', width: 130 },
          { title: '不含税金额', dataIndex: 'net', render: num, align: 'right', width: 130 },
          { title: '税额', dataIndex: 'tax', render: num, align: 'right', width: 120 },
          { title: '税率', dataIndex: 'taxRate', render: (v: string) => ratePct(v), align: 'right', width: 70 },
          {
            title: '操作',
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, r: ArDoc) =>
              r.sourceType === 'manual' && r.state !== 'voided' ? (
                <>
                  {r.state === 'draft' && (
                    <Button
                      size="small"
                      theme="borderless"
                      onClick={() =>
                        review({ id: r.id })
                          .unwrap()
                          .then(
                            () => Toast.success('已审核'),
                            (e) => Toast.error(errText(e)),
                          )
                      }
                    >
                      审核
                    </Button>
                  )}
                  <Button
                    size="small"
                    theme="borderless"
                    type="danger"
                    onClick={() =>
                      voidDoc({ id: r.id, reason: '手工作废' })
                        .unwrap()
                        .then(
                          () => Toast.success('已作废'),
                          (e) => Toast.error(errText(e)),
                        )
                    }
                  >
                    作废
                  </Button>
                </>
              ) : null,
          },
        ]}
      />
      <Modal
        title={`新增${w.doc}（其他${side === 'ar' ? '收入' : '支出'}）`}
        visible={manual}
        onCancel={() => setManual(false)}
        onOk={async () => {
          try {
            await create({ side, ...form, remark: '' }).unwrap();
            Toast.success('已保存为草稿，审核后生效');
            setManual(false);
          } catch (e) {
            Toast.error(errText(e));
          }
        }}
      >
        {/* every control with a visible label and the same accessible name (issue 26) */}
        <div style={{ display: 'grid', gap: 8 }} data-testid="doc-manual-form">
          <Field label={w.party} required>
            <PartySelect
              side={side}
              value={form.partyId || undefined}
              onChange={(v) => setForm({ ...form, partyId: v ?? '' })}
            />
          </Field>
          <Field label="单据日期" required>
            <DateInput label="单据日期" value={form.docDate} onChange={(v) => setForm({ ...form, docDate: v })} />
          </Field>
          <Field label="价税合计（元）" required>
            <Input placeholder="如 1,200.00" value={form.amount} onChange={(v) => setForm({ ...form, amount: v })} />
          </Field>
          <Field label="税率（%）">
            <Input
              placeholder="可空：不拆税额"
              value={form.taxRate}
              onChange={(v) => setForm({ ...form, taxRate: v })}
            />
          </Field>
          <Field label="摘要">
            <Input
              placeholder="如：场地租金 2026年11月"
              value={form.summary}
              onChange={(v) => setForm({ ...form, summary: v })}
            />
          </Field>
        </div>
      </Modal>
    </Page>
  );
}
