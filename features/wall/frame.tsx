import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { serverClock, serverNow } from '../../core/format/business-day.ts';
import { loadSiteInfo } from '../../core/session/server-clock.ts';
import { Stage } from './stage.tsx';
import { useRotation, useWallConfig } from './use-wall-config.ts';

export const WALL = {
  blue: '#69b1ff',
  text: '#d6e4ff',
  dim: '#8fb3e8',
  up: '#ff7875',
  down: '#73d13d',
  warn: '#ffb86b',
};

function timeText(now: Date): string {
  try {
    return now.toLocaleTimeString('zh-CN', { hour12: false, timeZone: serverClock().timeZone });
  } catch {
    return now.toLocaleTimeString('zh-CN', { hour12: false }); // a zone this browser does not know
  }
}

/** The yard's clock: the server's time in the server's zone (site-info), whatever the wall PC's zone or clock. */
function Clock() {
  const [now, setNow] = useState(() => new Date(serverNow()));
  useEffect(() => {
    void loadSiteInfo().then(() => setNow(new Date(serverNow())));
    const t = setInterval(() => setNow(new Date(serverNow())), 1000);
    return () => clearInterval(t);
  }, []);
  return <>{timeText(now)}</>;
}

/**
 * A wall screen: the scaled 1920×1080 stage, a title bar with the server's business day and a clock, the error or
 * loading line in place of the body, and a quiet 数据更新中断 mark while a reload fails (old figures stay).
 */
export function WallFrame(props: {
  title: string;
  today?: string;
  error?: string;
  stale?: boolean;
  loading?: boolean;
  children?: ReactNode;
}) {
  const cfg = useWallConfig();
  useRotation(cfg);
  return (
    <Stage theme={cfg.theme}>
      <header
        style={{
          height: 96,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'relative',
          borderBottom: '2px solid var(--wall-line)',
          background: 'var(--wall-header)',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 44, letterSpacing: 8, color: 'var(--wall-title)' }}>{props.title}</h1>
        {props.stale && !props.error && (
          <span data-testid="wall-stale" style={{ position: 'absolute', left: 40, fontSize: 22, color: WALL.warn }}>
            数据更新中断，正在重连…
          </span>
        )}
        <time
          style={{ position: 'absolute', right: 40, fontSize: 26, color: WALL.dim, fontVariantNumeric: 'tabular-nums' }}
        >
          {props.today} <Clock />
        </time>
      </header>
      {props.error ? (
        <p data-testid="visual-error" style={{ textAlign: 'center', fontSize: 36, marginTop: 300, color: WALL.warn }}>
          {props.error}
        </p>
      ) : props.loading ? (
        <p style={{ textAlign: 'center', fontSize: 32, marginTop: 300 }}>数据加载中…</p>
      ) : (
        props.children
      )}
    </Stage>
  );
}

export function Panel({
  title,
  children,
  style,
  testId,
}: {
  title: string;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      style={{
        border: '1px solid var(--wall-line)',
        background: 'var(--wall-panel)',
        borderRadius: 6,
        padding: '14px 20px',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        overflow: 'hidden',
        ...style,
      }}
    >
      <h2 style={{ margin: '0 0 10px', fontSize: 24, fontWeight: 500, color: 'var(--wall-accent)', letterSpacing: 2 }}>
        {title}
      </h2>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>{children}</div>
    </section>
  );
}

export function Figure({
  label,
  value,
  unit,
  testId,
  size = 48,
  hint,
  metric,
}: {
  label: string;
  value: string | number;
  unit?: string;
  testId?: string;
  size?: number;
  /** the figure's definition, shown on hover (the metric registry's one line) */
  hint?: string;
  /** a registry metric: its name and exact value travel as data-metric / data-value */
  metric?: { name: string; value: string };
}) {
  return (
    <div style={{ flex: 1, minWidth: 0 }} title={hint}>
      <div style={{ fontSize: 20, color: WALL.dim, cursor: hint ? 'help' : undefined }}>{label}</div>
      <div
        data-testid={testId}
        data-metric={metric?.name}
        data-value={metric?.value}
        style={{
          fontSize: size,
          fontWeight: 600,
          color: '#fff',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {value}
        {unit && <span style={{ fontSize: 22, marginLeft: 8, color: WALL.dim }}>{unit}</span>}
      </div>
    </div>
  );
}

/** A full-height ECharts box. */
export function ChartBox({ chartRef, testId }: { chartRef: React.RefObject<HTMLDivElement>; testId?: string }) {
  return <div ref={chartRef} data-testid={testId} style={{ position: 'absolute', inset: 0 }} />;
}

/** Signed change with colour (Chinese markets: up red, down green). */
export function Change({ value, testId }: { value: string | null; testId?: string }) {
  if (value === null)
    return (
      <span data-testid={testId} style={{ color: WALL.dim }}>
        —
      </span>
    );
  const n = Number(value);
  const color = n > 0 ? WALL.up : n < 0 ? WALL.down : WALL.dim;
  return (
    <span data-testid={testId} style={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {n > 0 ? `▲ +${value}` : n < 0 ? `▼ ${value}` : '0.00'}
    </span>
  );
}
