/**
 * /visual/data-board — 地磅数据看板: a tile per weighbridge with its live weight from the department channel on the
 * STOMP broker (features/weighing DeptChannel; reconnects by itself after the server restarts), the truck on it,
 * trucks today and the queue of first passes. The counts reload when a bridge's weight returns to zero (a truck
 * left) and on the configured refresh.
 */
import { useEffect, useRef, useState } from 'react';
import { type BoardAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { WEIGH_EXCEPTION } from '../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { type SocketConfig, WEIGHING_SOCKET } from '../../core/contract/izs-weighing/socket.contract.ts';
import { WEIGH_TIMING } from '../../core/contract/izs-weighing/timing.contract.ts';
import { Decimal, formatKg } from '../../core/format/amounts.ts';
import { formatDuration } from '../../core/weighing/timing.ts';
import { t2 } from '../../features/wall/format.ts';
import { Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';
import { tokenClaims, wallCall } from '../../features/wall/wall-fetch.ts';
import { DeptChannel } from '../../features/weighing/dept-channel.ts';

const RECONNECT_MS = 5_000;

interface Live {
  kg: string;
  at: number;
}

/** A reading of the channel: a bare decimal (kg) or a JSON WeightReading with its scale id. */
export function readWeight(content: string | undefined): { kg: string; scale: string } | undefined {
  if (!content) return undefined;
  if (/^-?\d+(\.\d+)?$/.test(content.trim())) return { kg: content.trim(), scale: '' };
  try {
    const r = JSON.parse(content) as { value?: string; unit?: string; scale?: string };
    if (typeof r.value !== 'string' || !/^-?\d+(\.\d+)?$/.test(r.value)) return undefined;
    const kg = r.unit === 't' ? formatKg(new Decimal(r.value).times(1000), { places: 0, thousands: false }) : r.value;
    return { kg, scale: r.scale ?? '' };
  } catch {
    return undefined;
  }
}

/** Live weights per bridge id from the channels of the bridges' departments. */
function useLiveWeights(board: BoardAnswer | undefined, onEmptied: () => void) {
  const [live, setLive] = useState<Record<string, Live>>({});
  const [online, setOnline] = useState(false);
  const emptied = useRef(onEmptied);
  emptied.current = onEmptied;
  const depts = board?.deptIds.join(',') ?? '';
  const bridgesRef = useRef(board?.bridges ?? []);
  bridgesRef.current = board?.bridges ?? [];
  useEffect(() => {
    if (!depts) return;
    let alive = true;
    const channels: DeptChannel[] = [];
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const { token, tenantId } = tokenClaims();
    const open = (cfg: SocketConfig, deptId: string) => {
      if (!alive) return;
      const ch = new DeptChannel({
        config: cfg,
        token,
        tenantId,
        deptId,
        onConnected: () => setOnline(true),
        onMessage: (m) => {
          if (m.type !== 'CHAT') return;
          const w = readWeight(m.content);
          if (!w) return;
          const targets = bridgesRef.current.filter(
            (b) => b.deptId === m.sender && (!w.scale || b.code === w.scale || b.id === w.scale),
          );
          setLive((prev) => {
            const next = { ...prev };
            for (const b of targets) {
              if (Number(prev[b.id]?.kg ?? 0) > 0 && Number(w.kg) <= 0) emptied.current();
              next[b.id] = { kg: w.kg, at: m.time };
            }
            return next;
          });
        },
        onLost: () => {
          setOnline(false);
          const i = channels.indexOf(ch);
          if (i >= 0) channels.splice(i, 1);
          ch.disconnect();
          const t = setTimeout(() => {
            timers.delete(t);
            void start(deptId);
          }, RECONNECT_MS);
          timers.add(t);
        },
      });
      channels.push(ch);
      ch.connect();
    };
    async function start(deptId: string) {
      try {
        const r = await wallCall(WEIGHING_SOCKET.socketConfig);
        if (r.code !== 200 || !r.data) throw new Error(r.msg);
        open(r.data, deptId);
      } catch {
        if (!alive) return;
        const t = setTimeout(() => {
          timers.delete(t);
          void start(deptId);
        }, RECONNECT_MS);
        timers.add(t);
      }
    }
    for (const d of depts.split(',')) void start(d);
    return () => {
      alive = false;
      for (const t of timers) clearTimeout(t);
      for (const c of channels) c.disconnect();
    };
  }, [depts]);
  return { live, online };
}

export default function DataBoard() {
  const cfg = useWallConfig();
  const { data, error, stale, reload } = useWallData(VISUAL_ENDPOINTS.board, {}, cfg.refreshSeconds * 1000);
  const { live, online } = useLiveWeights(data, reload);
  // issue 24: 异常过磅 held for a supervisor (absent for a user without the view of 异常过磅)
  const held = useWallData(WEIGH_EXCEPTION.counts, {}, cfg.refreshSeconds * 1000).data;
  // issue 24: the scale house's clock of today, per lane — the 过磅时效 report's own figures (absent without its view)
  const timing = useWallData(WEIGH_TIMING.report, {}, cfg.refreshSeconds * 1000).data;
  const bridges = (data?.bridges ?? []).filter((b) => !cfg.weighbridgeIds.length || cfg.weighbridgeIds.includes(b.id));
  const cols = bridges.length <= 3 ? bridges.length || 1 : bridges.length === 4 ? 2 : 3;
  const tall = cols === 3 && bridges.length <= 3;
  return (
    <WallFrame title="地磅数据看板" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${cols}, 1fr)`,
            gridAutoRows: '1fr',
            gap: 20,
            padding: 20,
            height: held ? 914 : 984,
            boxSizing: 'border-box',
          }}
        >
          {bridges.length === 0 && (
            <p style={{ fontSize: 32, textAlign: 'center', gridColumn: '1 / -1' }}>尚未登记地磅</p>
          )}
          {bridges.map((b) => {
            const w = live[b.id];
            const clock = timing?.lanes.find((l) => l.lane === b.id);
            return (
              <Panel key={b.id} title={`${b.name}（${b.warehouseName || '未绑定仓库'}）`} testId={`bridge-${b.id}`}>
                <div style={{ display: 'flex', flexDirection: tall ? 'column' : 'row', gap: 24, height: '100%' }}>
                  <div
                    style={{
                      flex: 1.2,
                      display: 'flex',
                      flexDirection: 'column',
                      justifyContent: 'center',
                      alignItems: 'center',
                      background: 'rgba(0,0,0,.35)',
                      borderRadius: 8,
                    }}
                  >
                    <div style={{ fontSize: 20, color: WALL.dim }}>{online ? '实时重量' : '重量通道连接中…'}</div>
                    <div
                      data-testid="bridge-weight"
                      style={{ fontSize: 96, fontWeight: 700, color: '#5cff9d', fontFamily: 'monospace' }}
                    >
                      {w ? w.kg : '—'}
                    </div>
                    <div style={{ fontSize: 22, color: WALL.dim }}>千克 · 最大称量 {t2(b.maxCapacityKg)} 吨</div>
                    <div style={{ fontSize: 22, marginTop: 12 }}>
                      最近：{b.last ? `${b.last.carNumber} ${b.last.materialName} ${t2(b.last.netKg)} 吨` : '今日暂无'}
                    </div>
                  </div>
                  <div style={{ flex: 1, fontSize: 22 }}>
                    <div>
                      今日车次{' '}
                      <b data-testid="bridge-count" style={{ fontSize: 40, color: '#fff' }}>
                        {b.todayCount}
                      </b>
                    </div>
                    <div>
                      今日净重{' '}
                      <b data-testid="bridge-net" style={{ fontSize: 32, color: '#fff' }}>
                        {t2(b.todayNetKg)}
                      </b>{' '}
                      吨
                    </div>
                    {clock && (clock.cycleMedianMs !== null || clock.trucksPerHour !== null) && (
                      <div data-testid="bridge-clock" style={{ marginTop: 8, color: WALL.dim }}>
                        {clock.cycleMedianMs !== null && (
                          <span>
                            周期中位{' '}
                            <b data-testid="bridge-clock-median" style={{ color: '#fff' }}>
                              {formatDuration(clock.cycleMedianMs)}
                            </b>{' '}
                          </span>
                        )}
                        {clock.cycleP90Ms !== null && (
                          <span>
                            P90{' '}
                            <b data-testid="bridge-clock-p90" style={{ color: '#fff' }}>
                              {formatDuration(clock.cycleP90Ms)}
                            </b>{' '}
                          </span>
                        )}
                        {clock.trucksPerHour !== null && (
                          <span>
                            每小时{' '}
                            <b data-testid="bridge-clock-tph" style={{ color: '#fff' }}>
                              {clock.trucksPerHour}
                            </b>{' '}
                            车
                          </span>
                        )}
                      </div>
                    )}
                    <div style={{ marginTop: 12, color: WALL.blue }}>排队待二次过磅（{b.queue.length}）</div>
                    <ol data-testid="bridge-queue" style={{ margin: '6px 0 0', paddingLeft: 28 }}>
                      {b.queue.slice(0, 6).map((q) => (
                        <li key={q.id}>
                          {q.carNumber} {t2(q.firstWeightKg)} 吨{' '}
                          <small style={{ color: WALL.dim }}>{q.firstTime.slice(11, 16)}</small>
                        </li>
                      ))}
                    </ol>
                  </div>
                </div>
              </Panel>
            );
          })}
        </main>
      )}
      {data && held && (
        <footer
          data-testid="board-exceptions"
          style={{
            height: 70,
            margin: '0 20px',
            display: 'flex',
            alignItems: 'center',
            gap: 28,
            fontSize: 24,
            padding: '0 20px',
            borderRadius: 8,
            background: held.open ? 'rgba(255, 77, 79, .18)' : 'rgba(0,0,0,.35)',
          }}
        >
          <span>
            异常过磅 待处理{' '}
            <b data-testid="board-exceptions-open" style={{ fontSize: 40, color: held.open ? '#ff7875' : '#fff' }}>
              {held.open}
            </b>{' '}
            条（拦截磅单 {held.heldWeighings} 张）
          </span>
          <span style={{ color: WALL.dim }}>今日 {held.today} 条</span>
          {held.byKind
            .filter((k) => k.open > 0)
            .map((k) => (
              <span key={k.kind} style={{ color: '#ffc069' }}>
                {k.label} {k.open}
              </span>
            ))}
        </footer>
      )}
    </WallFrame>
  );
}
