import { Card, Descriptions, Table, Tag } from '@douyinfe/semi-ui';
import { refOf, useResourceDetailQuery } from '../../core/api/crud.api.ts';
import { useLgTrackingDriverSummaryQuery } from '../../core/api/izs-logistical.api.ts';
import { driverEntity } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { ORDER_STATE_LABELS, type OrderState } from '../../core/logistics/order.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { driverView } from './fleet.resource.ts';

/** 司机详情 (/logistical/driver-detail/:id): licence class and expiry, phone, vehicles, trips, on-time rate. */
export default function DriverDetailScreen({ path }: ScreenProps) {
  // the id is the path's last segment (the guarded router renders screens outside a wouter <Route>, so useParams
  // was always empty and the detail asked for no id: 司机不存在, issue 26)
  const id = decodeURIComponent(path.split('/').pop() ?? '');
  const d = useResourceDetailQuery({ ref: refOf(driverView), id });
  const s = useLgTrackingDriverSummaryQuery({ id }, { skip: !id });
  const drv = driverEntity.safeParse(d.data).data;
  return (
    <div style={{ padding: 16, display: 'grid', gap: 12 }}>
      <Card title={drv ? `司机：${drv.name}` : '司机详情'}>
        <Descriptions
          row
          data={[
            { key: '手机号', value: drv?.phone ?? '' },
            { key: '准驾车型', value: drv?.licenceClass ?? '' },
            {
              key: '驾驶证有效期',
              value: (
                <span>
                  {drv?.licenceExpiry ?? ''} {drv?.licenceWarning ? <Tag color="red">{drv.licenceWarning}</Tag> : null}
                </span>
              ),
            },
            { key: '所属承运商', value: drv?.carrierName ?? '' },
            { key: '车辆', value: (s.data?.cars ?? []).map((c) => c.plate).join('、') || '—' },
            { key: '趟次', value: String(s.data?.trips ?? 0) },
            { key: '已送达', value: String(s.data?.delivered ?? 0) },
            { key: '准时率', value: s.data?.onTimeRate ? `${s.data.onTimeRate}%` : '—' },
          ]}
        />
      </Card>
      <Card title="最近运输单">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={s.data?.recent ?? []}
          columns={[
            { title: '运输单号', dataIndex: 'orderNo', width: 160 },
            {
              title: '状态',
              dataIndex: 'state',
              width: 90,
              render: (v: string) => ORDER_STATE_LABELS[v as OrderState] ?? v,
            },
            { title: '线路', dataIndex: 'route' },
            { title: '货物', dataIndex: 'materialName', width: 100 },
            { title: '送达时间', dataIndex: 'deliverTime', width: 170 },
            {
              title: '准时',
              dataIndex: 'onTime',
              width: 80,
              render: (v: boolean | null) =>
                v === null ? '' : v ? <Tag color="green">准时</Tag> : <Tag color="red">晚到</Tag>,
            },
          ]}
        />
      </Card>
    </div>
  );
}
