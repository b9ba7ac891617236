import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import type { DashboardAnswer } from '../../core/contract/izs-visual/dashboard.contract.ts';
import { useEChart } from '../../features/charts/use-echart.ts';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** 7-day purchase and sale amounts (元, the server's days); a side the user may not view is left out. */
export default function BusinessTrend({ trend }: { trend: DashboardAnswer['trend'] }) {
  const option = useMemo(() => {
    const series = [
      { name: '采购额', values: trend.map((t) => t.purchase) },
      { name: '销售额', values: trend.map((t) => t.sale) },
    ].filter((s) => s.values.every((v) => v !== null));
    return {
      animation: false, // the home page's first seconds go to the figures, not to a drawing-in effect
      color: ['#0a84ff', '#34c759'],
      tooltip: { trigger: 'axis' },
      legend: { data: series.map((s) => s.name), top: 0, right: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', boundaryGap: false, data: trend.map((t) => t.date.slice(5)) },
      yAxis: { type: 'value', name: '元', splitLine: { lineStyle: { color: '#eef0f3' } } },
      // the chart draws the decimal strings (ECharts parses them for the axis only)
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        smooth: 0.3,
        areaStyle: { opacity: 0.08 },
        data: s.values,
      })),
    };
  }, [trend]);
  const ref = useEChart(option);
  return <div ref={ref} style={{ width: '100%', height: 240 }} role="img" aria-label="近7天采购与销售额" />;
}
