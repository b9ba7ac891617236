import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/** The system's "reduce motion" setting: charts draw without animation. */
function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * An ECharts instance on a div showing `option`: created on mount, resized with its box, disposed on unmount, the
 * option set again whenever it changes (memoise it). The caller registers the charts and components it draws
 * (`echarts.use([...])`, tree-shaken) and puts the returned ref on its div.
 */
export function useEChart(option: EChartsCoreOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current);
    chart.current = c;
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => c.resize()) : null;
    ro?.observe(ref.current);
    return () => {
      ro?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(reducedMotion() ? { animation: false, ...option } : option);
  }, [option]);
  return ref;
}
