/**
 * The simulated scale bridge in one call: the plugin link (ws://host:port/ws) fed by the truck simulator through
 * the same decoder and stability detector as a real indicator — what `npm run scale-bridge -- --simulate` runs.
 * `npm start` starts one with the demo data (SCALE_SIMULATOR, server/main.ts) so the demo weighing station shows
 * a live weight at once.
 */
import { Bridge } from './bridge.ts';
import type { IndicatorFormat } from './formats.ts';
import { startPluginServer } from './plugin.ts';
import { TruckSimulator } from './simulate.ts';

export interface SimulatedBridgeOptions {
  host?: string;
  /** 0 picks a free port */
  port: number;
  format?: IndicatorFormat;
  seed?: number;
  speed?: number;
  scale?: string;
  division?: number;
  log?: (m: string) => void;
}

export interface SimulatedBridge {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startSimulatedBridge(opts: SimulatedBridgeOptions): Promise<SimulatedBridge> {
  const format = opts.format ?? 'xk3190-a9';
  const division = opts.division ?? 20;
  const scale = opts.scale ?? '';
  let bridge: Bridge | undefined;
  const plugin = await startPluginServer({
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    scale,
    status: () => ({ format, port: 'simulate', decoder: bridge?.decoder.stats }),
  });
  bridge = new Bridge(format, { minReadings: 5, windowMs: 2000, tolerance: String(division) }, scale, {
    weight: (w) => plugin.publishWeight(w),
    car: (c) => plugin.publishCar(c),
  });
  const b = bridge;
  const sim = new TruckSimulator({ seed: opts.seed ?? Date.now() >>> 0, format, division });
  const timer = setInterval(
    () => {
      const tick = sim.step();
      b.feed(tick.bytes, tick.sensors);
      if (tick.plate) b.plate(tick.plate);
    },
    100 / (opts.speed ?? 1),
  );
  timer.unref?.();
  opts.log?.(`模拟地磅 / simulated scale: ${plugin.url} (格式 ${format})`);
  return {
    url: plugin.url,
    port: plugin.port,
    async close() {
      clearInterval(timer);
      await plugin.close();
    },
  };
}
