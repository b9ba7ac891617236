// @vitest-environment node
// The browser side (features/weighing ScaleLink with the real @stomp/stompjs client; `ws` stands in for the
// browser's WebSocket) against the real plugin link of the bridge: connect, weights, plates, failure when the
// bridge goes away, reset. (The window port-error event is covered in features/weighing/scale-link.test.ts.)
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { CarReading, WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { ScaleLink, type ScaleLinkStatus } from '../../features/weighing/scale-link.ts';
import { type PluginServer, startPluginServer } from '../../tools/scale-bridge/plugin.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await sleep(20);
  return cond();
};

let plugin: PluginServer | undefined;
beforeAll(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
});
afterEach(async () => {
  await plugin?.close();
  plugin = undefined;
  vi.restoreAllMocks();
});

describe('ScaleLink ⇄ scale bridge plugin link (real sockets)', () => {
  it('enables, receives debounced weights and plates, and reports the bridge going away', async () => {
    plugin = await startPluginServer({ host: '127.0.0.1', port: 0, scale: 'B1' });
    const weights: WeightReading[] = [];
    const cars: CarReading[] = [];
    const statuses: ScaleLinkStatus[] = [];
    const link = new ScaleLink({
      url: plugin.url,
      onWeight: (w) => weights.push(w),
      onCar: (c) => cars.push(c),
      onStatus: (s) => statuses.push(s),
    });
    link.connect();
    expect(await until(() => link.status === 'enabled')).toBe(true);
    await sleep(50);
    for (let i = 0; i < 5; i++)
      plugin.publishWeight({ value: String(35200 + i * 20), unit: 'kg', stable: i === 4, scale: 'B1', time: i });
    plugin.publishCar({ carNumber: '苏E12345', color: '黄', scale: 'B1', time: 9 });
    expect(await until(() => weights.length > 0 && cars.length > 0)).toBe(true);
    await sleep(150);
    // five readings within a few ms arrive as one update with the newest value
    expect(weights.map((w) => [w.value, w.stable])).toEqual([['35280', true]]);
    expect(cars[0].carNumber).toBe('苏E12345');

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await plugin.close();
    plugin = undefined;
    expect(await until(() => link.status === 'disabled')).toBe(true);
    expect(log).toHaveBeenCalledWith('插件通讯失败');
    expect(log).toHaveBeenCalledTimes(1);

    // the bridge comes back: reset reconnects
    plugin = await startPluginServer({ host: '127.0.0.1', port: Number(new URL(link.url).port), scale: 'B1' });
    link.reset();
    expect(await until(() => link.status === 'enabled')).toBe(true);
    link.disconnect();
    expect(statuses).toEqual(['connecting', 'enabled', 'disabled', 'idle', 'connecting', 'enabled', 'idle']);
  });

  it('a bridge that is not running: disabled and the port-error event', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const errors: unknown[] = [];
    const link = new ScaleLink({ url: 'ws://127.0.0.1:1/ws', onPortError: (d) => errors.push(d) });
    link.connect();
    expect(await until(() => link.status === 'disabled')).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
