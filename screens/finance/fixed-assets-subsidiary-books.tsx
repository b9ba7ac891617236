import { fixedAssetsApi } from '../../core/api/izs-financing.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { type QueryColumn, QueryTable, type RowsHook } from '../../features/crud/query-table.tsx';

const useRows: RowsHook = (p, o) =>
  fixedAssetsApi.useFixedAssetsSubsidiaryQuery(
    { periodFrom: String(p.periodFrom ?? ''), periodTo: String(p.periodTo ?? '') },
    o,
  );

const money = (field: string, label: string): QueryColumn => ({ field, label, kind: 'money', width: 116 });
const COLUMNS: QueryColumn[] = [
  { field: 'code', label: '资产编码', kind: 'code', width: 130 },
  { field: 'name', label: '资产名称', kind: 'text', width: 140 },
  { field: 'typeName', label: '资产类别', kind: 'text', width: 110 },
  { field: 'useDept', label: '使用部门', kind: 'text', width: 90 },
  money('openingCost', '期初原值'),
  money('costIncrease', '本期增加'),
  money('costDecrease', '本期减少'),
  money('closingCost', '期末原值'),
  money('openingAccum', '期初累计折旧'),
  money('deprInPeriod', '本期计提'),
  money('accumDecrease', '本期减少折旧'),
  money('closingAccum', '期末累计折旧'),
  money('closingNet', '期末净值'),
];

function Books() {
  const book = useBook();
  return (
    <QueryTable
      name="fa-subsidiary"
      useRows={useRows}
      columns={COLUMNS}
      rowKey="assetId"
      filters={[
        { field: 'periodFrom', label: '开始期间', kind: 'text', placeholder: 'yyyy-MM' },
        { field: 'periodTo', label: '结束期间', kind: 'text', placeholder: 'yyyy-MM' },
      ]}
      initial={{ periodFrom: book.currentPeriod, periodTo: book.currentPeriod }}
      required={['periodFrom', 'periodTo']}
      totals={COLUMNS.filter((c) => c.kind === 'money').map((c) => c.field)}
      link={(row) => `/finance/fixed-assets/fixed-assets-history/${row.assetId}`}
    />
  );
}

/** 固定资产明细账 (/finance/fixed-assets/fixed-assets-subsidiary-books): 原值 and 累计折旧 per card over a range. */
export default function FixedAssetsSubsidiaryBooksScreen() {
  return (
    <AccountingFrame testId="fa-subsidiary">
      <Books />
    </AccountingFrame>
  );
}
