/** /visual/tax/:id — 税务数据大屏: output and input VAT by month this year, VAT payable and the tax burden (id 0 = every book). */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type TaxAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { wan } from '../../features/wall/format.ts';
import { ChartBox, Figure, Panel, PendingNote, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

function Months({ months }: { months: TaxAnswer['months'] }) {
  const option = useMemo(
    () => ({
      legend: { top: 0, left: 'center', textStyle: { color: WALL.text, fontSize: 16 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 80, right: 60, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: months.map((m) => m.period), ...WALL_AXIS },
      yAxis: [
        { type: 'value', name: '万元', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS },
        {
          type: 'value',
          name: '税负率%',
          nameTextStyle: { color: WALL.dim },
          ...WALL_AXIS,
          splitLine: { show: false },
        },
      ],
      series: [
        { name: '销项税额', type: 'bar', data: months.map((m) => wan(m.outputVat)) },
        { name: '进项税额', type: 'bar', data: months.map((m) => wan(m.inputVat)) },
        { name: '应纳增值税', type: 'bar', data: months.map((m) => wan(m.payableVat)) },
        { name: '税负率', type: 'line', yAxisIndex: 1, connectNulls: true, data: months.map((m) => m.burden || null) },
      ],
    }),
    [months],
  );
  return <ChartBox chartRef={useWallChart(option)} testId="tax-months" />;
}

export default function Tax({ params }: { params: Record<string, string> }) {
  const cfg = useWallConfig();
  const { data, error, stale } = useWallData(
    VISUAL_ENDPOINTS.tax,
    { params: { id: params.id } },
    cfg.refreshSeconds * 1000,
  );
  return (
    <WallFrame title="税务数据大屏" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gridTemplateRows: '190px 1fr 200px',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel
            title={`本年增值税（${data.books.map((b) => b.name).join('、') || '无账套'}）`}
            style={{ gridColumn: '1 / span 2' }}
          >
            <div style={{ display: 'flex' }}>
              <Figure label="销项税额" value={wan(data.year.outputVat)} unit="万元" testId="tax-output" />
              <Figure label="进项税额" value={wan(data.year.inputVat)} unit="万元" testId="tax-input" />
              <Figure label="应纳增值税" value={wan(data.year.payableVat)} unit="万元" testId="tax-payable" />
              <Figure label="营业收入" value={wan(data.year.revenue)} unit="万元" />
              <Figure
                label="增值税税负率"
                value={data.year.burden || '—'}
                unit={data.year.burden ? '%' : undefined}
                testId="tax-burden"
              />
            </div>
          </Panel>
          <Panel title="按月增值税与税负率" style={{ gridColumn: '1 / span 2' }}>
            <Months months={data.months} />
          </Panel>
          <Panel title="待开发票">
            <PendingNote source={data.invoices} testId="tax-invoices" />
          </Panel>
          <Panel title="反向开票">
            <PendingNote source={data.reverseInvoices} testId="tax-reverse" />
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
