/**
 * /supply-chain/weigh-timing — 过磅时效, the scale house's clock (issue 24): per lane the cycle median and p90,
 * trucks per hour, queue and exceptions by kind as figure cards; the step durations per lane as box plots, trucks
 * per hour by weekday × hour as a heatmap, and a vehicle's tare history against its band — drawn with @antv/g2
 * (features/charts/use-g2.ts loads it as its own chunk). Every figure comes from the report
 * (timing.contract.ts, computed by core/weighing/timing.ts); a figure without data is not shown.
 */
import type { G2Spec } from '@antv/g2';
import { DatePicker, Input, Select, Space, Tag } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import {
  useTareArchiveDetailQuery,
  useTareArchivePageQuery,
  useWeighTimingReportQuery,
} from '../../../core/api/izs-weighing-order.api.ts';
import { TARE_MENU } from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import type { LaneTimingAnswer, TimingAnswer } from '../../../core/contract/izs-weighing/timing.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { businessDaysAgo, businessToday } from '../../../core/format/business-day.ts';
import { formatDuration, tareBand, WEEKDAYS } from '../../../core/weighing/timing.ts';
import { useCan } from '../../../features/admin-page/common.tsx';
import { useG2 } from '../../../features/charts/use-g2.ts';
import { Named } from '../../../features/ui/field.tsx';
import './station.css';

const HINT =
  '周期：一次过磅（一辆车的一次上磅）从第一个记录的步骤（到达；人工磅房为“稳定”）到最后一个步骤（离开；人工磅房为“采集”），' +
  '不含报异常与放行；中位数与P90按最近秩取实测值。每小时车次：采集的过磅次数 ÷ 有采集的小时数。' +
  '排队：车辆到达时前面已到达、尚未上磅的车辆数（仅记录“到达”的无人值守磅道）。按采集时间（本公司时区）归入日期。';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="ly-wt-figure" data-testid={testId}>
      <span>{label}</span>
      <b>{value}</b>
    </div>
  );
}

/** The figure cards of one lane (or all lanes): only the figures that have data. */
function LaneCards({ l }: { l: LaneTimingAnswer }) {
  return (
    <div className="ly-ws-card" data-testid={`timing-lane-${l.lane || 'all'}`}>
      <div className="ly-ws-card-title">
        <span>{l.name}</span>
        <span className="ly-wt-muted">过磅 {l.passes} 次</span>
      </div>
      <div className="ly-wt-figures">
        {l.cycleMedianMs !== null && (
          <Figure label="周期中位数" value={formatDuration(l.cycleMedianMs)} testId="fig-median" />
        )}
        {l.cycleP90Ms !== null && <Figure label="周期P90" value={formatDuration(l.cycleP90Ms)} testId="fig-p90" />}
        {l.trucksPerHour !== null && <Figure label="每小时车次" value={l.trucksPerHour} testId="fig-tph" />}
        {l.queueMean !== null && (
          <Figure label="平均排队（最多）" value={`${l.queueMean}（${l.queueMax}）`} testId="fig-queue" />
        )}
        {l.exceptionTotal > 0 && <Figure label="异常过磅" value={String(l.exceptionTotal)} testId="fig-exceptions" />}
      </div>
      {l.exceptions.length > 0 && (
        <Space wrap style={{ marginTop: 6 }}>
          {l.exceptions.map((e) => (
            <Tag key={e.kind} color="orange" data-testid="fig-exception-kind">
              {e.label} {e.count}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}

function boxSpec(r: TimingAnswer): G2Spec | null {
  const data = r.lanes.flatMap((l) =>
    l.steps.map((s) => ({
      lane: l.name,
      step: s.label,
      n: s.n,
      // seconds for the axis (whole ms from the server; display only)
      min: s.min / 1000,
      q1: s.q1 / 1000,
      median: s.median / 1000,
      q3: s.q3 / 1000,
      max: s.max / 1000,
    })),
  );
  if (!data.length) return null;
  return {
    type: 'box',
    data,
    encode: { x: 'step', y: ['min', 'q1', 'median', 'q3', 'max'], color: 'lane', series: 'lane' },
    axis: { x: { title: '步骤' }, y: { title: '耗时（秒）' } },
    legend: { color: { title: '地磅' } },
    style: { boxFillOpacity: 0.35 },
    tooltip: {
      items: [
        { channel: 'y', name: '最小' },
        { channel: 'y1', name: '下四分位' },
        { channel: 'y2', name: '中位数' },
        { channel: 'y3', name: '上四分位' },
        { channel: 'y4', name: '最大' },
      ],
    },
  } as G2Spec;
}

function heatSpec(r: TimingAnswer): G2Spec | null {
  if (!r.heatmap.some((c) => c.trucks > 0)) return null;
  return {
    type: 'cell',
    data: r.heatmap.map((c) => ({
      weekday: WEEKDAYS[c.weekday - 1],
      hour: `${c.hour}时`,
      perHour: Number(c.perHour), // colour only; the tooltip shows the server's string
      label: c.perHour,
      trucks: c.trucks,
    })),
    encode: { x: 'hour', y: 'weekday', color: 'perHour' },
    scale: {
      color: { palette: 'ylGnBu', offset: (t: number) => t },
      x: { domain: Array.from({ length: 24 }, (_, h) => `${h}时`) },
      y: { domain: [...WEEKDAYS] },
    },
    style: { inset: 1 },
    axis: { x: { title: '小时' }, y: { title: '星期' } },
    legend: { color: { title: '每小时车次' } },
    tooltip: {
      title: (d: { weekday: string; hour: string }) => `${d.weekday} ${d.hour}`,
      items: [
        { field: 'label', name: '每小时车次' },
        { field: 'trucks', name: '车次合计' },
      ],
    },
  } as G2Spec;
}

/** One vehicle's tare history against its band (reference ± the lane's tolerance), if it has one. */
function TareBand({ tolerancePct: raw }: { tolerancePct: string }) {
  const tolerancePct = new Decimal(raw).toString(); // '10.00' → '10'
  const [plate, setPlate] = useState('');
  const page = useTareArchivePageQuery(plate.trim() ? { current: 1, size: 5, plate: plate.trim() } : skipToken);
  const carId = page.data?.records[0]?.carId ?? '';
  const detail = useTareArchiveDetailQuery(carId ? { carId } : skipToken);
  const points = useMemo(() => {
    const a = detail.data;
    if (!a) return [];
    const standard = a.tares.find((t) => t.kind === 'vehicle' && t.valid)?.tareKg ?? null;
    return tareBand(
      a.history.map((h) => ({ time: h.time, orderNo: h.orderNo, tareKg: h.tareKg })),
      standard,
      tolerancePct,
    );
  }, [detail.data, tolerancePct]);
  const spec = useMemo<G2Spec | null>(() => {
    if (!points.length) return null;
    // kg as numbers for the drawing only (positions on the axis); the labels are the server's decimal strings
    const data = points.map((p) => ({
      // one category per weighing, in order (two weighings within a minute stay apart)
      time: p.time.slice(5, 19),
      tare: Number(p.tareKg),
      tareLabel: `${formatKg(p.tareKg)} kg`,
      low: p.lowKg === null ? null : Number(p.lowKg),
      high: p.highKg === null ? null : Number(p.highKg),
      state: p.outside ? '超出范围' : '范围内',
    }));
    return {
      type: 'view',
      data,
      // the weighings in time order (the band's data starts at the second one: it would set the order otherwise)
      scale: { x: { type: 'band', domain: data.map((d) => d.time), padding: 0.5 } },
      axis: { x: { title: '过磅时间' }, y: { title: '皮重（kg）' } },
      children: [
        {
          type: 'area',
          data: data.filter((d) => d.low !== null),
          encode: { x: 'time', y: ['low', 'high'] },
          style: { fillOpacity: 0.18, fill: '#1677ff' },
          tooltip: false,
        },
        { type: 'line', encode: { x: 'time', y: 'tare' }, style: { stroke: '#595959' }, tooltip: false },
        {
          type: 'point',
          encode: { x: 'time', y: 'tare', color: 'state', shape: 'point', size: 5 },
          scale: { color: { domain: ['范围内', '超出范围'], range: ['#1677ff', '#f5222d'] } },
          legend: { color: { title: '皮重' } },
          tooltip: { items: [{ field: 'tareLabel', name: '皮重' }] },
        },
      ],
    } as G2Spec;
  }, [points]);
  const ref = useG2(spec, 300);
  const outside = points.filter((p) => p.outside).length;
  return (
    <div className="ly-ws-card" data-testid="timing-tare">
      <div className="ly-ws-card-title">
        <span>车辆皮重与档案范围（±{tolerancePct}%）</span>
        <Input
          style={{ width: 180 }}
          placeholder="输入车牌号"
          value={plate}
          onChange={setPlate}
          data-testid="timing-tare-plate"
          aria-label="车牌号"
        />
      </div>
      {!plate.trim() && <p className="ly-wt-muted">输入车牌号，查看该车已完成磅单的皮重与档案范围。</p>}
      {plate.trim() && page.data && !carId && <p className="ly-wt-muted">皮重档案中没有该车辆。</p>}
      {carId && detail.data && !points.length && <p className="ly-wt-muted">该车还没有已完成的磅单。</p>}
      {points.length > 0 && (
        <p className="ly-wt-muted" data-testid="timing-tare-summary">
          {detail.data?.plate}：{points.length} 次皮重，超出范围 {outside} 次；范围 = 标准皮重（无则前三次平均）±
          {tolerancePct}%
        </p>
      )}
      {/* the chart's box exists only with data (no empty frame) */}
      {spec && <div ref={ref} data-testid="timing-tare-chart" style={{ height: 300 }} />}
    </div>
  );
}

function Chart({
  title,
  spec,
  height,
  testId,
}: {
  title: string;
  spec: G2Spec | null;
  height: number;
  testId: string;
}) {
  const ref = useG2(spec, height);
  if (!spec) return null;
  return (
    <div className="ly-ws-card" data-testid={testId}>
      <div className="ly-ws-card-title">
        <span>{title}</span>
      </div>
      <div ref={ref} style={{ height }} />
    </div>
  );
}

export default function WeighTiming() {
  // the last seven of the server's days (the browser's clock may be on another day)
  const [range, setRange] = useState<[string, string]>(() => [businessDaysAgo(6), businessToday()]);
  const [lane, setLane] = useState('');
  const q = useWeighTimingReportQuery({ from: range[0], to: range[1], ...(lane ? { weighbridgeId: lane } : {}) });
  const r = q.data;
  const canTare = useCan(TARE_MENU)('view');
  const box = useMemo(() => (r ? boxSpec(r) : null), [r]);
  const heat = useMemo(() => (r ? heatSpec(r) : null), [r]);
  const tolerance = r?.options.find((o) => o.id === lane)?.tareTolerancePct ?? r?.options[0]?.tareTolerancePct;
  return (
    <div className="ly-wt" data-testid="weigh-timing">
      <Space wrap>
        <DatePicker
          type="dateRange"
          aria-label="日期范围"
          value={range}
          format="yyyy-MM-dd"
          style={{ width: 260 }}
          onChange={(_d, s) => {
            if (Array.isArray(s) && typeof s[0] === 'string' && typeof s[1] === 'string' && s[0] && s[1])
              setRange([s[0], s[1]]);
          }}
        />
        <Named name="地磅">
          <Select
            style={{ width: 200 }}
            value={lane}
            onChange={(v) => setLane(String(v ?? ''))}
            optionList={[
              { label: '全部地磅', value: '' },
              ...(r?.options ?? []).map((o) => ({ label: o.name, value: o.id })),
            ]}
          />
        </Named>
      </Space>
      <p className="ly-wt-muted" data-testid="timing-hint">
        {HINT}
      </p>
      {q.isLoading && <p>加载中…</p>}
      {r && r.all.passes === 0 && r.all.exceptionTotal === 0 && (
        <p className="ly-wt-muted" data-testid="timing-empty">
          {r.from} 至 {r.to} 没有记录步骤时间的过磅。
        </p>
      )}
      {r && (r.all.passes > 0 || r.all.exceptionTotal > 0) && (
        <div className="ly-wt-grid">
          {r.lanes.length > 1 && <LaneCards l={r.all} />}
          {r.lanes.map((l) => (
            <LaneCards key={l.lane} l={l} />
          ))}
        </div>
      )}
      {r && <Chart title="各磅道步骤耗时（箱线图）" spec={box} height={320} testId="timing-box" />}
      {r && <Chart title="每小时车次（星期 × 小时）" spec={heat} height={300} testId="timing-heatmap" />}
      {canTare && tolerance !== undefined && <TareBand tolerancePct={tolerance} />}
    </div>
  );
}
