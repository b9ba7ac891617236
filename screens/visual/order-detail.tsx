/** /visual/loadometer-order-detail/:orderType/:id/:orderId — one weighing: figures, both passes and their photos. */
import { VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { t2 } from '../../features/wall/format.ts';
import { Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallData } from '../../features/wall/use-wall-data.ts';

const STATE: Record<string, string> = { first: '一次过磅', completed: '已完成', voided: '已作废' };
const TYPE: Record<string, string> = { purchase: '采购', sale: '销售', transfer: '调拨', other: '其他' };

export default function OrderDetail({ params }: { params: Record<string, string> }) {
  const { data, error, stale } = useWallData(
    VISUAL_ENDPOINTS.orderDetail,
    { params: { orderType: params.orderType, id: params.id, orderId: params.orderId } },
    15_000,
  );
  return (
    <WallFrame title={`磅单 ${data?.orderNo ?? ''}`} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gridTemplateRows: '300px 1fr',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title={`${TYPE[data.orderType] ?? ''}磅单 · ${STATE[data.weighState] ?? data.weighState}`}>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 24px', fontSize: 24 }}>
              <div>车牌：{data.carNumber}</div>
              <div>司机：{data.driverName || '—'}</div>
              <div>物料：{data.materialName}</div>
              <div>往来单位：{data.partyName}</div>
              <div>仓库：{data.warehouseName}</div>
              <div>地磅：{data.weighbridgeName}</div>
              <div>单价：{data.unitPrice} 元/吨</div>
              <div>入出库单：{data.stockOrderNo || '—'}</div>
            </div>
          </Panel>
          <Panel title="重量">
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 16 }}>
              <Figure label="毛重" value={t2(data.grossKg)} unit="吨" testId="detail-gross" />
              <Figure label="皮重" value={t2(data.tareKg)} unit="吨" testId="detail-tare" />
              <Figure label="扣重" value={t2(data.deductionKg)} unit="吨" />
              <Figure label="净重" value={t2(data.netKg)} unit="吨" testId="detail-net" />
              <Figure label="金额" value={data.amount} unit="元" testId="detail-amount" />
            </div>
          </Panel>
          {data.passes.map((p) => (
            <Panel
              key={p.label}
              title={`${p.label} · ${p.weightKg} 千克 · ${p.time}${p.manual ? ' · 手工录入' : ''}`}
              testId="detail-pass"
            >
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, height: '100%' }}>
                {p.photos.length === 0 && <p style={{ fontSize: 24, color: WALL.dim }}>本次过磅没有抓拍照片</p>}
                {p.photos.slice(0, 4).map((src) => (
                  <img
                    key={src}
                    src={src}
                    alt={p.label}
                    style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 6 }}
                  />
                ))}
              </div>
            </Panel>
          ))}
          {data.passes.length < 2 && (
            <Panel title="二次过磅">
              <p style={{ fontSize: 26, color: WALL.warn }}>车辆尚未二次过磅</p>
            </Panel>
          )}
        </main>
      )}
    </WallFrame>
  );
}
