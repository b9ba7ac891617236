import { Button, DatePicker, Descriptions, Input, Space, Table } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useScfFinanceDetailQuery, useScfRepayMutation } from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { FINANCE_KINDS } from '../../core/contract/izs-contract/scf-resources.contract.ts';
import { pickedDay } from '../../core/format/date.ts';

/** A picked calendar day as yyyy-MM-dd (core/format/date.ts). */
const day = (d: Date) => pickedDay(d);
const num = { align: 'right' as const };

/** A financing contract: accrual ACT/360 to a date, repayments with the pledge they released, and 还款. */
export function FinanceDetail({ id }: { id: string }) {
  const [asOf, setAsOf] = useState(day(new Date()));
  const q = useScfFinanceDetailQuery({ id, asOf });
  const [repay, repaying] = useScfRepayMutation();
  const [amount, setAmount] = useState('');
  const [repayDate, setRepayDate] = useState(day(new Date()));
  const d = q.data;
  if (!d) return null;
  return (
    <div data-testid="finance-detail">
      <Descriptions
        row
        size="small"
        data={[
          { key: '融资编号', value: d.contractNo },
          { key: '资金方', value: d.providerName },
          { key: '类型', value: FINANCE_KINDS.find((k) => k.value === d.kind)?.label ?? d.kind },
          { key: '融资金额', value: `${d.principal} 元` },
          { key: '年利率', value: `${d.annualRate}%（${d.dayCount}，按日计息）` },
          { key: '起息日 / 到期日', value: `${d.startDate} / ${d.maturityDate}（${d.termDays} 天）` },
          { key: '未还本金', value: `${d.outstanding} 元` },
          { key: '已付利息', value: `${d.paidInterest} 元` },
          { key: `应计未付利息（至 ${d.asOf}）`, value: `${d.accruedInterest} 元` },
          ...(d.kind === 'pledge'
            ? [
                { key: '质押物', value: `${d.warehouseName} ${d.materialName}` },
                { key: '质押 / 已解押 / 锁定', value: `${d.pledgedQty} / ${d.releasedQty} / ${d.lockedQty} kg` },
              ]
            : []),
        ]}
      />
      <Space style={{ margin: '12px 0' }}>
        <span>计息截止日</span>
        <DatePicker value={asOf} onChange={(v) => v && setAsOf(day(v as Date))} />
      </Space>
      {d.state === 'active' && (
        <Space style={{ marginBottom: 12 }}>
          <DatePicker value={repayDate} onChange={(v) => v && setRepayDate(day(v as Date))} />
          <Input value={amount} onChange={setAmount} placeholder="还款本金(元)" style={{ width: 160 }} />
          <Button
            theme="solid"
            loading={repaying.isLoading}
            onClick={async () => {
              const r = await repay({ id, repayDate, principal: amount });
              if ('data' in r && r.data) {
                notifySuccess(`已还款，支付利息 ${r.data.interest} 元，解押 ${r.data.releasedQty} kg`);
                setAmount('');
              }
            }}
          >
            还款
          </Button>
        </Space>
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={d.repayments}
        empty="暂无还款"
        columns={[
          { title: '还款日', dataIndex: 'repayDate' },
          { title: '本金', dataIndex: 'principal', ...num },
          { title: '利息', dataIndex: 'interest', ...num },
          { title: '解押(kg)', dataIndex: 'releasedQty', ...num },
        ]}
      />
      <h4>逐日计息（最近 {d.accrual.length} 天）</h4>
      <Table
        size="small"
        pagination={{ pageSize: 10 }}
        rowKey="date"
        dataSource={[...d.accrual].reverse()}
        columns={[
          { title: '日期', dataIndex: 'date' },
          { title: '计息本金', dataIndex: 'balance', ...num },
          { title: '当日利息', dataIndex: 'interest', ...num },
        ]}
      />
    </div>
  );
}
