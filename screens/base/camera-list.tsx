import { Button, Empty, Image } from '@douyinfe/semi-ui';
import { useState } from 'react';
import type { Row } from '../../core/api/crud.api.ts';
import { useCamerasLookQuery } from '../../core/api/izs-sell.api.ts';
import { DraggableDialog } from '../../features/crud/draggable-dialog.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { ValueGrid } from '../../features/crud/value-grid.tsx';
import { camerasView } from './cameras.resource.ts';

/** The camera's snapshot and stream addresses (GET cameras/look) with the current frame when reachable. */
function CameraLookDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const look = useCamerasLookQuery({ id });
  const d = look.data;
  return (
    <DraggableDialog visible title={`查看画面：${d?.name ?? ''}`} onClose={onClose} width={720}>
      {!d ? (
        <Empty description={look.isFetching ? '加载中…' : '暂无数据'} />
      ) : (
        <div className="ly-camera-look" data-testid="camera-look">
          <ValueGrid
            items={[
              ['所属地磅', d.weighbridgeName],
              ['抓拍地址', d.snapshotUrl],
              ['视频流地址', d.streamUrl],
            ]}
          />
          {d.snapshotUrl ? (
            <Image
              src={d.snapshotUrl}
              width={640}
              height={360}
              alt={d.name}
              fallback={<Empty description="画面无法访问（需在磅房内网）" />}
            />
          ) : (
            <Empty description="该品牌没有默认抓拍地址，请在摄像头上填写" />
          )}
        </div>
      )}
    </DraggableDialog>
  );
}

/** 摄像头 (/base/cameraList, spec §7.6): cameras bound to a weighbridge; the password is never shown. */
export default function CameraListScreen() {
  const [looking, setLooking] = useState<string>();
  return (
    <>
      <ResourceListPage
        def={camerasView}
        rowActions={(row: Row) => (
          <Button theme="borderless" size="small" onClick={() => setLooking(String(row.id))}>
            查看画面
          </Button>
        )}
      />
      {looking && <CameraLookDialog id={looking} onClose={() => setLooking(undefined)} />}
    </>
  );
}
