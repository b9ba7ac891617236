/**
 * /supply-chain/lane-monitor — 车道监控 (issue 24): the unattended lane as the back office sees it, redrawn from the
 * lane's snapshots on its weighbridge department's STOMP channel (core/weighing/lane.ts LaneSnapshot, published by the
 * lane driver; the same feed the station's weights travel on): the camera's last snapshot, the live weight with its
 * stable bit, the gratings, barrier and light, the LED text, the current step with the time of each, the truck (plate,
 * camera read, pass, dispatch slip, weighing), flags and the lane's refusal, the queue. A clerk with the 接管 button
 * (supply_chain_lane_monitor_takeover) takes over a step: identify by plate, a manual weight with its reason (always
 * flagged 手工录入 by the server), print, open the barrier — through `POST /api/izs-weighing/lane/takeover`, where the
 * server checks the button, keeps the command as an audit row and rings the lane, which claims it from the server.
 * Below, the lane's latest commands with what became of them (`GET …/lane/takeover/list`): 待执行, 执行中 (claimed),
 * 已执行 or 失败 with the lane's reason (the lane driver reports each), 已过期 (not claimed within a minute).
 *
 * Which lane: until the clerk picks a weighbridge the monitor listens on the departments of every weighbridge and
 * shows the first lane that publishes (a lane's snapshot names its weighbridge's code); a pick sticks.
 */
import { Banner, Button, Empty, Input, InputNumber, Select, Space, Table, Tag, Toast } from '@douyinfe/semi-ui';
import { useEffect, useMemo, useState } from 'react';
import { useWeighingSocketSocketConfigQuery } from '../../../core/api/izs-weighing.api.ts';
import { useWeighLaneTakeoverMutation, useWeighLaneTakeoversQuery } from '../../../core/api/izs-weighing-order.api.ts';
import { LANE_MONITOR_MENU, type LaneTakeoverRow } from '../../../core/contract/izs-weighing/lane.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { getAccessToken } from '../../../core/session/cookies.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { flagLabel } from '../../../core/weighing/anti-cheat.ts';
import { type LaneCommandBody, type LaneSnapshot, snapshotOf } from '../../../core/weighing/lane.ts';
import { useCan } from '../../../features/admin-page/common.tsx';
import { SearchItem } from '../../../features/crud/search-item.tsx';
import { DeptChannel } from '../../../features/weighing/dept-channel.ts';
import { LaneTwin } from './lane-twin.tsx';

/** A flag's Chinese name; the lane driver without the exceptions list's grant only knows that one was raised. */
const laneFlagLabel = (k: string) => (k === 'flagged' ? '已标记异常（详情见异常过磅）' : flagLabel(k));

import { useWeighbridges } from './use-station.ts';
import './station.css';

export { LANE_MONITOR_MENU };

/** The lane's steps in order, as the monitor shows them (the markers 报异常 / 放行 appear as tags). */
const FLOW: { key: string; label: string }[] = [
  { key: 'arrived', label: '到达' },
  { key: 'identified', label: '识别' },
  { key: 'on_deck', label: '上磅' },
  { key: 'stable', label: '稳定' },
  { key: 'captured', label: '采集' },
  { key: 'printed', label: '打印' },
  { key: 'barrier_open', label: '抬杆' },
  { key: 'left', label: '离开' },
];

const clock = (ms: number | undefined) =>
  ms === undefined ? '' : new Date(ms).toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

function StepTrail({ s }: { s: LaneSnapshot }) {
  const last = FLOW.reduce((n, f, i) => (s.times[f.key as keyof LaneSnapshot['times']] !== undefined ? i : n), -1);
  return (
    <ol className="ly-lm-steps" data-testid="lane-steps">
      {FLOW.map((f, i) => {
        const at = s.times[f.key as keyof LaneSnapshot['times']];
        const cls = at !== undefined ? (i === last ? 'now' : 'done') : 'todo';
        return (
          <li key={f.key} className={`ly-lm-step ${cls}`}>
            <b>{f.label}</b>
            <small>{clock(at)}</small>
          </li>
        );
      })}
    </ol>
  );
}

const STATE_COLOR: Record<LaneTakeoverRow['state'], 'blue' | 'cyan' | 'green' | 'red' | 'grey'> = {
  pending: 'blue',
  claimed: 'cyan',
  done: 'green',
  failed: 'red',
  expired: 'grey',
};

/** The lane's latest takeovers (newest first) and their state; polled fast while one is still on its way. */
function TakeoverList({ weighbridgeId }: { weighbridgeId: string }) {
  const [fast, setFast] = useState(false);
  const q = useWeighLaneTakeoversQuery({ weighbridgeId }, { pollingInterval: fast ? 1500 : 10_000 });
  const rows = q.data ?? [];
  const open = rows.some((r) => r.state === 'pending' || r.state === 'claimed');
  useEffect(() => setFast(open), [open]);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={rows.slice(0, 8)}
      empty="暂无接管指令"
      data-testid="lane-takeovers"
      columns={[
        { title: '下达时间', dataIndex: 'at', width: 170 },
        { title: '步骤', dataIndex: 'stepName', width: 90 },
        {
          title: '内容',
          dataIndex: 'plate',
          render: (_: unknown, r: LaneTakeoverRow) =>
            r.step === 'identify' ? r.plate : r.step === 'capture' ? `${formatKg(r.weight)} kg（${r.reason}）` : '—',
        },
        { title: '下达人', dataIndex: 'byName', width: 100 },
        {
          title: '状态',
          dataIndex: 'stateName',
          width: 90,
          render: (_: unknown, r: LaneTakeoverRow) => (
            <Tag color={STATE_COLOR[r.state]} data-testid={`takeover-state-${r.id}`}>
              {r.stateName}
            </Tag>
          ),
        },
        {
          title: '车道反馈',
          dataIndex: 'resultNote',
          render: (_: unknown, r: LaneTakeoverRow) =>
            r.resultAt ? `${r.resultAt.slice(11)} ${r.resultNote || '已执行'}` : '—',
        },
      ]}
    />
  );
}

function Lamp({ on, color, label }: { on: boolean; color: string; label: string }) {
  return (
    <span className="ly-lm-lamp">
      <i style={{ background: on ? color : '#d9d9d9' }} />
      {label}
    </span>
  );
}

export default function LaneMonitor() {
  const { list } = useWeighbridges();
  const [wbId, setWbId] = useState<string | undefined>();
  /** the lane that published first while the clerk had not picked one (its weighbridge's code) */
  const [heard, setHeard] = useState<string | undefined>();
  const wb = list.find((w) => w.id === wbId) ?? list.find((w) => heard && (w.code ?? w.id) === heard);
  const scale = wb ? (wb.code ?? wb.id) : '';
  const [takeover] = useWeighLaneTakeoverMutation();
  const cfg = useWeighingSocketSocketConfigQuery();
  const tenantId = useAppSelector((s) => s.session.tenantId);
  const can = useCan(LANE_MONITOR_MENU);
  const [snap, setSnap] = useState<LaneSnapshot | null>(null);
  const [online, setOnline] = useState(false);
  const [plate, setPlate] = useState('');
  const [weight, setWeight] = useState<number | undefined>();
  const [reason, setReason] = useState('');

  // the departments listened on: the picked (or heard) weighbridge's, else every weighbridge's
  const depts = useMemo(
    () => (wb ? [wb.deptId] : [...new Set(list.map((w) => w.deptId))]).filter((d): d is string => !!d).sort(),
    [wb, list],
  );
  const deptKey = depts.join(',');
  const codes = useMemo(() => new Set(list.map((w) => w.code ?? w.id)), [list]);

  useEffect(() => {
    const config = cfg.data;
    const token = getAccessToken();
    setSnap(null);
    if (!config || !token || !deptKey) return;
    let alive = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const chans: DeptChannel[] = [];
    const open = (deptId: string) => {
      if (!alive) return;
      const ch = new DeptChannel({
        config,
        token,
        tenantId,
        deptId,
        onConnected: () => setOnline(true),
        onMessage: (m) => {
          const s = snapshotOf(m.content);
          if (!s) return;
          if (scale) {
            if (s.scale === scale) setSnap(s);
          } else if (codes.has(s.scale)) {
            // nothing picked yet: the first lane that publishes is the one shown
            setHeard(s.scale);
            setSnap(s);
          }
        },
        onLost: () => {
          setOnline(false);
          ch.disconnect();
          timers.push(setTimeout(() => open(deptId), 5000));
        },
      });
      chans.push(ch);
      ch.connect();
    };
    for (const d of deptKey.split(',')) open(d);
    return () => {
      alive = false;
      for (const t of timers) clearTimeout(t);
      for (const ch of chans) ch.disconnect();
      setOnline(false);
    };
  }, [cfg.data, tenantId, deptKey, scale, codes]);

  const send = async (c: LaneCommandBody) => {
    if (!wb) return Toast.warning('请先选择地磅');
    // the server checks the 接管 button, keeps the command and rings the lane; its refusal shows as a toast
    const r = await takeover({ weighbridgeId: wb.id, ...c });
    if ('data' in r) Toast.success(r.data?.notified ? '接管指令已发送，等待车道执行' : '接管指令已记录，等待车道领取');
  };

  const options = useMemo(() => list.map((w) => ({ value: w.id, label: w.name })), [list]);
  const held = snap?.state === 'held';

  return (
    <div className="ly-lm" data-testid="lane-monitor">
      <div className="ly-ws-card ly-lm-head">
        <Space align="end">
          <SearchItem label="磅道" wide>
            <Select
              style={{ width: 200 }}
              value={wb?.id}
              optionList={options}
              onChange={(v) => setWbId(String(v))}
              placeholder="自动（正在发布的车道）"
            />
          </SearchItem>
          <Tag color={online ? 'green' : 'grey'} data-testid="lane-online">
            {online ? '通道已连接' : '通道未连接'}
          </Tag>
          {snap && <Tag color={held ? 'red' : 'blue'}>当前步骤：{snap.stateLabel}</Tag>}
        </Space>
        {snap && (
          <div className="ly-lm-led" data-testid="lane-led">
            <span>{snap.led[0]}</span>
            <span>{snap.led[1]}</span>
          </div>
        )}
      </div>
      {!snap ? (
        <div className="ly-ws-card">
          <Empty
            title="等待车道数据"
            description="车道控制程序（地磅桥接的车道驱动）上线后，在此显示抓拍、实时重量、当前步骤与排队车辆"
          />
        </div>
      ) : (
        <div className="ly-lm-grid">
          <div className="ly-ws-card">
            <div className="ly-ws-card-title">抓拍</div>
            {snap.photo ? (
              <img className="ly-lm-photo" src={snap.photo} alt={`抓拍 ${snap.plate}`} />
            ) : (
              <div className="ly-lm-photo ly-lm-nophoto">暂无抓拍</div>
            )}
            <div className="ly-lm-devices">
              <Lamp on={snap.light === 'red'} color="#e0301e" label="红灯" />
              <Lamp on={snap.light === 'green'} color="#1f9d55" label="绿灯" />
              <Tag color={snap.barrier === 'open' ? 'green' : 'grey'}>
                道闸{snap.barrier === 'open' ? '已抬起' : '已落下'}
              </Tag>
              <Tag color={snap.sensors?.front ? 'orange' : 'white'}>前红外{snap.sensors?.front ? '遮挡' : '畅通'}</Tag>
              <Tag color={snap.sensors?.rear ? 'orange' : 'white'}>后红外{snap.sensors?.rear ? '遮挡' : '畅通'}</Tag>
            </div>
          </div>
          <div className="ly-ws-card">
            <div className="ly-ws-card-title">
              实时重量
              <Tag color={snap.stable ? 'green' : 'orange'}>{snap.stable ? '稳定' : '不稳定'}</Tag>
            </div>
            <div className="ly-lm-weight" data-testid="lane-weight">
              {formatKg(snap.weight)}
              <small>kg</small>
            </div>
            <StepTrail s={snap} />
            {snap.refusal && (
              <Banner type="warning" closeIcon={null} description={snap.refusal} data-testid="lane-refusal" />
            )}
            {snap.flags.length > 0 && (
              <Banner
                type="danger"
                closeIcon={null}
                data-testid="lane-flags"
                description={`异常过磅，等待主管处理：${[...new Set(snap.flags.map(laneFlagLabel))].join('、')}`}
              />
            )}
          </div>
          <div className="ly-ws-card">
            <div className="ly-ws-card-title">车辆与派车单</div>
            <dl className="ly-lm-dl" data-testid="lane-truck">
              <dt>车牌</dt>
              <dd>{snap.plate || '—'}</dd>
              <dt>摄像机识别</dt>
              <dd>
                {snap.plateRead || '—'}
                {snap.plateRead && snap.plate && snap.plateRead !== snap.plate && <Tag color="red">不一致</Tag>}
              </dd>
              <dt>过磅次序</dt>
              <dd>{snap.pass === 'first' ? '一次过磅' : snap.pass === 'second' ? '二次过磅' : '—'}</dd>
              <dt>派车单</dt>
              <dd>{snap.slipNo || '—'}</dd>
              <dt>电子磅单</dt>
              <dd data-testid="lane-eticket">
                {snap.eticket ? (
                  <a href={snap.eticket} target="_blank" rel="noreferrer">
                    已发送（溯源链接）
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt>人工步骤</dt>
              <dd>{snap.manualSteps}</dd>
            </dl>
            <div className="ly-ws-card-title" style={{ marginTop: 12 }}>
              排队车辆 <small>{snap.queue.length} 辆</small>
            </div>
            <ol className="ly-lm-queue" data-testid="lane-queue">
              {snap.queue.map((q) => (
                <li key={`${q.plate}-${q.at}`}>
                  {q.plate} <small className="ly-wt-muted">{clock(q.at)} 到达</small>
                </li>
              ))}
            </ol>
            {snap.queue.length === 0 && <div className="ly-wt-muted">无排队车辆</div>}
          </div>
        </div>
      )}
      <div className="ly-ws-card">
        <div className="ly-ws-card-title">
          车道数字孪生 <small>地磅、红外对射、道闸、信号灯与车辆位置，随车道数据实时重绘</small>
        </div>
        <LaneTwin snap={snap} />
      </div>
      {can('takeover') && (
        <div className="ly-ws-card" data-testid="lane-takeover">
          <div className="ly-ws-card-title">
            人工接管 <small>每一步都记为人工步骤；手工录入重量必须填写原因，并报“手工录入重量”异常</small>
          </div>
          <Space wrap align="end">
            <SearchItem label="车牌号" wide>
              <Input style={{ width: 140 }} placeholder="如 冀A12345" value={plate} onChange={setPlate} />
            </SearchItem>
            <Button
              onClick={() =>
                plate.trim() ? send({ step: 'identify', plate: plate.trim() }) : Toast.warning('请输入车牌号')
              }
            >
              人工识别
            </Button>
            <SearchItem label="重量（kg）" wide>
              <InputNumber
                style={{ width: 140 }}
                placeholder="重量（kg）"
                min={0}
                value={weight}
                onChange={(v) => setWeight(typeof v === 'number' ? v : undefined)}
              />
            </SearchItem>
            <SearchItem label="手工录入原因" wide>
              <Input style={{ width: 220 }} placeholder="必填" value={reason} onChange={setReason} />
            </SearchItem>
            <Button
              onClick={() => {
                if (weight === undefined) return Toast.warning('请输入重量');
                if (!reason.trim()) return Toast.warning('手工录入重量必须填写原因');
                send({ step: 'capture', weight: String(Math.round(weight)), reason: reason.trim() });
              }}
            >
              人工采集
            </Button>
            <Button onClick={() => send({ step: 'print' })} disabled={snap?.state !== 'printing'}>
              人工打印
            </Button>
            <Button
              type="danger"
              onClick={() => send({ step: 'open' })}
              disabled={!snap || held || snap.state === 'idle' || snap.state === 'capturing' || snap.state === 'open'}
            >
              人工抬杆
            </Button>
          </Space>
        </div>
      )}
      {wb && (
        <div className="ly-ws-card">
          <div className="ly-ws-card-title">
            接管指令 <small>车道领取后执行并报告结果：已执行，或失败及原因；1 分钟内未领取即过期</small>
          </div>
          <TakeoverList weighbridgeId={wb.id} />
        </div>
      )}
    </div>
  );
}
