import { type MouseEvent as ReactMouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { throttle } from './throttle.ts';

/** Spec §9: drag throttle 10 ms. */
export const DRAG_THROTTLE_MS = 10;

export interface Offset {
  x: number;
  y: number;
}

/**
 * Drags a dialog by its title bar: mousedown on the handle starts, mousemove (throttled 10 ms) moves the
 * offset, mouseup ends. `reset()` puts the dialog back (on open and when going fullscreen).
 */
export function useDrag(enabled = true) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const start = useRef<{ mx: number; my: number; ox: number; oy: number } | null>(null);
  const cleanup = useRef<(() => void) | null>(null);

  const onMouseDown = useCallback(
    (e: ReactMouseEvent) => {
      if (!enabled || e.button !== 0) return;
      if ((e.target as HTMLElement).closest('button')) return; // the title bar's buttons stay clickable
      e.preventDefault();
      start.current = { mx: e.clientX, my: e.clientY, ox: offset.x, oy: offset.y };
      const move = throttle((ev: MouseEvent) => {
        const s = start.current;
        if (s) setOffset({ x: s.ox + ev.clientX - s.mx, y: s.oy + ev.clientY - s.my });
      }, DRAG_THROTTLE_MS);
      const up = () => {
        start.current = null;
        cleanup.current?.();
      };
      cleanup.current = () => {
        move.cancel();
        window.removeEventListener('mousemove', move);
        window.removeEventListener('mouseup', up);
        cleanup.current = null;
      };
      window.addEventListener('mousemove', move);
      window.addEventListener('mouseup', up);
    },
    [enabled, offset],
  );

  useEffect(() => () => cleanup.current?.(), []);
  const reset = useCallback(() => setOffset({ x: 0, y: 0 }), []);
  return { offset, onMouseDown, reset, dragging: start.current !== null };
}
