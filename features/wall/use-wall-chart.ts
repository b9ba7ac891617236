import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/** The dark wall theme's chart defaults (stage pixels: big type, faint grid). */
export const WALL_TEXT = { color: '#8fb3e8', fontSize: 18 };
export const WALL_AXIS = {
  axisLabel: { color: '#8fb3e8', fontSize: 16 },
  axisLine: { lineStyle: { color: 'rgba(143,179,232,.4)' } },
  splitLine: { lineStyle: { color: 'rgba(143,179,232,.12)' } },
};
export const WALL_COLORS = ['#4096ff', '#36cfc9', '#ffc53d', '#ff7a45', '#9254de', '#73d13d', '#f759ab', '#69b1ff'];

/**
 * An ECharts instance on a div: created once, the option replaced (notMerge) on change, disposed on unmount — a
 * chart on a wall screen is updated in place for days, never re-created.
 */
export function useWallChart(option: EChartsCoreOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    chart.current = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    return () => {
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(
      { animation: false, color: WALL_COLORS, textStyle: WALL_TEXT, ...option },
      { notMerge: true, lazyUpdate: true },
    );
  }, [option]);
  return ref;
}
