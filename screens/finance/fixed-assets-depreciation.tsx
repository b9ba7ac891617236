import { Button, Card, Input, Popconfirm, Table, Tag, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  useFixedAssetsGenerateMutation,
  useFixedAssetsPreviewQuery,
  useFixedAssetsRunsQuery,
  useFixedAssetsUndoMutation,
} from '../../core/api/izs-financing.api.ts';
import {
  DEPRECIATION_METHODS,
  type DeprPreviewLine,
  type DeprRun,
  FA_PERMISSIONS,
} from '../../core/contract/izs-financing/fixed-assets.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Named } from '../../features/ui/field.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';

const methodName = (m: string) => DEPRECIATION_METHODS.find((x) => x.value === m)?.label ?? m;
const voucherPath = (id: string) => `/finance/voucher/list/${id}`;

function Depreciation() {
  const book = useBook();
  const [, navigate] = useLocation();
  const perms = useResourcePermissions(FA_PERMISSIONS.depreciation);
  const [generate] = useFixedAssetsGenerateMutation();
  const [undo] = useFixedAssetsUndoMutation();
  const [draft, setDraft] = useState(book.currentPeriod);
  const [period, setPeriod] = useState(book.currentPeriod);
  const [workloads, setWorkloads] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const filled = Object.fromEntries(Object.entries(workloads).filter(([, v]) => v.trim() !== ''));
  const fresh = { refetchOnMountOrArgChange: true };
  const { data, isFetching } = useFixedAssetsPreviewQuery({ period, workloads: JSON.stringify(filled) }, fresh);
  const runs = useFixedAssetsRunsQuery(undefined, fresh).data ?? [];
  const act = async (run: () => Promise<DeprRun | null>, msg: string) => {
    setBusy(true);
    try {
      const r = await run();
      Toast.success(msg);
      if (r?.voucherId) navigate(voucherPath(r.voucherId));
    } catch {
      // the base query has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ly-page" data-testid="fa-depreciation">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">计提折旧</span>
        <Named name="期间">
          <Input
            size="small"
            prefix="期间"
            style={{ width: 150 }}
            value={draft}
            onChange={setDraft}
            data-testid="fa-depr-period"
          />
        </Named>
        <Button size="small" onClick={() => setPeriod(draft.trim())} loading={isFetching}>
          预览
        </Button>
        {data?.run ? (
          <>
            <Tag color="green">已计提：凭证 {data.run.voucherNo}</Tag>
            {perms.delete && (
              <Popconfirm
                title={`撤销 ${period} 的折旧并删除凭证 ${data.run.voucherNo}？`}
                onConfirm={() => act(() => undo({ period }).unwrap(), '已撤销')}
              >
                <Button size="small" type="danger" loading={busy}>
                  撤销计提
                </Button>
              </Popconfirm>
            )}
          </>
        ) : (
          perms.add && (
            <Button
              size="small"
              theme="solid"
              loading={busy}
              disabled={!data || data.total === '0.00'}
              onClick={() => act(() => generate({ period, workloads: filled }).unwrap(), '已生成折旧凭证')}
              data-testid="fa-depr-generate"
            >
              生成折旧凭证
            </Button>
          )
        )}
        <span className="ly-fin-check" data-testid="fa-depr-total">
          本期折旧合计：{data?.total ?? '—'}
        </span>
      </div>
      <Table<DeprPreviewLine>
        size="small"
        pagination={false}
        rowKey="assetId"
        loading={isFetching}
        dataSource={data?.lines ?? []}
        empty="暂无资产卡片"
        columns={[
          { title: '资产编码', dataIndex: 'code', width: 120 },
          { title: '资产名称', dataIndex: 'name', width: 160 },
          { title: '折旧方法', dataIndex: 'method', width: 130, render: methodName },
          { title: '原值', dataIndex: 'cost', width: 120, align: 'right', render: moneyCell },
          { title: '已提折旧', dataIndex: 'accumulated', width: 120, align: 'right', render: moneyCell },
          {
            title: '本月工作量',
            dataIndex: 'workload',
            width: 130,
            render: (_: unknown, l: DeprPreviewLine) =>
              l.method === 'workload' && !data?.run ? (
                <Input
                  size="small"
                  value={workloads[l.assetId] ?? ''}
                  onChange={(v) => setWorkloads({ ...workloads, [l.assetId]: v })}
                  onBlur={() => setPeriod(draft.trim())}
                />
              ) : (
                (l.workload ?? '')
              ),
          },
          { title: '本月折旧', dataIndex: 'amount', width: 120, align: 'right', render: moneyCell },
          { title: '费用科目', dataIndex: 'expenseAccount', width: 100 },
          { title: '说明', dataIndex: 'note' },
        ]}
      />
      <Card title="凭证预览（借 折旧费用 / 贷 累计折旧）" className="ly-detail-card">
        <Table
          size="small"
          pagination={false}
          rowKey={(r) => `${r?.accountCode}-${r?.debit}`}
          dataSource={data?.voucherLines ?? []}
          columns={[
            { title: '摘要', dataIndex: 'summary' },
            { title: '科目', dataIndex: 'accountCode', width: 110 },
            { title: '科目名称', dataIndex: 'accountName' },
            { title: '借方', dataIndex: 'debit', width: 120, align: 'right', render: moneyCell },
            { title: '贷方', dataIndex: 'credit', width: 120, align: 'right', render: moneyCell },
          ]}
        />
      </Card>
      <Card title="已计提期间" className="ly-detail-card" data-testid="fa-depr-runs">
        <Table<DeprRun>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={runs}
          columns={[
            { title: '期间', dataIndex: 'period', width: 100 },
            { title: '折旧合计', dataIndex: 'total', width: 120, align: 'right', render: moneyCell },
            { title: '资产数', dataIndex: 'assetCount', width: 80 },
            {
              title: '凭证',
              dataIndex: 'voucherNo',
              render: (v: string, r: DeprRun) => (
                <Button size="small" theme="borderless" onClick={() => navigate(voucherPath(r.voucherId))}>
                  {v}
                </Button>
              ),
            },
            { title: '计提时间', dataIndex: 'createTime', width: 170 },
          ]}
        />
      </Card>
    </div>
  );
}

/** 计提折旧 (/finance/fixed-assets/fixed-assets-depreciation): preview a period, write its voucher, undo it. */
export default function FixedAssetsDepreciationScreen() {
  return (
    <AccountingFrame testId="fa-depr">
      <Depreciation />
    </AccountingFrame>
  );
}
