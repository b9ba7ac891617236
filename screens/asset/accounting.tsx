import { fixedAssetsApi, useFixedAssetsRunsQuery } from '../../core/api/izs-financing.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { type QueryColumn, QueryTable, type RowsHook } from '../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) => fixedAssetsApi.useFixedAssetsSummaryQuery({ period: String(p.period ?? '') }, o);

const COLUMNS: QueryColumn[] = [
  { field: 'typeName', label: '资产类别', kind: 'text', width: 140 },
  { field: 'useDept', label: '使用部门', kind: 'text', width: 110 },
  { field: 'count', label: '资产数', kind: 'number', width: 80 },
  { field: 'cost', label: '原值', kind: 'money', width: 130 },
  { field: 'accumulated', label: '累计折旧', kind: 'money', width: 130 },
  { field: 'netValue', label: '净值', kind: 'money', width: 130 },
  { field: 'deprInPeriod', label: '本期折旧', kind: 'money', width: 130 },
];

function RunsNote() {
  const runs = useFixedAssetsRunsQuery(undefined, { refetchOnMountOrArgChange: true }).data ?? [];
  return (
    <span data-testid="asset-accounting-runs">
      折旧凭证：{runs.length ? runs.map((r) => `${r.period} ${r.voucherNo}（${r.total}）`).join('，') : '暂无'}
    </span>
  );
}

function Summary() {
  const book = useBook();
  return (
    <QueryTable
      name="asset-accounting"
      useRows={useRows}
      columns={COLUMNS}
      rowKey={(r) => `${r.typeName}|${r.useDept}`}
      filters={[{ field: 'period', label: '期间', kind: 'text', placeholder: 'yyyy-MM' }]}
      initial={{ period: book.currentPeriod }}
      required={['period']}
      totals={['cost', 'accumulated', 'netValue', 'deprInPeriod']}
      extra={<RunsNote />}
    />
  );
}

/** 资产核算 (/asset/accounting): cost, accumulated depreciation and the period's depreciation by type and department, with the run vouchers. */
export default function AssetAccountingScreen() {
  return (
    <AccountingFrame testId="asset-accounting">
      <Summary />
    </AccountingFrame>
  );
}
