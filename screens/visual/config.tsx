/** /visual/config — 大屏配置: per department, the screens shown (and their rotation), refresh, warehouses, scales, theme. */
import { Button, Checkbox, CheckboxGroup, Input, InputNumber, Radio, RadioGroup, Select } from '@douyinfe/semi-ui';
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
/**
 * Semi's own widgets in its dark mode (issue 26: the page used unstyled native inputs, checkboxes and a select on
 * the wall's dark stage); large size for a wall PC's screen.
 */
function useSemiDark() {
  useEffect(() => {
    const before = document.body.getAttribute('theme-mode');
    document.body.setAttribute('theme-mode', 'dark');
    return () => {
      if (before) document.body.setAttribute('theme-mode', before);
      else document.body.removeAttribute('theme-mode');
    };
  }, []);
}
const label = { minWidth: 96, color: WALL.dim };
const row = {
  display: 'flex',
  gap: 18,
  alignItems: 'center',
  margin: '10px 0',
  fontSize: 22,
  flexWrap: 'wrap' as const,
};

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
            <Input
              size="large"
              aria-label={`${w.name} 经度`}
              prefix="经度"
              style={{ width: 190 }}
              value={coords[w.id]?.lon ?? ''}
              onChange={(v) => set(w.id, 'lon', v)}
            />
            <Input
              size="large"
              aria-label={`${w.name} 纬度`}
              prefix="纬度"
              style={{ width: 190 }}
              value={coords[w.id]?.lat ?? ''}
              onChange={(v) => set(w.id, 'lat', v)}
            />
          </div>
        ))}
      </div>
      <div style={row}>
        <Button size="large" theme="solid" onClick={save}>
          保存坐标
        </Button>
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
  useSemiDark();
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
            <div style={row}>
              <span id="cfg-dept" style={label}>
                部门
              </span>
              <Select
                size="large"
                aria-labelledby="cfg-dept"
                style={{ width: 320 }}
                value={deptId}
                onChange={(v) => setWant(String(v))}
                optionList={answer.options.depts.map((d) => ({ value: d.id, label: d.name }))}
              />
            </div>
            <div style={row}>
              <span id="cfg-screens" style={label}>
                大屏
              </span>
              <CheckboxGroup
                aria-labelledby="cfg-screens"
                direction="horizontal"
                value={form.screens}
                onChange={(v) => setForm({ ...form, screens: v as VisualConfig['screens'] })}
                style={{ rowGap: 8 }}
              >
                {SCREEN_KEYS.map((k) => (
                  <Checkbox key={k} value={k}>
                    <span style={{ fontSize: 20 }}>{NAMES[k]}</span>
                  </Checkbox>
                ))}
              </CheckboxGroup>
            </div>
            <div style={row}>
              <span id="cfg-rotate" style={label}>
                轮播间隔
              </span>
              <InputNumber
                size="large"
                aria-label="轮播间隔"
                min={0}
                style={{ width: 160 }}
                suffix="秒"
                value={form.rotateSeconds}
                onChange={(v) => setForm({ ...form, rotateSeconds: Number(v) || 0 })}
              />
              <span style={{ color: WALL.dim, fontSize: 18 }}>0 不轮播</span>
            </div>
            <div style={row}>
              <span style={label}>刷新间隔</span>
              <InputNumber
                size="large"
                aria-label="刷新间隔"
                min={5}
                style={{ width: 160 }}
                suffix="秒"
                value={form.refreshSeconds}
                onChange={(v) => setForm({ ...form, refreshSeconds: Number(v) || 0 })}
              />
            </div>
            <div style={row}>
              <span id="cfg-theme" style={label}>
                主题
              </span>
              <RadioGroup
                aria-labelledby="cfg-theme"
                type="button"
                buttonSize="large"
                value={form.theme}
                onChange={(e) => setForm({ ...form, theme: e.target.value as keyof typeof THEMES })}
              >
                {(Object.keys(THEMES) as (keyof typeof THEMES)[]).map((t) => (
                  <Radio key={t} value={t} aria-label={THEMES[t]}>
                    {THEMES[t]}
                  </Radio>
                ))}
              </RadioGroup>
            </div>
            <div style={row}>
              <Button size="large" theme="solid" onClick={save}>
                保存
              </Button>
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
            <CheckboxGroup
              aria-label="仓库"
              direction="horizontal"
              style={{ ...row, rowGap: 8 }}
              value={form.warehouseIds}
              onChange={(v) => setForm({ ...form, warehouseIds: v as string[] })}
            >
              {answer.options.warehouses.map((w) => (
                <Checkbox key={w.id} value={w.id}>
                  <span style={{ fontSize: 20 }}>{w.name}</span>
                </Checkbox>
              ))}
            </CheckboxGroup>
            <div style={{ fontSize: 22, color: WALL.blue, marginTop: 20 }}>地磅</div>
            <CheckboxGroup
              aria-label="地磅"
              direction="horizontal"
              style={{ ...row, rowGap: 8 }}
              value={form.weighbridgeIds}
              onChange={(v) => setForm({ ...form, weighbridgeIds: v as string[] })}
            >
              {answer.options.weighbridges.map((w) => (
                <Checkbox key={w.id} value={w.id}>
                  <span style={{ fontSize: 20 }}>{w.name}</span>
                </Checkbox>
              ))}
            </CheckboxGroup>
          </Panel>
          <SitesPanel warehouses={answer.options.warehouses} />
        </main>
      )}
    </WallFrame>
  );
}
