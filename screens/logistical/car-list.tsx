import { Button, Modal, Typography } from '@douyinfe/semi-ui';
import { useState } from 'react';
import type { Row } from '../../core/api/crud.api.ts';
import { useLgCarDeviceTokenQuery } from '../../core/api/izs-logistical.api.ts';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { carView } from './fleet.resource.ts';

/** The car's 设备鉴权码, read from the server when the dialog opens (never part of the list). */
function DeviceTokenDialog({ car, onClose }: { car: Row; onClose: () => void }) {
  const { data, isFetching } = useLgCarDeviceTokenQuery({ id: String(car.id) }, { refetchOnMountOrArgChange: true });
  return (
    <Modal visible title={`设备鉴权码 · ${String(car.plate ?? '')}`} onCancel={onClose} footer={null} width={480}>
      {isFetching || !data ? (
        <Typography.Text type="tertiary">读取中…</Typography.Text>
      ) : (
        <div data-testid="device-token-dialog">
          <p>
            GPS设备号：<Typography.Text>{data.gpsDeviceId || '未设置'}</Typography.Text>
          </p>
          <p>
            设备鉴权码：
            {data.deviceToken ? (
              <Typography.Text copyable code data-testid="device-token">
                {data.deviceToken}
              </Typography.Text>
            ) : (
              <Typography.Text type="tertiary">未设置（填写GPS设备号后保存即生成）</Typography.Text>
            )}
          </p>
          <Typography.Text type="tertiary" size="small">
            将此鉴权码填入车载终端或手机App；请勿外传。查看记录会写入操作日志。
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}

/** 车辆列表 (/logistical/car-list): plate, type, axles, load, 道路运输证 / insurance expiry with warnings, GPS device. */
export default function CarListScreen() {
  const perms = useResourcePermissions(carView.permission);
  const [shown, setShown] = useState<Row | null>(null);
  return (
    <>
      <ResourceListPage
        def={carView}
        rowActions={
          perms.edit
            ? (row) => (
                <Button theme="borderless" size="small" onClick={() => setShown(row)}>
                  鉴权码
                </Button>
              )
            : undefined
        }
      />
      {shown && <DeviceTokenDialog car={shown} onClose={() => setShown(null)} />}
    </>
  );
}
