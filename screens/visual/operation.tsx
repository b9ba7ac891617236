/**
 * /visual/operation-data/:id — 运营数据中心: purchase, sale and gross margin by day and by material (last 30 days),
 * stock per warehouse, top suppliers and customers. Polled (documents push nothing).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type OperationAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { t2, wan } from '../../features/wall/format.ts';
import { ChartBox, Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { MetricFigure, useWallMetrics } from '../../features/wall/metric-figure.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);
const legend = { top: 0, left: 'center', textStyle: { color: WALL.text, fontSize: 16 } };

function DailyChart({ daily }: { daily: OperationAnswer['daily'] }) {
  const option = useMemo(
    () => ({
      legend,
      tooltip: { trigger: 'axis' },
      grid: { left: 70, right: 60, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: daily.map((d) => d.date.slice(5)), ...WALL_AXIS },
      yAxis: [
        { type: 'value', name: '万元', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS },
        { type: 'value', name: '%', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS, splitLine: { show: false } },
      ],
      series: [
        { name: '采购额', type: 'bar', data: daily.map((d) => wan(d.purchaseAmount)) },
        { name: '销售额', type: 'bar', data: daily.map((d) => wan(d.saleAmount)) },
        {
          name: '毛利率',
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          connectNulls: true,
          data: daily.map((d) => d.margin || null),
        },
      ],
    }),
    [daily],
  );
  return <ChartBox chartRef={useWallChart(option)} testId="operation-daily-chart" />;
}

function MaterialChart({ materials }: { materials: OperationAnswer['materials'] }) {
  const option = useMemo(
    () => ({
      legend,
      tooltip: { trigger: 'axis' },
      grid: { left: 130, right: 30, top: 40, bottom: 30 },
      yAxis: { type: 'category', inverse: true, data: materials.map((m) => m.materialName), ...WALL_AXIS },
      xAxis: { type: 'value', name: '吨', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS },
      series: [
        { name: '采购', type: 'bar', data: materials.map((m) => t2(m.purchaseKg)) },
        { name: '销售', type: 'bar', data: materials.map((m) => t2(m.saleKg)) },
        { name: '库存', type: 'bar', data: materials.map((m) => t2(m.stockKg)) },
      ],
    }),
    [materials],
  );
  return <ChartBox chartRef={useWallChart(option)} testId="operation-material-chart" />;
}

function Parties({ list, testId }: { list: OperationAnswer['suppliers']; testId: string }) {
  return (
    <ol data-testid={testId} style={{ margin: 0, paddingLeft: 30, fontSize: 21 }}>
      {list.map((p) => (
        <li key={p.partyId} style={{ padding: '5px 0' }}>
          <span
            style={{
              display: 'inline-block',
              width: 250,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              verticalAlign: 'bottom',
              textOverflow: 'ellipsis',
            }}
          >
            {p.partyName}
          </span>
          <span style={{ color: WALL.dim }}>
            {t2(p.kg)} 吨 · {wan(p.amount)} 万元
          </span>
        </li>
      ))}
      {list.length === 0 && <p style={{ color: WALL.dim }}>近30天暂无</p>}
    </ol>
  );
}

const OP_METRICS = ['purchaseAmountToday', 'saleAmountToday'] as const;

export default function Operation() {
  const cfg = useWallConfig();
  const { data, error, stale } = useWallData(
    VISUAL_ENDPOINTS.operation,
    { query: { days: 30 } },
    cfg.refreshSeconds * 1000,
  );
  const metrics = useWallMetrics(OP_METRICS, cfg.refreshSeconds * 1000);
  const span = data ? `${data.beginDate} 起近30天` : '';
  const warehouses = (data?.warehouses ?? []).filter(
    (w) => !cfg.warehouseIds.length || cfg.warehouseIds.includes(w.warehouseId),
  );
  return (
    <WallFrame title="运营数据中心" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr 520px',
            gridTemplateRows: '150px 1fr 1fr',
            gap: 18,
            padding: 18,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title={`近30天（${data.beginDate} 起）`} style={{ gridColumn: '1 / span 3' }}>
            <div style={{ display: 'flex', gap: 20 }}>
              <MetricFigure m={metrics.get('purchaseAmountToday')} testId="op-metric-purchase-amount" size={36} />
              <MetricFigure m={metrics.get('saleAmountToday')} testId="op-metric-sale-amount" size={36} />
              <Figure
                label="采购量"
                value={t2(data.totals.purchaseKg)}
                unit="吨"
                size={36}
                testId="op-purchase"
                hint={`${span}已审核采购入库净重减采购退货（单据口径）`}
              />
              <Figure
                label="采购额"
                value={wan(data.totals.purchaseAmount)}
                unit="万元"
                size={36}
                hint={`${span}已审核采购入库价税合计减采购退货（单据口径）`}
              />
              <Figure
                label="销售量"
                value={t2(data.totals.saleKg)}
                unit="吨"
                size={36}
                testId="op-sale"
                hint={`${span}已审核销售出库净重减销售退货（单据口径，不含直发单）`}
              />
              <Figure
                label="销售额（不含直发）"
                value={wan(data.totals.saleAmount)}
                unit="万元"
                size={36}
                hint={`${span}已审核销售出库价税合计减销售退货（单据口径，不含直发单）`}
              />
              <Figure
                label="毛利"
                value={wan(data.totals.grossProfit)}
                unit="万元"
                size={36}
                hint={`${span}销售额减销售成本（出库时的移动平均成本）`}
              />
              <Figure
                label="毛利率"
                value={data.totals.margin || '—'}
                unit={data.totals.margin ? '%' : undefined}
                size={36}
                testId="op-margin"
              />
              <Figure
                label="库存"
                value={t2(data.totals.stockKg)}
                unit="吨"
                size={36}
                testId="op-stock"
                hint="各仓库当前库存数量合计"
              />
            </div>
          </Panel>
          <Panel title="每日采购、销售与毛利率" style={{ gridColumn: '1 / span 2' }}>
            <DailyChart daily={data.daily} />
          </Panel>
          <Panel title="主要供应商" style={{ gridColumn: 3 }}>
            <Parties list={data.suppliers} testId="op-suppliers" />
          </Panel>
          <Panel title="物料进销存（吨）">
            <MaterialChart materials={data.materials} />
          </Panel>
          <Panel title="各仓库存" testId="op-warehouses">
            {warehouses.map((w) => {
              const cap = Number(w.capacityKg);
              const pct = cap > 0 ? Math.min(100, (Number(w.stockKg) / cap) * 100) : 0;
              return (
                <div key={w.warehouseId} style={{ marginBottom: 14, fontSize: 20 }}>
                  <div style={{ display: 'flex', justifyContent: 'space-between' }}>
                    <span>{w.name}</span>
                    <span style={{ color: WALL.dim }}>
                      {t2(w.stockKg)} 吨{cap > 0 ? ` / ${t2(w.capacityKg)} 吨` : ''}
                    </span>
                  </div>
                  <div style={{ height: 12, background: 'rgba(143,179,232,.15)', borderRadius: 6, marginTop: 4 }}>
                    <div
                      style={{
                        width: `${pct}%`,
                        height: '100%',
                        background: 'linear-gradient(90deg,#4096ff,#36cfc9)',
                        borderRadius: 6,
                      }}
                    />
                  </div>
                  <div
                    style={{
                      fontSize: 16,
                      color: WALL.dim,
                      marginTop: 3,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {w.materials
                      .slice(0, 4)
                      .map((m) => `${m.materialName} ${t2(m.stockKg)}`)
                      .join(' · ') || '空仓'}
                  </div>
                </div>
              );
            })}
          </Panel>
          <Panel title="主要客户" style={{ gridColumn: 3 }}>
            <Parties list={data.customers} testId="op-customers" />
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
