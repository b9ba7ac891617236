import { fixedAssetsApi } from '../../core/api/izs-financing.api.ts';
import { ASSET_CARD_BASE } from '../../core/contract/izs-financing/fixed-assets.contract.ts';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { type QueryColumn, QueryTable, type RowsHook } from '../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) => fixedAssetsApi.useFixedAssetsScheduleQuery({ id: String(p.id ?? '') }, o);

const COLUMNS: QueryColumn[] = [
  { field: 'period', label: '期间', kind: 'text', width: 100 },
  { field: 'year', label: '折旧年度', kind: 'number', width: 90 },
  { field: 'amount', label: '月折旧额', kind: 'money', width: 130 },
  { field: 'accumulated', label: '累计折旧', kind: 'money', width: 130 },
  { field: 'netBookValue', label: '净值', kind: 'money', width: 130 },
  { field: 'booked', label: '已计提', kind: 'bool', width: 90 },
];

/** 资产折旧 (/asset/depr): one card's depreciation by month (booked months as booked, the rest as planned). */
export default function AssetDepreciationScreen() {
  return (
    <AccountingFrame testId="asset-depr">
      <QueryTable
        name="asset-depr"
        useRows={useRows}
        columns={COLUMNS}
        rowKey="period"
        filters={[
          {
            field: 'id',
            label: '资产卡片',
            kind: 'select',
            options: { endpoint: `${ASSET_CARD_BASE}/select-list`, labelKey: 'name', valueKey: 'id' },
          },
        ]}
        required={['id']}
        totals={['amount']}
      />
    </AccountingFrame>
  );
}
