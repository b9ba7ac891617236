import { Button, Table } from '@douyinfe/semi-ui';
import { Link } from 'wouter';
import type { Row } from '../../../core/api/crud.api.ts';
import { useWeighingOrdersPageQuery } from '../../../core/api/izs-weighing-order.api.ts';
import { WEIGH_STATES } from '../../../core/contract/izs-weighing/orders.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { ResourceDetailPage } from '../../../features/crud/resource-detail-page.tsx';
import { ValueGrid } from '../../../features/crud/value-grid.tsx';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { QrCode } from '../../../features/ui/qr-code.tsx';
import { dispatchSlipView } from './dispatch-slip.resource.ts';
import './station.css';

const label = (list: readonly { label: string; value: string }[], v: unknown) =>
  list.find((t) => t.value === v)?.label ?? String(v ?? '');

export const dispatchSlipDetailPath = (id: unknown) => `/supply-chain/dispatch-slip-detail/${String(id)}`;

/** The printed slip (print entry, print/templates/dispatch-slip.tsx). */
export const dispatchSlipPrintPath = (id: unknown) => `/print/dispatch-slip?id=${encodeURIComponent(String(id))}`;

/**
 * The slip as the driver carries it: the QR code (its number, what the station and the lane scan), the number, the
 * plate and the validity — the plan itself (party, material, quantity) is the 派车计划 card's, shown once.
 */
export function SlipCard({ row }: { row: Row }) {
  const slipNo = String(row.slipNo);
  return (
    <section className="ly-detail-card" data-testid="detail-card-slip-qr">
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">派车单二维码</h3>
      </div>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <QrCode value={slipNo} size={140} title={`派车单 ${slipNo}`} />
        <ValueGrid
          items={[
            ['派车单号', slipNo],
            ['车牌号', String(row.carNumber)],
            ['有效期', `${String(row.validFrom)} 至 ${String(row.validTo)}`],
          ]}
        />
      </div>
    </section>
  );
}

/** The weighings made under the slip (newest first), each opening its 磅单详情; the delivered net against the plan. */
function SlipWeighings({ row }: { row: Row }) {
  const q = useWeighingOrdersPageQuery({ dispatchSlipId: String(row.id), current: 1, size: 100, descs: 'firstTime' });
  const rows = q.data?.records ?? [];
  const planned = String(row.plannedKg ?? '0');
  return (
    <section className="ly-detail-card" data-testid="detail-card-slip-weighings">
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">过磅记录</h3>
        <span className="ly-wt-muted">
          共 {q.data?.total ?? 0} 次过磅{Number(planned) > 0 ? `，计划 ${formatKg(planned)} kg` : ''}
        </span>
      </div>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        loading={q.isLoading}
        dataSource={rows}
        empty="该派车单下暂无过磅记录"
        columns={[
          {
            title: '磅单号',
            dataIndex: 'orderNo',
            render: (v: unknown, r: { id: string }) => (
              <Link href={`/supply-chain/weight-memo-detail/${r.id}`} className="ly-crud-link">
                {String(v)}
              </Link>
            ),
          },
          { title: '车牌号', dataIndex: 'carNumber', width: 110 },
          { title: '状态', dataIndex: 'weighState', width: 100, render: (v: unknown) => label(WEIGH_STATES, v) },
          { title: '一次过磅时间', dataIndex: 'firstTime', width: 170 },
          {
            title: '净重(kg)',
            dataIndex: 'netWeight',
            align: 'right' as const,
            width: 120,
            render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : formatKg(String(v))),
          },
        ]}
      />
    </section>
  );
}

/**
 * 派车单详情 (/supply-chain/dispatch-slip-detail/{id}, issue 24): the slip's plan (派车计划: party, material,
 * planned quantity, source order), its QR card (code, number, plate, validity), 打印 (the printed slip) and the
 * weighings made under it — the page 磅单详情's slip link
 * and the 派车单 list's number open.
 */
export default function DispatchSlipDetailScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  return (
    <ResourceDetailPage
      def={dispatchSlipView}
      id={id}
      title={(r) => `派车单详情：${String(r.slipNo)}（${String(r.carNumber)}）`}
      actions={(r) => (
        <Button data-testid="slip-print" onClick={() => window.open(dispatchSlipPrintPath(r.id), '_blank')}>
          打印
        </Button>
      )}
      extra={(r) => (
        <>
          <SlipCard row={r} />
          <SlipWeighings row={r} />
        </>
      )}
    />
  );
}
