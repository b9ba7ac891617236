import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import type { AnalysisDay } from '../../../core/contract/izs-stock/analysis.contract.ts';
import { kgToTonnes } from '../../../core/format/decimal.ts';
import { useEChart } from '../../../features/charts/use-echart.ts';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Daily purchase and sale tonnes (bars) with the sale amount (line, right axis); lazy chunk of 供应链分析. */
export default function AnalysisChart({ daily }: { daily: AnalysisDay[] }) {
  const option = useMemo(() => {
    // the chart draws numbers; the figures themselves stay decimal strings everywhere else
    const t = (kg: string) => kgToTonnes(kg, 3);
    return {
      color: ['#0a84ff', '#34c759', '#ff9f0a'],
      tooltip: { trigger: 'axis' },
      legend: { data: ['采购量(吨)', '销售量(吨)', '销售额(元)'], top: 0, left: 'center' },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: daily.map((d) => d.date.slice(5)) },
      yAxis: [
        { type: 'value', name: '吨', splitLine: { lineStyle: { color: '#eef0f3' } } },
        { type: 'value', name: '元', splitLine: { show: false } },
      ],
      series: [
        { name: '采购量(吨)', type: 'bar', barMaxWidth: 18, data: daily.map((d) => t(d.purchaseQty)) },
        { name: '销售量(吨)', type: 'bar', barMaxWidth: 18, data: daily.map((d) => t(d.saleQty)) },
        { name: '销售额(元)', type: 'line', yAxisIndex: 1, smooth: 0.3, data: daily.map((d) => d.saleAmount) },
      ],
    };
  }, [daily]);
  const ref = useEChart(option);

  return <div ref={ref} className="ly-an-chart" data-testid="analysis-chart" />;
}
