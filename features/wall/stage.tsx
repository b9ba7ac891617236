import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { WALL_THEMES, type WallTheme } from './theme.ts';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** DESIGN §1: scale = min(w/1920, h/1080), centred. Pure so it can be tested. */
export function stageTransform(width: number, height: number): { scale: number; left: number; top: number } {
  const scale = Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
  return {
    scale,
    left: Math.round((width - STAGE_WIDTH * scale) / 2),
    top: Math.round((height - STAGE_HEIGHT * scale) / 2),
  };
}

function useWindowSize() {
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSize({ w: window.innerWidth, h: window.innerHeight }));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}

/** A fixed 1920×1080 stage scaled to the window; wall screens lay out in stage pixels. */
export function Stage({ children, theme = 'blue' }: { children: ReactNode; theme?: WallTheme }) {
  const { w, h } = useWindowSize();
  const t = stageTransform(w, h);
  return (
    <div
      data-testid="visual-stage"
      data-scale={t.scale.toFixed(4)}
      data-theme={theme}
      style={{
        ...((WALL_THEMES[theme] ?? WALL_THEMES.blue) as CSSProperties),
        position: 'absolute',
        width: STAGE_WIDTH,
        height: STAGE_HEIGHT,
        left: t.left,
        top: t.top,
        transform: `scale(${t.scale})`,
        transformOrigin: '0 0',
        background: 'var(--wall-bg)',
        color: '#d6e4ff',
        fontFamily: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
        overflow: 'hidden',
      }}
    >
      {children}
    </div>
  );
}
