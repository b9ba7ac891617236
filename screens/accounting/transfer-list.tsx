/**
 * 资金调拨 (/accounting/transfer/list): transfers between the company's own accounts, and 应收应付对冲 — a partner
 * that is both customer and supplier settles what it owes against what it is owed (oldest documents first).
 */
import { Button, Input, Modal, Select, Table, Tabs, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useSelectListQuery } from '../../core/api/crud.api.ts';
import {
  useArapBalancesQuery,
  useArapOffsetMutation,
  useArapTransferCreateMutation,
  useArapTransferPageQuery,
  useArapTransferVoidMutation,
} from '../../core/api/izs-finance-ar.api.ts';
import { DateInput } from '../../features/ui/date-input.tsx';
import { Page, PartySelect, stateTag, today, yuan } from './arap-common.tsx';

const errText = (e: unknown) => (e as { data?: { msg?: string } })?.data?.msg ?? '操作失败';
type TransferRow = NonNullable<ReturnType<typeof useArapTransferPageQuery>['data']>['records'][number];

export default function TransferList() {
  const [kind, setKind] = useState<'offset' | 'transfer'>('offset');
  const [current, setCurrent] = useState(1);
  const { data, isFetching } = useArapTransferPageQuery({ kind, current, size: 20 });
  const [dialog, setDialog] = useState(false);
  const [v, setV] = useState({
    partyId: '',
    fromAccount: '',
    toAccount: '',
    transferDate: today(),
    amount: '',
    remark: '',
  });
  const banks = useSelectListQuery('/api/izs-base/bank/select-list');
  const accounts = [
    { value: '库存现金', label: '库存现金' },
    ...(banks.data ?? []).map((b) => ({
      value: `${String(b.bankName ?? '')} ${String(b.bankAccount ?? '')}`,
      label: `${String(b.bankName ?? '')} ${String(b.bankAccount ?? '')}`,
    })),
  ];
  const ar = useArapBalancesQuery({ side: 'ar', partyId: v.partyId || undefined }, { skip: !v.partyId });
  const ap = useArapBalancesQuery({ side: 'ap', partyId: v.partyId || undefined }, { skip: !v.partyId });
  const [offset] = useArapOffsetMutation();
  const [create] = useArapTransferCreateMutation();
  const [voidIt] = useArapTransferVoidMutation();
  const submit = async () => {
    try {
      if (kind === 'offset')
        await offset({ partyId: v.partyId, transferDate: v.transferDate, amount: v.amount, remark: v.remark }).unwrap();
      else
        await create({
          fromAccount: v.fromAccount,
          toAccount: v.toAccount,
          transferDate: v.transferDate,
          amount: v.amount,
          remark: v.remark,
        }).unwrap();
      Toast.success('已保存');
      setDialog(false);
    } catch (e) {
      Toast.error(errText(e));
    }
  };
  return (
    <Page title="资金调拨与应收应付对冲" testId="transfer-list">
      <Tabs
        activeKey={kind}
        onChange={(k) => {
          setKind(k as typeof kind);
          setCurrent(1);
        }}
        type="line"
      >
        <Tabs.TabPane tab="应收应付对冲" itemKey="offset" />
        <Tabs.TabPane tab="资金调拨" itemKey="transfer" />
      </Tabs>
      <div className="ly-arap-bar" style={{ marginTop: 8 }}>
        <Button theme="solid" onClick={() => setDialog(true)}>
          {kind === 'offset' ? '新增对冲' : '新增调拨'}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          { title: '单号', dataIndex: 'orderNo' },
          { title: '日期', dataIndex: 'transferDate' },
          ...(kind === 'offset'
            ? [{ title: '往来单位', dataIndex: 'partyName' }]
            : [
                { title: '转出账户', dataIndex: 'fromAccount' },
                { title: '转入账户', dataIndex: 'toAccount' },
              ]),
          {
            title: '金额',
            dataIndex: 'amount',
            render: (x: string) => <span className="ly-arap-num">{yuan(x)}</span>,
            align: 'right' as const,
          },
          { title: '状态', dataIndex: 'state', render: stateTag },
          { title: '备注', dataIndex: 'remark' },
          {
            title: '操作',
            render: (_: unknown, r: TransferRow) =>
              r.state === 'reviewed' ? (
                <Button
                  size="small"
                  theme="borderless"
                  type="danger"
                  onClick={() =>
                    voidIt({ id: r.id, reason: '作废' })
                      .unwrap()
                      .then(
                        () => Toast.success('已作废'),
                        (e) => Toast.error(errText(e)),
                      )
                  }
                >
                  作废
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        title={kind === 'offset' ? '应收应付对冲' : '资金调拨'}
        visible={dialog}
        onCancel={() => setDialog(false)}
        onOk={submit}
      >
        <div style={{ display: 'grid', gap: 8 }}>
          {kind === 'offset' ? (
            <>
              <PartySelect
                side="ar"
                both
                value={v.partyId || undefined}
                onChange={(p) => setV({ ...v, partyId: p ?? '' })}
                placeholder="既是客户又是供应商的单位"
              />
              {v.partyId && (
                <p>
                  未核销应收 {yuan(ar.data?.rows[0]?.open ?? '0')} 元，未核销应付 {yuan(ap.data?.rows[0]?.open ?? '0')}{' '}
                  元
                </p>
              )}
            </>
          ) : (
            <>
              <Select
                placeholder="转出账户"
                value={v.fromAccount || undefined}
                onChange={(x) => setV({ ...v, fromAccount: String(x) })}
                optionList={accounts}
              />
              <Select
                placeholder="转入账户"
                value={v.toAccount || undefined}
                onChange={(x) => setV({ ...v, toAccount: String(x) })}
                optionList={accounts}
              />
            </>
          )}
          <DateInput label="调拨日期" value={v.transferDate} onChange={(x) => setV({ ...v, transferDate: x })} />
          <Input placeholder="金额（元）" value={v.amount} onChange={(x) => setV({ ...v, amount: x })} />
          <Input placeholder="备注" value={v.remark} onChange={(x) => setV({ ...v, remark: x })} />
        </div>
      </Modal>
    </Page>
  );
}
