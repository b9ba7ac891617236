import type { G2Spec } from '@antv/g2';
import { useEffect, useRef } from 'react';

/**
 * A @antv/g2 chart (issue 24: the scale house's distributions) on a div showing `spec`. G2 is imported dynamically
 * here — its own chunk, fetched when a screen first draws one, never in the login page's or the dashboard's first
 * load. The chart is drawn again when the spec changes (memoise it) and destroyed on unmount; `null` draws nothing.
 */
export function useG2(spec: G2Spec | null, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!spec || !ref.current) return;
    let alive = true;
    let chart: { destroy: () => void } | null = null;
    void import('@antv/g2').then(({ Chart }) => {
      if (!alive || !ref.current) return;
      const c = new Chart({ container: ref.current, autoFit: true, height });
      c.options({ animate: false, ...spec } as G2Spec);
      void c.render();
      chart = c;
    });
    return () => {
      alive = false;
      chart?.destroy();
    };
  }, [spec, height]);
  return ref;
}
