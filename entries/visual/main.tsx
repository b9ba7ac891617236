import '../../core/csp/zod-jitless.ts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { DashboardSummary } from '../../core/contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../../core/contract/blade-system.contract.ts';
import { flattenMenu } from '../../core/contract/menu-tree.ts';
import { kgToTonnes } from '../../core/format/decimal.ts';
import { Stage } from './stage.tsx';
import { wallGet } from './wall-fetch.ts';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Title of the wall screen from the menu data: the longest route pattern that matches the path. */
function screenTitle(pathname: string): string {
  const match = flattenMenu()
    .filter((m) => m.path.startsWith('/visual/'))
    .find((m) => new RegExp(`^${m.path.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname));
  return match?.name ?? '数据大屏';
}

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const REFRESH_MS = 30_000;

function useSummary() {
  const [state, setState] = useState<{ data?: DashboardSummary; error?: string }>({});
  useEffect(() => {
    let alive = true;
    const load = () =>
      wallGet<DashboardSummary>(SYSTEM_PATHS.dashboardSummary)
        .then(
          (r) =>
            alive &&
            setState(
              r.code === 200 ? { data: r.data } : { error: r.code === 401 ? '请先登录后台，再打开数据大屏' : r.msg },
            ),
        )
        .catch((e: Error) => alive && setState({ error: e.message }));
    load();
    const t = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);
  return state;
}

function Panel({ title, children, style }: { title: string; children: React.ReactNode; style?: React.CSSProperties }) {
  return (
    <section
      style={{
        border: '1px solid rgba(64,150,255,.35)',
        background: 'linear-gradient(180deg, rgba(22,60,120,.35), rgba(5,11,26,.2))',
        borderRadius: 6,
        padding: '18px 24px',
        ...style,
      }}
    >
      <h2 style={{ margin: '0 0 14px', fontSize: 26, fontWeight: 500, color: '#69b1ff', letterSpacing: 2 }}>{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value, unit }: { label: string; value: string | number; unit?: string }) {
  return (
    <div style={{ flex: 1 }}>
      <div style={{ fontSize: 22, color: '#8fb3e8' }}>{label}</div>
      <div style={{ fontSize: 56, fontWeight: 600, color: '#fff', fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {unit && <span style={{ fontSize: 24, marginLeft: 8, color: '#8fb3e8' }}>{unit}</span>}
      </div>
    </div>
  );
}

function TrendChart({ trend }: { trend: DashboardSummary['trend'] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      animation: false,
      textStyle: { color: '#8fb3e8', fontSize: 18 },
      legend: { textStyle: { color: '#d6e4ff', fontSize: 18 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 30, top: 50, bottom: 40 },
      xAxis: { type: 'category', data: trend.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', splitLine: { lineStyle: { color: 'rgba(143,179,232,.15)' } } },
      series: [
        {
          name: '接口调用',
          type: 'line',
          smooth: true,
          data: trend.map((d) => d.apiCalls),
          areaStyle: { opacity: 0.15 },
        },
        { name: '登录次数', type: 'line', smooth: true, data: trend.map((d) => d.logins) },
      ],
    });
    return () => chart.dispose(); // long-running wall screens must not leak charts
  }, [trend]);
  return <div ref={ref} style={{ width: '100%', height: 420 }} />;
}

function WallScreen() {
  const now = useClock();
  const { data, error } = useSummary();
  const title = screenTitle(window.location.pathname);
  return (
    <Stage>
      <header
        style={{
          height: 110,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'relative',
          borderBottom: '2px solid rgba(64,150,255,.4)',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 48, letterSpacing: 8, color: '#e6f0ff' }}>{title}</h1>
        <time
          style={{
            position: 'absolute',
            right: 40,
            fontSize: 26,
            color: '#8fb3e8',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {now.toLocaleString('zh-CN', { hour12: false })}
        </time>
      </header>
      {error ? (
        <p data-testid="visual-error" style={{ textAlign: 'center', fontSize: 36, marginTop: 300, color: '#ffb86b' }}>
          {error}
        </p>
      ) : !data ? (
        <p style={{ textAlign: 'center', fontSize: 32, marginTop: 300 }}>数据加载中…</p>
      ) : (
        <main style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 28, padding: 36 }}>
          <Panel title="今日作业">
            <div style={{ display: 'flex', gap: 20 }}>
              <Figure label="过磅车次" value={data.today.weighCount} />
              <Figure label="入库净重" value={kgToTonnes(data.today.inNetKg, 2)} unit="吨" />
              <Figure label="出库净重" value={kgToTonnes(data.today.outNetKg, 2)} unit="吨" />
            </div>
          </Panel>
          <Panel title="系统概况">
            <div style={{ display: 'flex', gap: 20 }}>
              <Figure label="用户" value={data.counts.users} />
              <Figure label="部门" value={data.counts.depts} />
              <Figure label="在线会话" value={data.counts.activeSessions} />
              <Figure label="今日接口调用" value={data.today.apiCalls} />
            </div>
          </Panel>
          <Panel title="近七日访问趋势" style={{ gridColumn: '1 / span 2' }}>
            <TrendChart trend={data.trend} />
          </Panel>
        </main>
      )}
    </Stage>
  );
}

createRoot(document.getElementById('root')!).render(<WallScreen />);
