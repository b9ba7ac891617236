import { Button, DatePicker, Empty, Input, Modal, Space, Spin, Table, Tag } from '@douyinfe/semi-ui';
import Decimal from 'decimal.js';
import { useState } from 'react';
import {
  useScfCertDiscountMutation,
  useScfCertFamilyQuery,
  useScfCertSettleMutation,
  useScfCertSplitMutation,
  useScfCertTransferMutation,
} from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { CertFamily } from '../../core/contract/izs-contract/scf.contract.ts';
import { CERT_STATES, PARTY_SELECT, PROVIDER_SELECT } from '../../core/contract/izs-contract/scf-resources.contract.ts';
import { formatMoney } from '../../core/format/amounts.ts';
import { pickedDay } from '../../core/format/date.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';
import { FieldControl } from '../../features/crud/field-kinds.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

type Cert = CertFamily['certs'][number];
/** A picked calendar day as yyyy-MM-dd (core/format/date.ts). */
const day = (d: Date) => pickedDay(d);
const ACTION: Record<string, string> = {
  issue: '开立',
  split: '拆分',
  transfer: '转让',
  discount: '贴现',
  settle: '兑付',
};
const num = { align: 'right' as const };

function Party({
  value,
  onChange,
  source = PARTY_SELECT,
}: {
  value?: string;
  onChange: (v?: string) => void;
  source?: typeof PARTY_SELECT;
}) {
  return (
    <div style={{ width: 220 }}>
      <FieldControl
        spec={{ field: 'party', label: '接收方', kind: 'select', options: source }}
        value={value}
        onChange={(v) => onChange(v ? String(v) : undefined)}
      />
    </div>
  );
}

/** 金单详情 (/supply-chain-finance/order-list/detail?id=): the split tree, every holder and step; split, transfer, discount, settle. */
export default function GoldOrderDetailScreen({ query }: ScreenProps) {
  const q = useScfCertFamilyQuery({ id: query.id ?? '' }, { skip: !query.id, refetchOnMountOrArgChange: true });
  const [split] = useScfCertSplitMutation();
  const [transfer] = useScfCertTransferMutation();
  const [discount] = useScfCertDiscountMutation();
  const [settle] = useScfCertSettleMutation();
  const [op, setOp] = useState<{ kind: 'split' | 'transfer' | 'discount' | 'settle'; cert: Cert } | null>(null);
  const [parts, setParts] = useState<{ amount: string; holderPartyId?: string }[]>([]);
  const [party, setParty] = useState<string>();
  const [date, setDate] = useState(day(new Date()));
  const [rate, setRate] = useState('3.6');
  const [provider, setProvider] = useState<string>();
  if (q.isLoading) return <Spin size="large" />;
  const f = q.data;
  if (!f) return <Empty description="金单不存在" />;
  const partsSum = parts.reduce((s, p) => {
    try {
      return s.plus(p.amount || 0);
    } catch {
      return s;
    }
  }, new Decimal(0));

  const run = async () => {
    if (!op) return;
    const id = op.cert.id;
    if (op.kind === 'settle') {
      const done = await settle({ id, settleDate: date });
      if (done.data) {
        const paid = done.data.paymentNo ? `，付款单 ${done.data.paymentNo}` : '';
        notifySuccess(`已兑付：收款单 ${done.data.collectionNo}${paid} 已登记并核销`);
        setOp(null);
      }
      return;
    }
    const r =
      op.kind === 'split'
        ? await split({ id, parts })
        : op.kind === 'transfer'
          ? await transfer({ id, holderPartyId: party ?? '' })
          : await discount({ id, providerId: provider ?? '', discountDate: date, annualRate: rate });
    if ('data' in r) {
      notifySuccess('操作成功');
      setOp(null);
    }
  };
  const open = (kind: 'split' | 'transfer' | 'discount' | 'settle', cert: Cert) => {
    setOp({ kind, cert });
    setParts([{ amount: '' }, { amount: '' }]);
    setParty(undefined);
  };
  const depth = (c: Cert): number =>
    c.parentId ? 1 + depth(f.certs.find((x) => x.id === c.parentId) ?? ({} as Cert)) : 0;
  return (
    <PageFrame title={`金单 ${f.root.certNo}`} testId="gold-detail">
      <p>
        开单企业 {f.root.issuerName}，面额 {f.root.face} 元，{f.root.issueDate} 开立，{f.root.maturityDate}{' '}
        到期；对应应付 {f.root.payableRef || '—'}
      </p>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={f.certs}
        data-testid="gold-certs"
        columns={[
          {
            title: '金单编号',
            dataIndex: 'certNo',
            render: (v: string, c: Cert) => <span style={{ paddingLeft: depth(c) * 20 }}>{v}</span>,
          },
          { title: '持有人', dataIndex: 'holderName' },
          { title: '金额', dataIndex: 'face', ...num },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => <Tag>{CERT_STATES.find((s) => s.value === v)?.label ?? v}</Tag>,
          },
          { title: '贴现利息', dataIndex: 'discountInterest', render: (v: string | null) => v ?? '—', ...num },
          {
            title: '操作',
            render: (_: unknown, c: Cert) => (
              <Space>
                {c.status === 'holding' && (
                  <>
                    <Button size="small" onClick={() => open('split', c)}>
                      拆分转让
                    </Button>
                    <Button size="small" onClick={() => open('transfer', c)}>
                      转让
                    </Button>
                    {c.holderName === '本公司' && (
                      <Button size="small" onClick={() => open('discount', c)}>
                        贴现
                      </Button>
                    )}
                  </>
                )}
                {(c.status === 'holding' || c.status === 'discounted') && (
                  <Button size="small" onClick={() => open('settle', c)}>
                    兑付
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <h3>流转记录</h3>
      <Table
        size="small"
        pagination={false}
        rowKey={(e?: CertFamily['events'][number]) => `${e?.certNo}${e?.time}${e?.action}`}
        dataSource={f.events}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170 },
          { title: '金单', dataIndex: 'certNo' },
          { title: '动作', dataIndex: 'action', render: (v: string) => ACTION[v] ?? v },
          { title: '从', dataIndex: 'fromParty' },
          { title: '至', dataIndex: 'toParty' },
          { title: '金额', dataIndex: 'amount', ...num },
          { title: '说明', dataIndex: 'note' },
          { title: '操作人', dataIndex: 'userName' },
        ]}
      />
      <Modal
        visible={!!op}
        title={op ? `${op.cert.certNo}（${formatMoney(op.cert.face)} 元）` : ''}
        onCancel={() => setOp(null)}
        onOk={run}
        width={640}
      >
        {op?.kind === 'split' && (
          <>
            {parts.map((p, i) => (
              <Space key={String(i)} style={{ marginBottom: 8 }}>
                <Input
                  value={p.amount}
                  placeholder={`第${i + 1}份金额`}
                  onChange={(v) => setParts(parts.map((x, j) => (j === i ? { ...x, amount: v } : x)))}
                  style={{ width: 160 }}
                />
                <Party
                  value={p.holderPartyId}
                  onChange={(v) => setParts(parts.map((x, j) => (j === i ? { ...x, holderPartyId: v } : x)))}
                />
              </Space>
            ))}
            <Space>
              <Button onClick={() => setParts([...parts, { amount: '' }])}>添加一份</Button>
              <span>
                合计 {formatMoney(partsSum)} / {formatMoney(op.cert.face)} 元
              </span>
            </Space>
          </>
        )}
        {op?.kind === 'transfer' && <Party value={party} onChange={setParty} />}
        {op?.kind === 'discount' && (
          <Space vertical align="start">
            <Party value={provider} onChange={setProvider} source={PROVIDER_SELECT} />
            <DatePicker value={date} onChange={(v) => v && setDate(day(v as Date))} />
            <Input value={rate} onChange={setRate} suffix="% 年利率（实际天数/360）" style={{ width: 260 }} />
          </Space>
        )}
        {op?.kind === 'settle' && (
          <Space vertical align="start">
            <DatePicker value={date} onChange={(v) => v && setDate(day(v as Date))} />
            <span>兑付时登记出票方的收款单并核销其应收单；持有人为供应商时同时登记付款单</span>
          </Space>
        )}
      </Modal>
    </PageFrame>
  );
}
