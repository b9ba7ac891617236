// @vitest-environment node
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { type SimulatedBridge, startSimulatedBridge } from '../../tools/scale-bridge/simulated.ts';

const open: SimulatedBridge[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await Promise.all(open.map((b) => b.close()));
});

describe('the simulated bridge npm start runs with the demo data', () => {
  it('publishes decoded weights on the plugin link at once', async () => {
    const b = await startSimulatedBridge({ port: 0, seed: 7, scale: 'DB01' });
    open.push(b);
    const got: IMessage[] = [];
    await new Promise<void>((resolve, reject) => {
      const c = new Client({
        webSocketFactory: () => new WebSocket(b.url, ['v12.stomp']),
        reconnectDelay: 0,
        onConnect: () => {
          c.subscribe('/topic/weight', (m) => got.push(m));
          resolve();
        },
        onWebSocketError: () => reject(new Error('ws error')),
      });
      clients.push(c);
      c.activate();
    });
    const deadline = Date.now() + 5000;
    while (got.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(got.length).toBeGreaterThanOrEqual(3);
    const w = JSON.parse(got[got.length - 1].body);
    expect(w).toMatchObject({ unit: 'kg', scale: 'DB01' });
    expect(w.value).toMatch(/^\d+$/);
  });

  it('a second simulator on a taken port fails to start (the server logs it and goes on)', async () => {
    const a = await startSimulatedBridge({ port: 0 });
    open.push(a);
    await expect(startSimulatedBridge({ port: a.port })).rejects.toThrow();
  });
});

describe('SCALE_SIMULATOR', () => {
  it('is on with the demo data, off with SCALE_SIMULATOR=0 or SEED_DEMO=0', () => {
    expect(loadConfig({}).scaleSimulator).toBe(true);
    expect(loadConfig({ SCALE_SIMULATOR: '0' }).scaleSimulator).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).scaleSimulator).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0', SCALE_SIMULATOR: '1' }).scaleSimulator).toBe(false);
  });

  it('listens on SCALE_SIMULATOR_PORT, else the port of SCALE_PLUGIN_URL, else 9610', () => {
    expect(loadConfig({}).scaleSimulatorPort).toBe(9610);
    expect(loadConfig({ SCALE_PLUGIN_URL: 'ws://127.0.0.1:9611/ws' }).scaleSimulatorPort).toBe(9611);
    expect(loadConfig({ SCALE_SIMULATOR_PORT: '19610' }).scaleSimulatorPort).toBe(19610);
    expect(() => loadConfig({ SCALE_SIMULATOR_PORT: 'x' })).toThrow(/SCALE_SIMULATOR_PORT/);
  });
});
