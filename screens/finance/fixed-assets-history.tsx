import { Button, Card, Table } from '@douyinfe/semi-ui';
import { useState } from 'react';
import type { z } from 'zod';
import {
  useFixedAssetsAcquireVoucherMutation,
  useFixedAssetsDisposeVoucherMutation,
  useFixedAssetsHistoryQuery,
} from '../../core/api/izs-financing.api.ts';
import { useAccountsListQuery } from '../../core/api/izs-financing-books.api.ts';
import {
  ASSET_STATES,
  type AssetChangeRow,
  assetAcquireVoucherBody,
  assetDisposeVoucherBody,
  CHANGE_FIELD_LABELS,
  CHANGE_KINDS,
  DEPRECIATION_METHODS,
} from '../../core/contract/izs-financing/fixed-assets.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { FormDialog } from '../../features/crud/form-dialog.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceDetailPage } from '../../features/crud/resource-detail-page.tsx';
import { assetCardView } from '../../features/layouts/fixed-asset-card.resource.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';

const kindName = (k: string) => CHANGE_KINDS.find((x) => x.value === k)?.label ?? k;
const valueText = (field: string, v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : ([...DEPRECIATION_METHODS, ...ASSET_STATES].find((o) => o.value === v && ['method', 'state'].includes(field))
        ?.label ?? String(v));
const changeText = (changes: Record<string, [unknown, unknown]>) =>
  Object.entries(changes)
    .map(([k, [a, b]]) => `${CHANGE_FIELD_LABELS[k] ?? k}：${valueText(k, a)} → ${valueText(k, b)}`)
    .join('；');

/** 生成凭证 of an acquisition (借 固定资产 贷 对方科目) or a disposal (固定资产清理 and its result). */
function VoucherDialog({ change, id, onClose }: { change: AssetChangeRow | null; id: string; onClose: () => void }) {
  const [acquireVoucher] = useFixedAssetsAcquireVoucherMutation();
  const [disposeVoucher] = useFixedAssetsDisposeVoucherMutation();
  const { data: accounts = [] } = useAccountsListQuery({ status: 1, leaf: '1' }, { refetchOnMountOrArgChange: true });
  const options = { options: accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.fullName}` })) };
  const acquire = change?.kind === 'acquire';
  return (
    <FormDialog
      title={acquire ? '生成新增凭证（借 固定资产 贷 对方科目）' : '生成处置凭证（固定资产清理）'}
      visible={!!change}
      fields={
        acquire
          ? [
              { field: 'creditAccount', label: '对方科目', kind: 'select', options, required: true },
              { field: 'taxAmount', label: '进项税额', kind: 'money', placeholder: '可抵扣的增值税，没有则不填' },
            ]
          : [
              { field: 'proceeds', label: '处置收入', kind: 'money', placeholder: '不含税；报废无收入不填' },
              { field: 'taxAmount', label: '销项税额', kind: 'money', placeholder: '出售旧资产应交的增值税' },
              { field: 'proceedsAccount', label: '收款科目', kind: 'select', options },
            ]
      }
      schema={acquire ? assetAcquireVoucherBody : assetDisposeVoucherBody}
      extra={{ id }}
      onClose={onClose}
      onSubmit={(v) =>
        (acquire
          ? acquireVoucher(v as z.input<typeof assetAcquireVoucherBody>)
          : disposeVoucher(v as z.input<typeof assetDisposeVoucherBody>)
        )
          .unwrap()
          .then(
            () => true,
            () => false,
          )
      }
    />
  );
}

function HistoryCards({ id }: { id: string }) {
  const { data } = useFixedAssetsHistoryQuery({ id }, { refetchOnMountOrArgChange: true });
  const perms = useResourcePermissions(assetCardView.permission);
  const book = useBook();
  const [voucherFor, setVoucherFor] = useState<AssetChangeRow | null>(null);
  // offered for an acquisition or disposal in an open period of the book (an older card's cost is in the openings)
  const open = (p: string) => p >= book.startPeriod && !(book.closedThrough && p <= book.closedThrough);
  const voucherCell = (_: unknown, row: AssetChangeRow) =>
    row.voucherNo ||
    (perms.edit && row.kind !== 'change' && open(row.period) ? (
      <Button size="small" theme="borderless" onClick={() => setVoucherFor(row)}>
        生成凭证
      </Button>
    ) : (
      '—'
    ));
  return (
    <>
      <VoucherDialog change={voucherFor} id={id} onClose={() => setVoucherFor(null)} />
      <Card title="变动记录" className="ly-detail-card" data-testid="fa-history-changes">
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data?.changes ?? []}
          columns={[
            { title: '类型', dataIndex: 'kind', width: 80, render: (v: string) => kindName(v) },
            { title: '日期', dataIndex: 'changeDate', width: 110 },
            { title: '原值变动', dataIndex: 'costDelta', width: 120, align: 'right', render: moneyCell },
            { title: '内容', dataIndex: 'changes', render: changeText },
            { title: '原因', dataIndex: 'reason', width: 160 },
            { title: '凭证', dataIndex: 'voucherNo', width: 100, render: voucherCell },
            { title: '操作人', dataIndex: 'createUserName', width: 100 },
            { title: '操作时间', dataIndex: 'createTime', width: 160 },
          ]}
        />
      </Card>
      <Card title="已计提折旧" className="ly-detail-card" data-testid="fa-history-depr">
        <Table
          size="small"
          pagination={false}
          rowKey="period"
          dataSource={data?.depreciation ?? []}
          columns={[
            { title: '期间', dataIndex: 'period', width: 100 },
            { title: '折旧额', dataIndex: 'amount', width: 120, align: 'right', render: moneyCell },
            { title: '累计折旧', dataIndex: 'accumulated', width: 120, align: 'right', render: moneyCell },
            { title: '凭证', dataIndex: 'voucherNo' },
          ]}
        />
      </Card>
    </>
  );
}

/**
 * 资产变动记录 (/finance/fixed-assets/fixed-assets-history/{id}): the card, its changes (with the acquisition and
 * disposal vouchers, or 生成凭证) and its booked depreciation.
 */
export default function FixedAssetsHistoryScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  return (
    <AccountingFrame testId="fa-history">
      <ResourceDetailPage
        def={assetCardView}
        id={id}
        title={(row) => `资产变动记录：${row.name}（${row.code}）`}
        extra={() => <HistoryCards id={id} />}
      />
    </AccountingFrame>
  );
}
