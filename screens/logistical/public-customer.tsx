import { Button } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { refOf, useResourceListQuery } from '../../core/api/crud.api.ts';
import { siteEntity } from '../../core/contract/izs-logistical/sites.contract.ts';
import { useCan } from '../../features/admin-page/common.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LgMap, type LonLat, type MapSite } from '../../features/logistics-map/lazy-map.tsx';
import { FenceEditor, type FenceSite } from './fence-editor.tsx';
import { siteView } from './sites.resource.ts';

const parseFence = (f: string): LonLat[] | null => {
  try {
    return f ? (JSON.parse(f) as LonLat[]) : null;
  } catch {
    return null;
  }
};

/**
 * 公共客户 (/logistical/public-customer): shared sites with coordinates; their geofences shown on the map and drawn
 * on it (围栏: click the vertices, or a circle of a radius around the site).
 */
export default function PublicCustomerScreen() {
  const can = useCan(siteView.permission);
  const list = useResourceListQuery({ ref: refOf(siteView), params: {} });
  const [editing, setEditing] = useState<FenceSite | null>(null);
  const all = useMemo(
    () =>
      (siteEntity.array().safeParse(list.data ?? []).data ?? [])
        .filter((s) => s.lon !== null && s.lat !== null)
        .map((s) => ({ ...s, lon: s.lon!, lat: s.lat!, fence: parseFence(s.fence) })),
    [list.data],
  );
  const sites = useMemo<MapSite[]>(
    () => all.map((s) => ({ id: s.id, name: s.name, lon: s.lon, lat: s.lat, fence: s.fence })),
    [all],
  );
  return (
    <div>
      <ResourceListPage
        def={siteView}
        rowActionsWidth={60}
        rowActions={(row) => {
          const s = all.find((x) => x.id === row.id);
          return can('edit') && s ? (
            <Button size="small" theme="borderless" data-testid="fence-draw" onClick={() => setEditing(s)}>
              围栏
            </Button>
          ) : null;
        }}
      />
      <div style={{ padding: '0 16px 16px', height: 422 }}>
        {/* one WebGL map at a time: the overview gives way while a fence is drawn */}
        {editing ? null : (
          <LgMap sites={sites} height={420} center={sites[0] ? [sites[0].lon, sites[0].lat] : undefined} zoom={9} />
        )}
      </div>
      <FenceEditor site={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
