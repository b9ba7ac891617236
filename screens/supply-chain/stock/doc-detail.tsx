import { Button, Empty, Spin, Table } from '@douyinfe/semi-ui';
import { Link } from 'wouter';
import { type Row, refOf, useResourceListQuery } from '../../../core/api/crud.api.ts';
import { useStockInventoryMovementsQuery } from '../../../core/api/izs-stock.api.ts';
import { useDocLifecycle } from '../../../features/crud/doc-lifecycle.tsx';
import { CellValue, RIGHT_ALIGNED } from '../../../features/crud/field-kinds.tsx';
import type { QueryColumn } from '../../../features/crud/query-table.tsx';
import { ResourceDetailPage } from '../../../features/crud/resource-detail-page.tsx';
import { STOCK_DOC_VIEWS, stockOrderAllView } from '../../../features/layouts/stock-order.resource.ts';

/** Columns of a stock movement (库存流水). */
export const MOVEMENT_COLUMNS: QueryColumn[] = [
  { field: 'createTime', label: '记账时间', kind: 'datetime', width: 170 },
  { field: 'orderNo', label: '单据编号', kind: 'code', width: 170 },
  { field: 'warehouseName', label: '仓库', kind: 'text', width: 130 },
  { field: 'materialName', label: '物料', kind: 'text', width: 130 },
  { field: 'qtyIn', label: '入库数量(kg)', kind: 'weight', width: 120 },
  { field: 'amountIn', label: '入库金额', kind: 'money', width: 120 },
  { field: 'qtyOut', label: '出库数量(kg)', kind: 'weight', width: 120 },
  { field: 'amountOut', label: '出库金额', kind: 'money', width: 120 },
  { field: 'unitCost', label: '单位成本(元/kg)', kind: 'money', decimals: 4, width: 130 },
  { field: 'balanceQty', label: '结存数量(kg)', kind: 'weight', width: 120 },
  { field: 'balanceAmount', label: '结存金额', kind: 'money', width: 120 },
];

function Movements({ orderNo }: { orderNo: string }) {
  const q = useStockInventoryMovementsQuery({ orderNo, current: 1, size: 200 });
  const rows: Row[] = q.data?.records ?? [];
  return (
    <section className="ly-detail-card" data-testid="detail-card-库存变动">
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">库存变动</h3>
      </div>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        loading={q.isFetching}
        dataSource={rows}
        empty="审核后产生库存变动"
        columns={MOVEMENT_COLUMNS.map((c) => ({
          title: c.label,
          dataIndex: c.field,
          width: c.width,
          align: RIGHT_ALIGNED.has(c.kind) ? ('right' as const) : undefined,
          render: (_: unknown, r: Row) => <CellValue col={c} row={r} />,
        }))}
      />
    </section>
  );
}

/** Documents with a printed page (print/templates/out-stock.tsx, with the trace QR code). */
const PRINTABLE = new Set(['out_stock', 'in_stock', 'purchase_return', 'sale_return']);

/**
 * 入库单 / 出库单 detail addressed by the order number: the definition's cards (header, lines, review, 上链信息),
 * the stock movements it wrote, the source weighing's memo link and the life-cycle buttons.
 */
export function StockDocDetail({ path }: { path: string }) {
  const orderNo = decodeURIComponent(path.split('/').pop() ?? '');
  const all = useResourceListQuery({ ref: refOf(stockOrderAllView), params: { orderNo } });
  const found = all.data?.find((r) => r.orderNo === orderNo);
  const def = STOCK_DOC_VIEWS[(found?.docType as keyof typeof STOCK_DOC_VIEWS) ?? 'in_stock'] ?? stockOrderAllView;
  const life = useDocLifecycle(def);
  if (all.isLoading) return <Spin size="large" />;
  if (!found) return <Empty description={`单据 ${orderNo} 不存在`} />;
  return (
    <>
      <ResourceDetailPage
        def={def}
        id={String(found.id)}
        title={(row) => `${def.title}：${row.orderNo}`}
        actions={(row) => (
          <span className="ly-crud-actions">
            {row.sourceWeighingId ? (
              <Link href={`/supply-chain/weight-memo-detail/${row.sourceWeighingId}`} className="ly-crud-link">
                来源磅单 {String(row.sourceWeighingNo ?? '')}
              </Link>
            ) : (
              <span className="ly-crud-hint">手工录入</span>
            )}
            {PRINTABLE.has(String(row.docType)) && (
              <Button
                theme="borderless"
                size="small"
                data-testid="doc-print"
                onClick={() => window.open(`/print/out-stock?id=${row.id}`, '_blank')}
              >
                打印
              </Button>
            )}
            {life.rowActions(row)}
          </span>
        )}
        extra={() => <Movements orderNo={orderNo} />}
      />
      {life.dialog}
    </>
  );
}
