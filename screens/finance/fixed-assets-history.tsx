import { Card, Table } from '@douyinfe/semi-ui';
import { useFin } from '../../core/api/izs-financing.api.ts';
import {
  ASSET_STATES,
  type AssetHistory,
  assetCardResource,
  CHANGE_FIELD_LABELS,
  CHANGE_KINDS,
  DEPRECIATION_METHODS,
  FA_PATHS,
} from '../../core/contract/izs-financing/fixed-assets.contract.ts';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { ResourceDetailPage } from '../../features/crud/resource-detail-page.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { moneyCell } from '../accounting/voucher-grid.ts';

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

function HistoryCards({ id }: { id: string }) {
  const { data } = useFin<AssetHistory>(FA_PATHS.history, { id });
  return (
    <>
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

/** 资产变动记录 (/finance/fixed-assets/fixed-assets-history/{id}): the card, its changes and its booked depreciation. */
export default function FixedAssetsHistoryScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  return (
    <AccountingFrame testId="fa-history">
      <ResourceDetailPage
        def={assetCardResource}
        id={id}
        title={(row) => `资产变动记录：${row.name}（${row.code}）`}
        extra={() => <HistoryCards id={id} />}
      />
    </AccountingFrame>
  );
}
