import { Button, Input, Space, Table, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { VehicleLive } from '../../core/contract/izs-logistical/tracking.contract.ts';
import { formatDateTime, fromNow } from '../../core/format/date.ts';
import { MOTION_LABELS } from '../../core/logistics/geo.ts';
import { useLiveVehicles } from '../../features/logistics-map/live.ts';

const MOTION_TAG = { moving: 'green', stopped: 'amber', offline: 'grey' } as const;

/** 车辆位置 (/logistical/vehicle-position): every vehicle's live position, speed, motion, driver and order. */
export default function VehiclePositionScreen() {
  const live = useLiveVehicles();
  const [plate, setPlate] = useState('');
  const [, go] = useLocation();
  const rows = live.vehicles.filter((v) => !plate || v.plate.includes(plate.trim()));
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }}>
        <Input placeholder="车牌号" value={plate} onChange={setPlate} showClear style={{ width: 180 }} />
        <Button onClick={live.refetch}>刷新</Button>
        <Tag color={live.connected ? 'blue' : 'grey'}>{live.connected ? '实时推送已连接' : '实时推送未连接'}</Tag>
      </Space>
      <Table
        rowKey="carId"
        size="small"
        loading={live.loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '车牌号', dataIndex: 'plate', width: 110 },
          { title: '分组', dataIndex: 'groupName', width: 100 },
          {
            title: '状态',
            dataIndex: 'motion',
            width: 90,
            render: (m: VehicleLive['motion']) => <Tag color={MOTION_TAG[m]}>{MOTION_LABELS[m]}</Tag>,
          },
          { title: '速度(km/h)', dataIndex: 'speed', width: 100, render: (s: number) => s.toFixed(1) },
          { title: '方向(°)', dataIndex: 'direction', width: 80 },
          {
            title: '经度',
            dataIndex: 'lon',
            width: 110,
            render: (v: number | null) => (v === null ? '' : v.toFixed(5)),
          },
          {
            title: '纬度',
            dataIndex: 'lat',
            width: 100,
            render: (v: number | null) => (v === null ? '' : v.toFixed(5)),
          },
          {
            title: '定位时间',
            dataIndex: 'time',
            width: 230,
            render: (t: number | null) =>
              t ? (
                <span title={formatDateTime(t)}>
                  {formatDateTime(t)} <span style={{ color: 'var(--semi-color-text-2)' }}>{fromNow(t)}</span>
                </span>
              ) : (
                ''
              ),
          },
          { title: '司机', dataIndex: 'driverName', width: 90 },
          {
            title: '运输单',
            render: (_: unknown, v: VehicleLive) =>
              v.order ? `${v.order.orderNo} ${v.order.originName} → ${v.order.destName}` : '',
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, v: VehicleLive) => (
              <Button size="small" theme="borderless" onClick={() => go(`/logistical/driver-track?carId=${v.carId}`)}>
                轨迹
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
