import { useEffect, useState } from 'react';
import {
  DEFAULT_VISUAL_CONFIG,
  VISUAL_ENDPOINTS,
  type VisualConfig,
} from '../../core/contract/izs-visual/visual.contract.ts';
import { wallCall } from './wall-fetch.ts';

let cached: Promise<VisualConfig> | undefined;

/** The department's wall-screen config (read once per page; the defaults until it arrives or when it cannot). */
export function useWallConfig(): VisualConfig {
  const [cfg, setCfg] = useState<VisualConfig>(DEFAULT_VISUAL_CONFIG);
  useEffect(() => {
    let alive = true;
    cached ??= wallCall(VISUAL_ENDPOINTS.config)
      .then((r) => (r.code === 200 ? r.data.config : DEFAULT_VISUAL_CONFIG))
      .catch(() => DEFAULT_VISUAL_CONFIG);
    void cached.then((c) => alive && setCfg(c));
    return () => {
      alive = false;
    };
  }, []);
  return cfg;
}

/** The path a configured screen key opens. */
export function screenPath(key: VisualConfig['screens'][number], weighbridgeId?: string): string {
  switch (key) {
    case 'operation-data':
      return '/visual/operation-data/1';
    case 'tax':
      return '/visual/tax/0';
    case 'loadometer-order-list':
      // without a configured weighbridge: the department's first (screens/visual/order-list-pick.tsx), never a made-up id
      return weighbridgeId ? `/visual/loadometer-order-list/0/${weighbridgeId}` : '/visual/loadometer-order-list';
    default:
      return `/visual/${key}`;
  }
}

/**
 * 轮播: with `?rotate=1` in the URL the page moves to the department's next configured screen after
 * rotateSeconds (a full navigation, so each screen starts clean — the wall runs for days).
 */
export function useRotation(cfg: VisualConfig): void {
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('rotate') || cfg.rotateSeconds <= 0 || cfg.screens.length < 2)
      return;
    const paths = cfg.screens.map((s) => screenPath(s, cfg.weighbridgeIds[0]));
    const here = paths.findIndex((p) => window.location.pathname.startsWith(p));
    const next = paths[(here + 1) % paths.length];
    const t = setTimeout(() => window.location.assign(`${next}?rotate=1`), cfg.rotateSeconds * 1000);
    return () => clearTimeout(t);
  }, [cfg]);
}
