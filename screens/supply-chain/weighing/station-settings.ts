/**
 * Settings of THIS weighbridge PC (spec §2.12 "desktop client settings: weighing-scale connection"), kept in
 * localStorage under their own key so that signing out does not forget them:
 * - `pluginUrl`: where the scale bridge's plugin link listens when it is not the server's SCALE_PLUGIN_URL
 *   default (e.g. a bridge started with --plugin-port 9611 for a second scale on the same PC);
 * - `weighbridgeId`: the weighbridge this PC weighs on (the sidebar's 过磅作业 entry opens it).
 */
export const STATION_KEY = 'loopyard:station';

export interface StationSettings {
  pluginUrl?: string;
  weighbridgeId?: string;
}

export function loadStationSettings(): StationSettings {
  try {
    const raw = globalThis.localStorage?.getItem(STATION_KEY);
    const v = raw ? (JSON.parse(raw) as StationSettings) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function saveStationSettings(patch: StationSettings): StationSettings {
  const next = { ...loadStationSettings(), ...patch };
  for (const k of Object.keys(next) as (keyof StationSettings)[]) if (!next[k]) delete next[k];
  try {
    globalThis.localStorage?.setItem(STATION_KEY, JSON.stringify(next));
  } catch {
    // private mode: the setting lasts for this page only
  }
  return next;
}

/** A plugin link address: ws:// or wss:// with a host ('' clears the setting). */
export function pluginUrlError(url: string): string {
  const v = url.trim();
  if (v === '') return '';
  try {
    const u = new URL(v);
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return '地址应以 ws:// 或 wss:// 开头';
    if (!u.hostname) return '地址缺少主机名';
    return '';
  } catch {
    return '地址格式不正确，例如 ws://127.0.0.1:9610/ws';
  }
}
