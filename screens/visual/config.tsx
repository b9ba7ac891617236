/** /visual/config — 大屏配置: per department, the screens shown (and their rotation), refresh, warehouses, scales, theme. */
import { useEffect, useState } from 'react';
import {
  type ConfigAnswer,
  SCREEN_KEYS,
  VISUAL_ENDPOINTS,
  type VisualConfig,
} from '../../core/contract/izs-visual/visual.contract.ts';
import { Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { screenPath } from '../../features/wall/use-wall-config.ts';
import { wallCall } from '../../features/wall/wall-fetch.ts';

const NAMES: Record<(typeof SCREEN_KEYS)[number], string> = {
  home: '主数据大屏',
  'data-board': '地磅数据看板',
  'operation-data': '运营数据中心',
  'finance-data': '财务数据大屏',
  tax: '税务数据大屏',
  'quote-data': '行情大屏',
  'loadometer-order-list': '磅单列表大屏',
};
const THEMES = { blue: '深蓝', green: '墨绿', dark: '纯黑' } as const;
const input = {
  fontSize: 22,
  padding: '6px 10px',
  background: '#0b1a33',
  color: WALL.text,
  border: '1px solid #2f5b99',
  borderRadius: 4,
};
const row = {
  display: 'flex',
  gap: 18,
  alignItems: 'center',
  margin: '10px 0',
  fontSize: 22,
  flexWrap: 'wrap' as const,
};

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

type Coord = { lon: string; lat: string };

/** 站点地图坐标: where each warehouse stands on the main screen's map (empty = at its province). */
function SitesPanel({ warehouses }: { warehouses: ConfigAnswer['options']['warehouses'] }) {
  const [coords, setCoords] = useState<Record<string, Coord>>(() =>
    Object.fromEntries(warehouses.map((w) => [w.id, { lon: w.lon?.toString() ?? '', lat: w.lat?.toString() ?? '' }])),
  );
  const [msg, setMsg] = useState<{ ok: boolean; text: string }>();
  const set = (id: string, k: keyof Coord, v: string) => setCoords((c) => ({ ...c, [id]: { ...c[id], [k]: v } }));
  async function save() {
    const sites = warehouses.map((w) => {
      const c = coords[w.id];
      return {
        warehouseId: w.id,
        lon: c.lon.trim() === '' ? null : Number(c.lon),
        lat: c.lat.trim() === '' ? null : Number(c.lat),
      };
    });
    const bad = sites.find((x) => Number.isNaN(x.lon) || Number.isNaN(x.lat));
    if (bad) {
      const name = warehouses.find((w) => w.id === bad.warehouseId)?.name;
      return setMsg({ ok: false, text: `${name}：经纬度应为数字` });
    }
    const r = await wallCall(VISUAL_ENDPOINTS.saveSites, { body: { sites } });
    setMsg(r.code === 200 ? { ok: true, text: `已保存 ${r.data.saved} 个站点` } : { ok: false, text: r.msg });
  }
  return (
    <Panel title="站点地图坐标（主数据大屏；经纬度留空 = 显示在所在省份）" style={{ gridColumn: '1 / span 2' }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '4px 40px', overflow: 'auto' }}>
        {warehouses.map((w) => (
          <div key={w.id} style={{ ...row, margin: '4px 0' }}>
            <span style={{ width: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {w.name}
            </span>
            <input
              aria-label={`${w.name} 经度`}
              placeholder="经度"
              style={{ ...input, width: 150 }}
              value={coords[w.id]?.lon ?? ''}
              onChange={(e) => set(w.id, 'lon', e.target.value)}
            />
            <input
              aria-label={`${w.name} 纬度`}
              placeholder="纬度"
              style={{ ...input, width: 150 }}
              value={coords[w.id]?.lat ?? ''}
              onChange={(e) => set(w.id, 'lat', e.target.value)}
            />
          </div>
        ))}
      </div>
      <div style={row}>
        <button
          type="button"
          onClick={save}
          style={{ ...input, background: '#1668dc', cursor: 'pointer', padding: '8px 28px' }}
        >
          保存坐标
        </button>
        {msg && (
          <span data-testid="sites-msg" style={{ color: msg.ok ? '#73d13d' : WALL.warn }}>
            {msg.text}
          </span>
        )}
      </div>
    </Panel>
  );
}

export default function Config() {
  const [answer, setAnswer] = useState<ConfigAnswer>();
  const [form, setForm] = useState<VisualConfig>();
  /** the department asked for ('' = the user's own); the loaded one is answer.deptId */
  const [want, setWant] = useState('');
  const deptId = answer?.deptId ?? '';
  const [msg, setMsg] = useState<{ ok: boolean; text: string }>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let alive = true;
    void wallCall(VISUAL_ENDPOINTS.config, want ? { query: { deptId: want } } : {})
      .then((r) => {
        if (!alive) return;
        if (r.code !== 200) return setError(r.code === 401 ? '请先登录后台，再打开数据大屏' : r.msg);
        setAnswer(r.data);
        setForm(r.data.config);
      })
      .catch(() => alive && setError('无法连接服务器'));
    return () => {
      alive = false;
    };
  }, [want]);

  async function save() {
    if (!form) return;
    const r = await wallCall(VISUAL_ENDPOINTS.saveConfig, { body: { ...form, deptId } });
    if (r.code === 200) {
      setAnswer(r.data);
      setForm(r.data.config);
      setMsg({ ok: true, text: '已保存' });
    } else setMsg({ ok: false, text: r.msg });
  }

  return (
    <WallFrame title="大屏配置" error={error} loading={!form}>
      {form && answer && (
        <main
          style={{
            padding: '24px 60px',
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gridTemplateRows: '560px 1fr',
            gap: 24,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title="部门与大屏">
            <label style={row}>
              部门
              <select aria-label="部门" style={input} value={deptId} onChange={(e) => setWant(e.target.value)}>
                {answer.options.depts.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </label>
            <div style={row}>
              {SCREEN_KEYS.map((k) => (
                <label key={k}>
                  <input
                    type="checkbox"
                    checked={form.screens.includes(k)}
                    onChange={() => setForm({ ...form, screens: toggle(form.screens, k) as VisualConfig['screens'] })}
                  />{' '}
                  {NAMES[k]}
                </label>
              ))}
            </div>
            <label style={row}>
              轮播间隔（秒，0 不轮播）
              <input
                aria-label="轮播间隔"
                type="number"
                style={{ ...input, width: 120 }}
                value={form.rotateSeconds}
                onChange={(e) => setForm({ ...form, rotateSeconds: Number(e.target.value) })}
              />
            </label>
            <label style={row}>
              刷新间隔（秒）
              <input
                aria-label="刷新间隔"
                type="number"
                style={{ ...input, width: 120 }}
                value={form.refreshSeconds}
                onChange={(e) => setForm({ ...form, refreshSeconds: Number(e.target.value) })}
              />
            </label>
            <div style={row}>
              主题
              {(Object.keys(THEMES) as (keyof typeof THEMES)[]).map((t) => (
                <label key={t}>
                  <input
                    type="radio"
                    name="theme"
                    checked={form.theme === t}
                    onChange={() => setForm({ ...form, theme: t })}
                  />{' '}
                  {THEMES[t]}
                </label>
              ))}
            </div>
            <div style={row}>
              <button
                type="button"
                onClick={save}
                style={{ ...input, background: '#1668dc', cursor: 'pointer', padding: '8px 28px' }}
              >
                保存
              </button>
              {form.screens[0] && (
                <a
                  style={{ color: WALL.blue }}
                  href={`${screenPath(form.screens[0], form.weighbridgeIds[0] ?? answer.options.weighbridges[0]?.id)}?rotate=1`}
                >
                  开始轮播
                </a>
              )}
              {msg && (
                <span data-testid="config-msg" style={{ color: msg.ok ? '#73d13d' : WALL.warn }}>
                  {msg.text}
                </span>
              )}
            </div>
          </Panel>
          <Panel title="仓库与地磅（不选 = 全部）">
            <div style={{ fontSize: 22, color: WALL.blue }}>仓库</div>
            <div style={row}>
              {answer.options.warehouses.map((w) => (
                <label key={w.id}>
                  <input
                    type="checkbox"
                    checked={form.warehouseIds.includes(w.id)}
                    onChange={() => setForm({ ...form, warehouseIds: toggle(form.warehouseIds, w.id) })}
                  />{' '}
                  {w.name}
                </label>
              ))}
            </div>
            <div style={{ fontSize: 22, color: WALL.blue, marginTop: 20 }}>地磅</div>
            <div style={row}>
              {answer.options.weighbridges.map((w) => (
                <label key={w.id}>
                  <input
                    type="checkbox"
                    checked={form.weighbridgeIds.includes(w.id)}
                    onChange={() => setForm({ ...form, weighbridgeIds: toggle(form.weighbridgeIds, w.id) })}
                  />{' '}
                  {w.name}
                </label>
              ))}
            </div>
          </Panel>
          <SitesPanel warehouses={answer.options.warehouses} />
        </main>
      )}
    </WallFrame>
  );
}
