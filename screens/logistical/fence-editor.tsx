/**
 * 绘制围栏: a site's geofence drawn on the map — click to add the polygon's vertices (撤销 removes the last one), or
 * give a radius for a circle around the site; 保存 writes the ring (closed on save by the server) to the site.
 */

import { Button, InputNumber, Modal, Space, Typography } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { refOf, useResourceSubmitMutation } from '../../core/api/crud.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { circleRing, type LonLat } from '../../core/logistics/geo.ts';
import { LgMap } from '../../features/logistics-map/lazy-map.tsx';
import { siteView } from './sites.resource.ts';

export interface FenceSite {
  id: string;
  name: string;
  kind: string;
  contact: string;
  phone: string;
  address: string;
  lon: number;
  lat: number;
  fence: LonLat[] | null;
  remark: string;
}

/** The open ring (without the closing point) of a stored fence. */
const open = (f: LonLat[] | null): LonLat[] => {
  if (!f || f.length === 0) return [];
  const [a, z] = [f[0], f[f.length - 1]];
  return a[0] === z[0] && a[1] === z[1] ? f.slice(0, -1) : f;
};

export function FenceEditor({ site, onClose }: { site: FenceSite | null; onClose: () => void }) {
  const [draft, setDraft] = useState<LonLat[]>([]);
  const [radius, setRadius] = useState<number>(300);
  const [submit, state] = useResourceSubmitMutation();
  useEffect(() => setDraft(open(site?.fence ?? null)), [site]);
  if (!site) return null;
  const save = async () => {
    const { id, name, kind, contact, phone, address, lon, lat, remark } = site;
    const r = await submit({
      ref: refOf(siteView),
      body: {
        id,
        name,
        kind,
        contact,
        phone,
        address,
        lon,
        lat,
        remark,
        fence: draft.length ? JSON.stringify(draft) : '',
      },
    });
    if ('data' in r) {
      notifySuccess(`${name} 的围栏已保存`);
      onClose();
    }
  };
  return (
    <Modal title={`绘制围栏：${site.name}`} visible width={860} onCancel={onClose} footer={null}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="tertiary">
          在地图上依次点击围栏的各个顶点（至少 3 个），或按半径生成圆形围栏
        </Typography.Text>
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        <span data-testid="fence-count">已选 {draft.length} 个点</span>
        <Button size="small" disabled={draft.length === 0} onClick={() => setDraft(draft.slice(0, -1))}>
          撤销上一点
        </Button>
        <Button size="small" disabled={draft.length === 0} onClick={() => setDraft([])}>
          清除
        </Button>
        <span>半径(米)</span>
        <InputNumber
          size="small"
          style={{ width: 100 }}
          min={20}
          max={20000}
          value={radius}
          onChange={(v) => setRadius(Number(v) || 0)}
        />
        <Button
          size="small"
          data-testid="fence-circle"
          disabled={radius < 20}
          onClick={() => setDraft(open(circleRing([site.lon, site.lat], radius, 32)))}
        >
          生成圆形围栏
        </Button>
      </Space>
      <LgMap
        height={460}
        center={[site.lon, site.lat]}
        zoom={14}
        sites={[{ id: site.id, name: site.name, lon: site.lon, lat: site.lat, fence: null }]}
        draft={draft}
        onMapClick={(p) => setDraft((d) => [...d, p])}
      />
      <div style={{ textAlign: 'right', marginTop: 12 }}>
        <Button onClick={onClose} style={{ marginRight: 8 }}>
          取消
        </Button>
        <Button
          type="primary"
          theme="solid"
          data-testid="fence-save"
          loading={state.isLoading}
          disabled={draft.length > 0 && draft.length < 3}
          onClick={save}
        >
          保存
        </Button>
      </div>
    </Modal>
  );
}
