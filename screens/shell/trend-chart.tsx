import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import type { DashboardSummary } from '../../core/contract/blade-system.contract.ts';
import { useEChart } from '../../features/charts/use-echart.ts';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** 7-day trend of logins and API calls (tree-shaken echarts/core; only the dashboard chunk pulls it). */
export default function TrendChart({ trend }: { trend: DashboardSummary['trend'] }) {
  const option = useMemo(() => {
    return {
      animation: false, // the home page's first seconds go to the figures, not to a drawing-in effect
      color: ['#0a84ff', '#34c759'],
      tooltip: { trigger: 'axis' },
      legend: { data: ['登录次数', '接口调用'], top: 0, right: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', boundaryGap: false, data: trend.map((t) => t.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#eef0f3' } } },
      series: [
        {
          name: '登录次数',
          type: 'line',
          smooth: 0.3,
          areaStyle: { opacity: 0.08 },
          data: trend.map((t) => t.logins),
        },
        {
          name: '接口调用',
          type: 'line',
          smooth: 0.3,
          areaStyle: { opacity: 0.08 },
          data: trend.map((t) => t.apiCalls),
        },
      ],
    };
  }, [trend]);
  const ref = useEChart(option);

  return <div ref={ref} style={{ width: '100%', height: 300 }} role="img" aria-label="近7天趋势图" />;
}
