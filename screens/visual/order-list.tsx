/** /visual/loadometer-order-list/:orderType/:id — a weighbridge's weighings of today, live (polled: nothing pushes). */
import { VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { t2, wan } from '../../features/wall/format.ts';
import { Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';
import { BridgePick } from './order-list-pick.tsx';

export const TYPE_NAMES: Record<string, string> = { purchase: '采购', sale: '销售', transfer: '调拨', other: '其他' };
export const STATE_NAMES: Record<string, string> = { first: '一次过磅', completed: '已完成', voided: '已作废' };

export default function OrderList({ params }: { params: Record<string, string> }) {
  const cfg = useWallConfig();
  const { data, error, stale } = useWallData(
    VISUAL_ENDPOINTS.orderList,
    { params: { orderType: params.orderType, id: params.id } },
    Math.min(cfg.refreshSeconds, 30) * 1000,
  );
  // a link to a weighbridge that does not exist (an old menu's /1/1): open the department's own instead
  if (error === '地磅不存在') return <BridgePick orderType={params.orderType} />;
  const th = { textAlign: 'left' as const, padding: '10px 12px', color: WALL.blue, fontWeight: 500 };
  const td = { padding: '10px 12px', borderBottom: '1px solid rgba(143,179,232,.15)' };
  return (
    <WallFrame
      title={`${data?.weighbridgeName ?? ''} 磅单列表`}
      today={data?.today}
      error={error}
      stale={stale}
      loading={!data}
    >
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateRows: '170px 1fr',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title="今日合计">
            <div style={{ display: 'flex', gap: 20 }}>
              <Figure label="完成车次" value={data.totals.weighCount} unit="车" testId="list-count" />
              <Figure label="入库净重" value={t2(data.totals.inNetKg)} unit="吨" testId="list-in" />
              <Figure label="出库净重" value={t2(data.totals.outNetKg)} unit="吨" testId="list-out" />
              <Figure label="采购金额" value={wan(data.totals.inAmount)} unit="万元" />
              <Figure label="销售金额" value={wan(data.totals.outAmount)} unit="万元" />
            </div>
          </Panel>
          <Panel title="磅单">
            <table data-testid="order-table" style={{ width: '100%', borderCollapse: 'collapse', fontSize: 22 }}>
              <thead>
                <tr>
                  {[
                    '磅单号',
                    '类型',
                    '状态',
                    '车牌',
                    '物料',
                    '往来单位',
                    '一次重量(吨)',
                    '净重(吨)',
                    '金额(元)',
                    '时间',
                  ].map((h) => (
                    <th key={h} style={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.orders.slice(0, 16).map((o) => (
                  <tr key={o.id}>
                    <td style={td}>
                      <a
                        style={{ color: WALL.blue }}
                        href={`/visual/loadometer-order-detail/${params.orderType}/${params.id}/${o.id}`}
                      >
                        {o.orderNo}
                      </a>
                    </td>
                    <td style={td}>{TYPE_NAMES[o.orderType] ?? o.orderType}</td>
                    <td style={{ ...td, color: o.weighState === 'first' ? WALL.warn : WALL.text }}>
                      {STATE_NAMES[o.weighState] ?? o.weighState}
                    </td>
                    <td style={td}>{o.carNumber}</td>
                    <td style={td}>{o.materialName}</td>
                    <td style={td}>{o.partyName}</td>
                    <td style={td}>{t2(o.firstWeightKg)}</td>
                    <td style={td}>{o.weighState === 'completed' ? t2(o.netKg) : '—'}</td>
                    <td style={td}>{o.weighState === 'completed' ? o.amount : '—'}</td>
                    <td style={td}>{(o.completeTime || o.firstTime).slice(11, 16)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.orders.length === 0 && <p style={{ fontSize: 28, textAlign: 'center' }}>今日暂无磅单</p>}
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
