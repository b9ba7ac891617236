import { useEffect, useRef, useState } from 'react';
import type { AnswerOf, EndpointSpec } from '../../core/contract/endpoint.ts';
import { type WallArgs, wallCall } from './wall-fetch.ts';

export interface WallData<T> {
  data?: T;
  error?: string;
  /** The last load failed but older data is still shown (the server is restarting, the network dropped). */
  stale: boolean;
  /** Loads again now (after a push that says the figures changed). */
  reload: () => void;
}

/** Retry delays after a failure: quick at first, then every 30 s, so a restarted server is picked up by itself. */
export const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * One descriptor's answer, loaded now and every `refreshMs` (screens whose data nothing pushes); a failed load is
 * retried with backoff and the last good data stays on the wall. One timer at a time, the request aborted on
 * unmount, nothing accumulates — wall screens run for days.
 */
export function useWallData<E extends EndpointSpec>(e: E, args: WallArgs, refreshMs: number): WallData<AnswerOf<E>> {
  const [state, setState] = useState<{ data?: AnswerOf<E>; error?: string; stale: boolean }>({ stale: false });
  const key = JSON.stringify(args);
  const kick = useRef<() => void>(() => undefined);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let ctrl: AbortController | undefined;
    const parsed = JSON.parse(key) as WallArgs;
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(load, ms);
    };
    async function load() {
      ctrl?.abort();
      ctrl = new AbortController();
      try {
        const r = await wallCall(e, parsed, ctrl.signal);
        if (!alive) return;
        if (r.code === 200) {
          failures = 0;
          setState({ data: r.data, stale: false });
          schedule(refreshMs);
          return;
        }
        if (r.code === 401) {
          setState((s) => ({ ...s, error: '请先登录后台，再打开数据大屏', stale: true }));
          schedule(RETRY_MS[RETRY_MS.length - 1]);
          return;
        }
        if (r.code === 400 || r.code === 403) {
          setState((s) => ({ ...s, error: r.msg, stale: true }));
          schedule(refreshMs);
          return;
        }
        throw new Error(r.msg);
      } catch (err) {
        if (!alive || (err as Error).name === 'AbortError') return;
        setState((s) => ({ ...s, stale: true, error: s.data ? undefined : '正在连接服务器…' }));
        schedule(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      }
    }
    kick.current = () => schedule(0);
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
      ctrl?.abort();
    };
  }, [e, key, refreshMs]);
  return { ...state, reload: () => kick.current() };
}
