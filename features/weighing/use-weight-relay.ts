/**
 * The station relays its scale's weight to the department channel (spec §7.9: /app/chat.sendMessage, sender =
 * the weighbridge's department, content = the weight). The plugin link lives on the scale PC only, so without this
 * relay the 地磅数据看板 on the office wall showed "—" for every scale while the station saw the weight moving
 * (issue 26). Content is the JSON reading with the weighbridge's code as its scale, so the board puts it on the
 * right tile when a department has several scales. A changed value goes at once; an unchanged one every 2 s
 * (the board sees the scale alive); nothing is sent while the channel is down (it reconnects every 5 s).
 */
import { useEffect, useRef } from 'react';
import type { SocketConfig, WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { DeptChannel } from './dept-channel.ts';

const RECONNECT_MS = 5_000;
const HEARTBEAT_MS = 2_000;

export function relayContent(w: WeightReading, scale: string): string {
  return JSON.stringify({ value: w.value, unit: w.unit, stable: w.stable, scale });
}

export function useWeightRelay(o: {
  config: SocketConfig | undefined;
  token: string | undefined;
  tenantId: string;
  /** the weighbridge's department and code ('' / undefined: nothing is relayed) */
  deptId: string | undefined;
  scale: string | undefined;
  weight: WeightReading | undefined;
}) {
  const { config, token, tenantId, deptId, scale = '', weight } = o;
  const channel = useRef<DeptChannel | undefined>(undefined);
  const last = useRef({ value: '', at: 0 });
  useEffect(() => {
    if (!config || !token || !deptId) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      if (!alive) return;
      const ch = new DeptChannel({
        config,
        token,
        tenantId,
        deptId,
        onLost: () => {
          ch.disconnect();
          if (channel.current === ch) channel.current = undefined;
          timer = setTimeout(open, RECONNECT_MS);
        },
      });
      channel.current = ch;
      last.current = { value: '', at: 0 };
      ch.connect();
    };
    open();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      channel.current?.disconnect();
      channel.current = undefined;
    };
  }, [config, token, tenantId, deptId]);
  useEffect(() => {
    if (!weight || !channel.current) return;
    const now = Date.now();
    if (weight.value === last.current.value && now - last.current.at < HEARTBEAT_MS) return;
    if (channel.current.sendWeight(relayContent(weight, scale))) last.current = { value: weight.value, at: now };
  }, [weight, scale]);
}
