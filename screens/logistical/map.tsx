import { Button, Card, Descriptions, Space, Tag } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useLgTrackingLiveConfigQuery } from '../../core/api/izs-logistical.api.ts';
import { formatDateTime, fromNow } from '../../core/format/date.ts';
import { MOTION_LABELS } from '../../core/logistics/geo.ts';
import { ORDER_STATE_LABELS, type OrderState } from '../../core/logistics/order.ts';
import { LgMap, type MapVehicle } from '../../features/logistics-map/lazy-map.tsx';
import { useLiveVehicles } from '../../features/logistics-map/live.ts';

const MOTION_TAG = { moving: 'green', stopped: 'amber', offline: 'grey' } as const;

/**
 * 物流地图 (/logistical/map): every vehicle live on the L7 map (行驶中 / 停车 / 离线), positions pushed over STOMP;
 * click a vehicle (on the map or in the list) for its order and driver.
 */
export default function LogisticsMapScreen() {
  const live = useLiveVehicles();
  const cfg = useLgTrackingLiveConfigQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const [, go] = useLocation();
  const onMap = useMemo<MapVehicle[]>(
    () =>
      live.vehicles
        .filter((v) => v.lon !== null && v.lat !== null)
        .map((v) => ({
          id: v.carId,
          lon: v.lon!,
          lat: v.lat!,
          motion: v.motion,
          direction: v.direction,
          label: v.plate,
        })),
    [live.vehicles],
  );
  const sel = live.vehicles.find((v) => v.carId === selected);
  const counts = { moving: 0, stopped: 0, offline: 0 };
  for (const v of live.vehicles) counts[v.motion]++;

  return (
    <div style={{ padding: 16, display: 'grid', gridTemplateColumns: '1fr 320px', gap: 12 }}>
      <div>
        <Space style={{ marginBottom: 8 }}>
          <Tag color="green">行驶中 {counts.moving}</Tag>
          <Tag color="amber">停车 {counts.stopped}</Tag>
          <Tag color="grey">离线 {counts.offline}</Tag>
          <Tag color={live.connected ? 'blue' : 'grey'} data-testid="map-live">
            {live.connected ? '实时' : '未连接'}
          </Tag>
          <Button size="small" onClick={live.refetch}>
            刷新
          </Button>
        </Space>
        <LgMap
          vehicles={onMap}
          selectedId={selected}
          onVehicleClick={setSelected}
          tileUrl={cfg.data?.tileUrl}
          height={640}
        />
      </div>
      <div>
        {sel ? (
          <Card title={`${sel.plate}`} style={{ marginBottom: 12 }} data-testid="vehicle-card">
            <Descriptions
              row
              size="small"
              data={[
                { key: '状态', value: MOTION_LABELS[sel.motion] },
                { key: '速度', value: `${sel.speed.toFixed(1)} km/h` },
                { key: '司机', value: sel.driverName ? `${sel.driverName} ${sel.driverPhone}` : '—' },
                {
                  key: '运输单',
                  value: sel.order
                    ? `${sel.order.orderNo}（${ORDER_STATE_LABELS[sel.order.state as OrderState] ?? sel.order.state}）`
                    : '无',
                },
                { key: '线路', value: sel.order ? `${sel.order.originName} → ${sel.order.destName}` : '—' },
                { key: '货物', value: sel.order?.materialName ?? '—' },
                { key: '定位时间', value: sel.time ? `${formatDateTime(sel.time)}（${fromNow(sel.time)}）` : '—' },
              ]}
            />
            <Button
              size="small"
              style={{ marginTop: 8 }}
              onClick={() => go(`/logistical/driver-track?carId=${sel.carId}`)}
            >
              查看轨迹
            </Button>
          </Card>
        ) : null}
        <div data-testid="vehicle-list" style={{ maxHeight: 600, overflow: 'auto' }}>
          {live.vehicles.map((v) => (
            <button
              type="button"
              key={v.carId}
              data-testid="vehicle-row"
              data-car={v.carId}
              onClick={() => setSelected(v.carId)}
              style={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                border: 'none',
                font: 'inherit',
                padding: '6px 8px',
                cursor: 'pointer',
                borderBottom: '1px solid var(--semi-color-border)',
                background: v.carId === selected ? 'var(--semi-color-fill-0)' : 'transparent',
              }}
            >
              <Space>
                <b>{v.plate}</b>
                <Tag color={MOTION_TAG[v.motion]}>{MOTION_LABELS[v.motion]}</Tag>
                <span data-testid="vehicle-speed">{v.speed.toFixed(1)} km/h</span>
              </Space>
              <div style={{ color: 'var(--semi-color-text-2)', fontSize: 12 }} data-testid="vehicle-pos">
                {v.lon === null ? '无定位' : `${v.lon.toFixed(5)}, ${v.lat?.toFixed(5)}`}
                {v.order ? ` · ${v.order.orderNo}` : ''}
              </div>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
