import { Button, Select, Slider, Space, Table, Tag } from '@douyinfe/semi-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useSelectListQuery } from '../../core/api/crud.api.ts';
import { useLgTrackingTrackQuery } from '../../core/api/izs-logistical.api.ts';
import { CAR_OPTIONS } from '../../core/contract/izs-logistical/fleet.contract.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { formatClock } from '../../core/format/date.ts';
import { SearchItem } from '../../features/crud/search-item.tsx';
import { LATE_COLOR } from '../../features/logistics-map/colors.ts';
import { LgMap, type LonLat } from '../../features/logistics-map/lazy-map.tsx';
import { DateInput } from '../../features/ui/date-input.tsx';

const SPEEDS = [1, 10, 30, 60, 300];
/** 今天 on the server (TZ), not the browser's clock; times in the server's zone (issue 26). */
const today = () => businessToday();
const clock = (ms: number) => formatClock(ms);
const minutes = (s: number) =>
  s >= 3600 ? `${Math.floor(s / 3600)}小时${Math.round((s % 3600) / 60)}分` : `${Math.round(s / 60)}分钟`;

const dot = (color: string) => (
  <span
    aria-hidden
    style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: color, marginRight: 4 }}
  />
);

/**
 * 司机轨迹 (/logistical/driver-track): replay a vehicle's day (or a transport order's trip, ?orderId=) — play,
 * pause, speed (track seconds per real second), a time slider, and the stops marked with their length. Points
 * reported late (补传: a 0x0704 盲区补报 batch or a delayed upload, `late` in the track answer) are drawn in orange,
 * counted in the summary and tagged when the cursor is on one; the legend under the map says so.
 */
export default function DriverTrackScreen() {
  const search = new URLSearchParams(useSearch());
  const orderId = search.get('orderId') ?? undefined;
  const [carId, setCarId] = useState<string | undefined>(search.get('carId') ?? undefined);
  const [day, setDay] = useState(today());
  const cars = useSelectListQuery(CAR_OPTIONS.endpoint);
  useEffect(() => {
    if (!carId && !orderId && cars.data?.[0]) setCarId(String(cars.data[0].id));
  }, [carId, orderId, cars.data]);
  const q = useLgTrackingTrackQuery(orderId ? { orderId } : { carId, day }, { skip: !orderId && !carId });
  const points = q.data?.points ?? [];
  const [idx, setIdx] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(60);
  const clockRef = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new track rewinds the replay
  useEffect(() => {
    setIdx(0);
    setPlaying(false);
  }, [q.data]);

  // playback: advance the track time by `speed` seconds per real second (10 frames a second)
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only on play state, speed or track (idx is read at start)
  useEffect(() => {
    if (!playing || points.length === 0) return;
    clockRef.current = points[idx]?.time ?? points[0].time;
    const t = setInterval(() => {
      clockRef.current = (clockRef.current ?? 0) + speed * 100;
      setIdx((i) => {
        let j = i;
        while (j < points.length - 1 && points[j + 1].time <= (clockRef.current ?? 0)) j++;
        if (j >= points.length - 1) setPlaying(false);
        return j;
      });
    }, 100);
    return () => clearInterval(t);
  }, [playing, speed, points]);

  const line = useMemo<LonLat[]>(() => points.map((p) => [p.lon, p.lat]), [points]);
  const late = useMemo<LonLat[]>(() => points.filter((p) => p.late).map((p) => [p.lon, p.lat]), [points]);
  const stops = useMemo(
    () => (q.data?.stops ?? []).map((s) => ({ lon: s.lon, lat: s.lat, label: minutes(s.seconds) })),
    [q.data?.stops],
  );
  const cur = points[idx];

  return (
    <div style={{ padding: 16 }}>
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        {orderId ? (
          <Tag color="blue">按运输单回放</Tag>
        ) : (
          <>
            <SearchItem label="车辆" wide>
              <Select
                placeholder="选择车辆"
                style={{ width: 160 }}
                value={carId}
                onChange={(v) => setCarId(String(v))}
                optionList={(cars.data ?? []).map((c) => ({ label: String(c.plate), value: String(c.id) }))}
                data-testid="track-car"
              />
            </SearchItem>
            <SearchItem label="日期" wide>
              <DateInput label="日期" value={day} onChange={(s) => s && setDay(s)} clearable={false} />
            </SearchItem>
          </>
        )}
        <Button
          theme="solid"
          type="primary"
          disabled={!points.length}
          onClick={() => setPlaying((p) => !p)}
          data-testid="track-play"
        >
          {playing ? '暂停' : '播放'}
        </Button>
        <SearchItem label="回放速度" wide>
          <Select
            value={speed}
            onChange={(v) => setSpeed(Number(v))}
            style={{ width: 110 }}
            optionList={SPEEDS.map((s) => ({ label: `${s} 倍速`, value: s }))}
          />
        </SearchItem>
        <span data-testid="track-summary">
          {q.data
            ? `${q.data.plate} · ${points.length} 个点${late.length ? `（其中补传 ${late.length} 个）` : ''} · ${q.data.distanceKm} km · 停车 ${stops.length} 次`
            : '无轨迹'}
        </span>
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 300px', gap: 12 }}>
        <div>
          <LgMap track={line} stops={stops} late={late} cursor={cur ? [cur.lon, cur.lat] : null} height={520} />
          <div data-testid="track-legend" style={{ display: 'flex', gap: 16, marginTop: 6, fontSize: 12 }}>
            <span>{dot('#2563eb')}行驶轨迹</span>
            <span>{dot('#dc2626')}停车点</span>
            <span>{dot(LATE_COLOR)}补传点（盲区补报或延后上传的位置，按定位时间补入轨迹，不触发报警）</span>
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
            <span data-testid="track-time" style={{ minWidth: 80 }}>
              {cur ? clock(cur.time) : '--:--:--'}
            </span>
            {cur?.late ? (
              <Tag color="orange" data-testid="track-late">
                补传
              </Tag>
            ) : null}
            <div style={{ flex: 1 }}>
              <Slider
                aria-label="回放进度"
                getAriaValueText={(v) => {
                  const p = points[Number(v)];
                  return p ? clock(p.time) : '';
                }}
                min={0}
                max={Math.max(0, points.length - 1)}
                value={idx}
                onChange={(v) => setIdx(Number(v))}
                tipFormatter={(v) => {
                  const p = points[Number(v)];
                  return p ? `${clock(p.time)}${p.late ? ' 补传' : ''}` : '';
                }}
              />
            </div>
            <span style={{ minWidth: 90 }}>{cur ? `${cur.speed.toFixed(1)} km/h` : ''}</span>
          </div>
        </div>
        <Table
          size="small"
          rowKey="from"
          pagination={false}
          dataSource={q.data?.stops ?? []}
          columns={[
            { title: '停车开始', dataIndex: 'from', render: (t: number) => clock(t) },
            { title: '时长', dataIndex: 'seconds', render: (s: number) => minutes(s) },
          ]}
          onRow={(r) => ({
            onClick: () =>
              setIdx(
                Math.max(
                  0,
                  points.findIndex((p) => p.time >= (r?.from ?? 0)),
                ),
              ),
          })}
          data-testid="track-stops"
        />
      </div>
    </div>
  );
}
