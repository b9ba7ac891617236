import { useMemo } from 'react';
import { refOf, useResourceListQuery } from '../../core/api/crud.api.ts';
import { siteEntity, siteResource } from '../../core/contract/izs-logistical/sites.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LgMap, type LonLat, type MapSite } from '../../features/logistics-map/lazy-map.tsx';

const parseFence = (f: string): LonLat[] | null => {
  try {
    return f ? (JSON.parse(f) as LonLat[]) : null;
  } catch {
    return null;
  }
};

/** 公共客户 (/logistical/public-customer): shared sites with coordinates; their geofences drawn on the map. */
export default function PublicCustomerScreen() {
  const list = useResourceListQuery({ ref: refOf(siteResource), params: {} });
  const sites = useMemo<MapSite[]>(
    () =>
      (siteEntity.array().safeParse(list.data ?? []).data ?? [])
        .filter((s) => s.lon !== null && s.lat !== null)
        .map((s) => ({ id: s.id, name: s.name, lon: s.lon!, lat: s.lat!, fence: parseFence(s.fence) })),
    [list.data],
  );
  return (
    <div>
      <ResourceListPage def={siteResource} />
      <div style={{ padding: '0 16px 16px' }}>
        <LgMap sites={sites} height={420} center={sites[0] ? [sites[0].lon, sites[0].lat] : undefined} zoom={9} />
      </div>
    </div>
  );
}
