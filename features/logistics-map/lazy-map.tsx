/** The L7 map as its own lazy chunk: list screens never load L7 or the boundary data. */
import { Spin } from '@douyinfe/semi-ui';
import { lazy, Suspense } from 'react';
import type { LgMapProps } from './l7-map.tsx';

const Inner = lazy(() => import('./l7-map.tsx'));

export type { LgMapProps, LonLat, MapSite, MapVehicle } from './l7-map.tsx';

export function LgMap(props: LgMapProps) {
  return (
    <Suspense fallback={<Spin size="large" tip="地图加载中" />}>
      <Inner {...props} />
    </Suspense>
  );
}
