import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { axisThousands, tooltipMoney } from '../../features/charts/axis.ts';
import { useEChart } from '../../features/charts/use-echart.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Bars of a report's rows (top 15 by the first series), legend above, labels rotated when many. */
export function ReportChart({
  labels,
  series,
  testId,
}: {
  labels: string[];
  series: { name: string; values: string[] }[];
  testId: string;
}) {
  const option = useMemo(
    () => ({
      animation: false,
      legend: { top: 0, left: 'center' },
      tooltip: { trigger: 'axis', valueFormatter: tooltipMoney },
      grid: { left: 80, right: 24, top: 36, bottom: labels.length > 6 ? 70 : 30 },
      xAxis: {
        type: 'category',
        data: labels,
        axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0, width: 110, overflow: 'truncate' },
      },
      yAxis: { type: 'value', axisLabel: { formatter: axisThousands } },
      series: series.map((s) => ({ name: s.name, type: 'bar', data: s.values })),
    }),
    [labels, series],
  );
  return <div ref={useEChart(option)} className="ly-report-chart" data-testid={testId} />;
}
