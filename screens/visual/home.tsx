/**
 * /visual/home — 主数据大屏: today's and this month's yard, tonnage by material, the sites with their stock on the L7
 * map of China (site-map.tsx, lazy), the weighing ticker.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { type HomeAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { WallBoundary } from '../../features/wall/boundary.tsx';
import { t2, wan } from '../../features/wall/format.ts';
import { ChartBox, Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { MetricFigure, useWallMetrics } from '../../features/wall/metric-figure.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** L7 and the province boundaries load with the map only (their own chunk). */
const SiteMap = lazy(() => import('./site-map.tsx'));
/**
 * The map (L7 + boundaries, ~0.9 MB gzip, one long parse) starts loading this long after the screen's figures are up,
 * so the figures never wait behind it; a wall screen runs for days, the map arrives a moment later.
 */
const MAP_DELAY_MS = 2500;

function useAfter(ms: number): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDue(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return due;
}

const TYPE = { purchase: '入库', sale: '出库' } as Record<string, string>;

/** 过磅 figures (completed weighings): labelled so, as they are not the 入库 / 出库 documents' figures. */
function Tonnage({ f, prefix, when }: { f: HomeAnswer['todayFigures']; prefix: string; when: '今天' | '本月' }) {
  const hint = (what: string) => `${when}完成的${what}（过磅口径：含尚未开单或未审核的磅单，不是入库 / 出库单的数字）`;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px 20px' }}>
      <Figure
        label="过磅车次"
        value={f.weighCount}
        unit="车"
        testId={`${prefix}-count`}
        size={40}
        hint={hint('过磅单数')}
      />
      <Figure
        label="过磅净重（采购）"
        value={t2(f.inNetKg)}
        unit="吨"
        testId={`${prefix}-in`}
        size={40}
        hint={hint('采购过磅单净重')}
      />
      <Figure
        label="过磅净重（销售）"
        value={t2(f.outNetKg)}
        unit="吨"
        testId={`${prefix}-out`}
        size={40}
        hint={hint('销售过磅单净重')}
      />
      <Figure
        label="过磅金额（采购）"
        value={wan(f.inAmount)}
        unit="万元"
        testId={`${prefix}-in-amount`}
        size={40}
        hint={hint('采购过磅单金额')}
      />
      <Figure
        label="过磅金额（销售）"
        value={wan(f.outAmount)}
        unit="万元"
        testId={`${prefix}-out-amount`}
        size={40}
        hint={hint('销售过磅单金额')}
      />
    </div>
  );
}

function MaterialChart({ materials }: { materials: HomeAnswer['materials'] }) {
  const option = useMemo(
    () => ({
      legend: { top: 0, left: 'center', textStyle: { color: WALL.text, fontSize: 16 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 70, right: 20, top: 40, bottom: 50 },
      xAxis: {
        type: 'category',
        data: materials.map((m) => m.materialName),
        ...WALL_AXIS,
        axisLabel: { ...WALL_AXIS.axisLabel, interval: 0, rotate: materials.length > 6 ? 30 : 0 },
      },
      yAxis: { type: 'value', name: '吨', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS },
      series: [
        { name: '今日入库', type: 'bar', data: materials.map((m) => t2(m.todayInKg)) },
        { name: '今日出库', type: 'bar', data: materials.map((m) => t2(m.todayOutKg)) },
        { name: '本月入库', type: 'bar', data: materials.map((m) => t2(m.monthInKg)) },
        { name: '本月出库', type: 'bar', data: materials.map((m) => t2(m.monthOutKg)) },
      ],
    }),
    [materials],
  );
  return <ChartBox chartRef={useWallChart(option)} testId="home-material-chart" />;
}

const HOME_METRICS = ['purchaseAmountToday', 'purchaseNetToday'] as const;

export default function HomeScreen() {
  const cfg = useWallConfig();
  const { data, error, stale } = useWallData(VISUAL_ENDPOINTS.home, {}, cfg.refreshSeconds * 1000);
  const metrics = useWallMetrics(HOME_METRICS, cfg.refreshSeconds * 1000);
  const mapDue = useAfter(MAP_DELAY_MS);
  const sites = useMemo(
    () => (data?.sites ?? []).filter((s) => !cfg.warehouseIds.length || cfg.warehouseIds.includes(s.warehouseId)),
    [data?.sites, cfg.warehouseIds],
  );
  return (
    <WallFrame title="主数据大屏" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '520px 1fr 560px',
            gridTemplateRows: '1fr 1fr',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title="今日作业">
            <Tonnage f={data.todayFigures} prefix="today" when="今天" />
            <div style={{ display: 'flex', gap: 20, marginTop: 10 }} data-testid="home-metrics">
              <MetricFigure m={metrics.get('purchaseAmountToday')} testId="home-metric-purchase-amount" size={40} />
              <MetricFigure m={metrics.get('purchaseNetToday')} testId="home-metric-purchase-net" size={40} />
            </div>
          </Panel>
          <Panel title="实时过磅" style={{ gridRow: '1 / span 2', gridColumn: 3 }} testId="home-ticker">
            <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.ticker.map((t) => (
                <li
                  key={t.id}
                  style={{
                    display: 'grid',
                    gridTemplateColumns: '90px 1fr 130px',
                    gap: 8,
                    padding: '9px 0',
                    borderBottom: '1px dashed rgba(143,179,232,.2)',
                    fontSize: 19,
                  }}
                >
                  <span style={{ color: t.orderType === 'sale' ? '#ffc53d' : '#36cfc9' }}>
                    {TYPE[t.orderType] ?? '其他'}
                  </span>
                  <span style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
                    {t.carNumber} · {t.materialName}
                    <br />
                    <small style={{ color: WALL.dim }}>
                      {t.completeTime.slice(5, 16)} {t.weighbridgeName}
                    </small>
                  </span>
                  <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{t2(t.netKg)} 吨</span>
                </li>
              ))}
            </ol>
          </Panel>
          <div
            style={{
              gridColumn: 2,
              gridRow: '1 / span 2',
              display: 'flex',
              flexDirection: 'column',
              gap: 20,
              minHeight: 0,
            }}
          >
            <Panel title="站点分布与库存" style={{ flex: 1.6 }} testId="home-sites">
              <WallBoundary label="地图">
                {mapDue ? (
                  <Suspense fallback={<p style={{ fontSize: 22, color: WALL.dim }}>地图加载中…</p>}>
                    <SiteMap sites={sites} />
                  </Suspense>
                ) : (
                  <p style={{ fontSize: 22, color: WALL.dim }}>地图加载中…</p>
                )}
              </WallBoundary>
            </Panel>
            <Panel title="物料吞吐（吨）" style={{ flex: 1 }}>
              <MaterialChart materials={data.materials} />
            </Panel>
          </div>
          <Panel title="本月累计" style={{ gridColumn: 1, gridRow: 2 }}>
            <Tonnage f={data.monthFigures} prefix="month" when="本月" />
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
