/** /visual/tax/:id — 税务数据大屏: output and input VAT by month this year, VAT payable and the tax burden (id 0 = every book). */

import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type TaxAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { Decimal, moneyFixed } from '../../core/format/amounts.ts';
import { wan } from '../../features/wall/format.ts';
import { ChartBox, Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const diff = (a: string, b: string) => moneyFixed(new Decimal(a).minus(b));

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
        { name: '发票销项', type: 'line', data: months.map((m) => wan(m.invoiceOutputVat)) },
        { name: '发票进项', type: 'line', data: months.map((m) => wan(m.invoiceInputVat)) },
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
          <Panel title="发票与账面（本年）">
            <div style={{ display: 'flex' }}>
              <Figure
                label="发票销项税额"
                value={wan(data.year.invoiceOutputVat)}
                unit="万元"
                size={34}
                testId="tax-inv-output"
              />
              <Figure
                label="发票进项税额"
                value={wan(data.year.invoiceInputVat)}
                unit="万元"
                size={34}
                testId="tax-inv-input"
              />
            </div>
            <p style={{ margin: '10px 0 0', fontSize: 18, color: WALL.dim }}>
              账面销项与发票差 {wan(diff(data.year.outputVat, data.year.invoiceOutputVat))} 万元，进项差{' '}
              {wan(diff(data.year.inputVat, data.year.invoiceInputVat))} 万元
            </p>
          </Panel>
          <Panel title="待开发票 · 反向开票">
            <div style={{ display: 'flex' }}>
              <Figure
                label={`销售待开票（${data.invoices.salesDocs} 单）`}
                value={wan(data.invoices.salesAmount)}
                unit="万元"
                size={34}
                testId="tax-pending-sales"
              />
              <Figure
                label={`采购待收票（${data.invoices.purchaseDocs} 单）`}
                value={wan(data.invoices.purchaseAmount)}
                unit="万元"
                size={34}
                testId="tax-pending-purchases"
              />
              <Figure
                label={`反向开票（${data.reverseInvoices.count} 张）`}
                value={wan(data.reverseInvoices.amount)}
                unit="万元"
                size={34}
                testId="tax-reverse"
              />
            </div>
            <p style={{ margin: '10px 0 0', fontSize: 18, color: WALL.dim }}>
              反向开票税额 {wan(data.reverseInvoices.taxAmount)} 万元 · 收购凭证 {data.reverseInvoices.evidence} 份
            </p>
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
