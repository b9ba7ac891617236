/** /visual/quote-data — 行情大屏: scrap price quotes by material, change against yesterday and last week, 30-day curves. */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type QuoteAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { weekMoves } from '../../core/report/quotes.ts';
import { grouped } from '../../features/wall/format.ts';
import { Change, ChartBox, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);
const QT: Record<string, string> = { purchase: '收购价', sale: '销售价' };
const UNIT: Record<string, string> = { yuan_per_tonne: '元/吨', yuan_per_kg: '元/千克' };

function Curves({ materials }: { materials: QuoteAnswer['materials'] }) {
  const option = useMemo(() => {
    const days = [...new Set(materials.flatMap((m) => m.series.map((s) => s.date)))].sort();
    return {
      legend: { top: 0, left: 'center', textStyle: { color: WALL.text, fontSize: 16 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 90, right: 30, top: 60, bottom: 30 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)), ...WALL_AXIS },
      yAxis: {
        type: materials.length > 1 ? 'log' : 'value',
        scale: true,
        name: '元',
        nameTextStyle: { color: WALL.dim },
        ...WALL_AXIS,
      },
      series: materials.map((m) => {
        const at = new Map(m.series.map((s) => [s.date, s.price]));
        return {
          name: `${m.materialName}${QT[m.quoteType] ?? ''}`,
          type: 'line',
          step: 'end',
          connectNulls: false,
          data: days.map((d) => at.get(d) ?? null),
        };
      }),
    };
  }, [materials]);
  return <ChartBox chartRef={useWallChart(option)} testId="quote-curves" />;
}

function WeekMoves({ materials }: { materials: QuoteAnswer['materials'] }) {
  const option = useMemo(() => {
    const moves = weekMoves(materials, (m) => `${m.materialName}${QT[m.quoteType] ?? ''}`);
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
      grid: { left: 170, right: 70, top: 20, bottom: 30 },
      xAxis: { type: 'value', ...WALL_AXIS, axisLabel: { ...WALL_AXIS.axisLabel, formatter: '{value}%' } },
      yAxis: { type: 'category', data: moves.map((m) => m.name), ...WALL_AXIS },
      series: [
        {
          type: 'bar',
          barMaxWidth: 26,
          label: { show: true, position: 'right', color: WALL.text, formatter: '{c}%' },
          data: moves.map((m) => ({
            value: Number(m.pct), // display only: the chart needs a number
            itemStyle: { color: Number(m.pct) > 0 ? WALL.up : Number(m.pct) < 0 ? WALL.down : WALL.dim },
          })),
        },
      ],
    };
  }, [materials]);
  return <ChartBox chartRef={useWallChart(option)} testId="quote-week-moves" />;
}

export default function Quotes() {
  const cfg = useWallConfig();
  const { data, error, stale } = useWallData(VISUAL_ENDPOINTS.quotes, {}, cfg.refreshSeconds * 1000);
  const td = {
    padding: '12px 14px',
    borderBottom: '1px solid rgba(143,179,232,.15)',
    fontVariantNumeric: 'tabular-nums' as const,
  };
  return (
    <WallFrame title="行情大屏" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '880px 1fr',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 20, minHeight: 0 }}>
            <Panel title="今日报价" style={{ flex: 'none', maxHeight: 520 }}>
              <table data-testid="quote-table" style={{ width: '100%', borderCollapse: 'collapse', fontSize: 24 }}>
                <thead>
                  <tr style={{ color: WALL.blue }}>
                    {['物料', '类型', '今日价', '较昨日', '较上周'].map((h) => (
                      <th key={h} style={{ ...td, textAlign: 'left', fontWeight: 500 }}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.materials.map((m) => (
                    <tr key={`${m.materialId}-${m.quoteType}`}>
                      <td style={td}>{m.materialName}</td>
                      <td style={td}>{QT[m.quoteType] ?? m.quoteType}</td>
                      <td style={td}>
                        {grouped(m.price)} <small style={{ color: WALL.dim }}>{UNIT[m.priceUnit] ?? m.priceUnit}</small>
                      </td>
                      <td style={td}>
                        <Change value={m.changeDay} />
                      </td>
                      <td style={td}>
                        <Change value={m.changeWeek} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.materials.length === 0 && (
                <p style={{ fontSize: 28, textAlign: 'center' }}>今日没有生效的报价，请在「物料报价单」中录入</p>
              )}
            </Panel>
            <Panel title="较上周涨跌幅" style={{ flex: 1, minHeight: 0 }}>
              <WeekMoves materials={data.materials} />
            </Panel>
          </div>
          <Panel title="近30天价格走势" style={{ flex: 1 }}>
            <Curves materials={data.materials} />
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
