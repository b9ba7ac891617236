import type { Row } from '../../../core/api/crud.api.ts';
import { useStockInventoryNotCheckQuery } from '../../../core/api/izs-stock.api.ts';
import { useDocLifecycle } from '../../../features/crud/doc-lifecycle.tsx';
import { QueryTable, type RowsHook } from '../../../features/crud/query-table.tsx';
import { DOC_KINDS, docResourceOf } from '../stock/doc-kinds.ts';

const useRows: RowsHook = (p, o) => useStockInventoryNotCheckQuery(p, o);

/** The 审核 / 作废 buttons of one waiting document, through the resource it belongs to. */
function RowReview({ row }: { row: Row }) {
  const def = docResourceOf(String(row.path));
  const life = useDocLifecycle(def);
  return (
    <>
      {life.rowActions({ ...row, state: 'submitted' })}
      {life.dialog}
    </>
  );
}

/** 待审核单据 (/supply-chain/purchase/not-check): every submitted document of the scope, reviewed from the list. */
export default function NotCheckScreen() {
  return (
    <QueryTable
      name="not-check"
      useRows={useRows}
      paged
      filters={[
        { field: 'kind', label: '单据类型', kind: 'select', options: { options: DOC_KINDS } },
        { field: 'orderNo', label: '单据编号', kind: 'text' },
      ]}
      columns={[
        { field: 'orderNo', label: '单据编号', kind: 'code', width: 170 },
        { field: 'kindName', label: '单据类型', kind: 'text', width: 110 },
        { field: 'partyName', label: '往来单位', kind: 'text', width: 180 },
        { field: 'totalQty', label: '数量(kg)', kind: 'weight', width: 130 },
        { field: 'totalAmount', label: '金额', kind: 'money', width: 130 },
        { field: 'deptName', label: '所属机构', kind: 'text', width: 140 },
        { field: 'submitTime', label: '提交时间', kind: 'datetime', width: 170 },
      ]}
      actions={(row) => <RowReview row={row} />}
    />
  );
}
