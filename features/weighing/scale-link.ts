/**
 * The weighing-scale socket of spec §4: the browser's link to the local plugin service (tools/scale-bridge) on
 * the weighbridge PC.
 *
 *   connect → on success: enabled, subscribe to the weight and car topics
 *           → on failure: disabled, console log 插件通讯失败, the port-error event on window (spec §8)
 *   reset   → disconnect and connect again
 *   weight  → delivered at most every 100 ms with the newest value (a debounce with maxWait = wait, so a scale
 *             that sends 10+ frames a second still updates the display steadily instead of starving it)
 *   reading → every frame as the bridge sent it, undebounced (issue 24: the anti-cheat's 30 s of readings must be
 *             what the bridge reported — the debounce keeps only the newest frame of each 100 ms, so an empty-deck
 *             "0, stable" followed at once by the next truck's weight would vanish and the two trucks' weights read
 *             as a step while stable)
 *
 * Framework-free (use-scale-link.ts wraps it for React); the STOMP client is injectable for tests.
 */
import { Client } from '@stomp/stompjs';
import {
  type CarReading,
  PLUGIN_DEFAULT_URL,
  PLUGIN_FAILURE_LOG,
  PLUGIN_TOPICS,
  SCALE_PORT_ERROR_EVENT,
  WEIGHT_DEBOUNCE_MS,
  type WeightReading,
} from '../../core/contract/izs-weighing/socket.contract.ts';

/** The part of @stomp/stompjs' Client the link uses. */
export interface StompLike {
  onConnect: (frame: unknown) => void;
  onStompError: (frame: { headers: Record<string, string>; body: string }) => void;
  onWebSocketError: (ev: unknown) => void;
  onWebSocketClose: (ev: unknown) => void;
  activate(): void;
  deactivate(): Promise<void> | void;
  subscribe(destination: string, cb: (m: { body: string }) => void): unknown;
}

export type ScaleLinkStatus = 'idle' | 'connecting' | 'enabled' | 'disabled';

export interface PortErrorDetail {
  url: string;
  reason: string;
}

export interface ScaleLinkOptions {
  url?: string;
  onWeight?: (w: WeightReading) => void;
  /** Every weight frame, undebounced (the anti-cheat's readings buffer). */
  onReading?: (w: WeightReading) => void;
  onCar?: (c: CarReading) => void;
  onStatus?: (s: ScaleLinkStatus) => void;
  onPortError?: (d: PortErrorDetail) => void;
  debounceMs?: number;
  createClient?: (url: string) => StompLike;
}

const defaultClient = (url: string): StompLike =>
  new Client({
    brokerURL: url,
    reconnectDelay: 0, // a failure disables the link; reset() reconnects (spec §4)
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  }) as unknown as StompLike;

/** `fn` runs at most once per `ms` with the latest argument; the last call always lands. */
export function debounceMax<T>(fn: (v: T) => void, ms: number): ((v: T) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: T;
  const run = () => {
    timer = undefined;
    fn(latest);
  };
  const f = (v: T) => {
    latest = v;
    if (!timer) timer = setTimeout(run, ms);
  };
  f.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return f;
}

function parseWeight(body: string): WeightReading | undefined {
  try {
    const w = JSON.parse(body) as Partial<WeightReading>;
    if (typeof w.value !== 'string' || !/^-?\d+(\.\d+)?$/.test(w.value)) return undefined;
    return {
      value: w.value,
      unit: w.unit ?? 'kg',
      stable: w.stable === true,
      scale: String(w.scale ?? ''),
      time: Number(w.time ?? Date.now()),
    };
  } catch {
    return undefined;
  }
}

function parseCar(body: string): CarReading | undefined {
  try {
    const c = JSON.parse(body) as Partial<CarReading>;
    if (typeof c.carNumber !== 'string' || !c.carNumber) return undefined;
    return {
      carNumber: c.carNumber,
      color: String(c.color ?? ''),
      scale: String(c.scale ?? ''),
      time: Number(c.time ?? Date.now()),
      ...(typeof c.image === 'string' ? { image: c.image } : {}),
    };
  } catch {
    return undefined;
  }
}

export class ScaleLink {
  readonly url: string;
  status: ScaleLinkStatus = 'idle';
  private client: StompLike | undefined;
  /** Bumped per connection attempt; callbacks of an old client are ignored. */
  private generation = 0;
  private failed = false;
  private readonly pushWeight: ReturnType<typeof debounceMax<WeightReading>>;

  constructor(private readonly opts: ScaleLinkOptions = {}) {
    this.url = opts.url || PLUGIN_DEFAULT_URL;
    this.pushWeight = debounceMax((w: WeightReading) => opts.onWeight?.(w), opts.debounceMs ?? WEIGHT_DEBOUNCE_MS);
  }

  private setStatus(s: ScaleLinkStatus) {
    this.status = s;
    this.opts.onStatus?.(s);
  }

  connect(): void {
    if (this.client) return;
    const gen = ++this.generation;
    this.failed = false;
    const c = (this.opts.createClient ?? defaultClient)(this.url);
    this.client = c;
    const mine = () => gen === this.generation;
    c.onConnect = () => {
      if (!mine()) return;
      this.setStatus('enabled');
      c.subscribe(PLUGIN_TOPICS.weight, (m) => {
        const w = parseWeight(m.body);
        if (!w || !mine()) return;
        this.opts.onReading?.(w);
        this.pushWeight(w);
      });
      c.subscribe(PLUGIN_TOPICS.car, (m) => {
        const car = parseCar(m.body);
        if (car && mine()) this.opts.onCar?.(car);
      });
    };
    const fail = (reason: string) => {
      if (!mine() || this.failed) return;
      this.failed = true;
      this.pushWeight.cancel();
      this.setStatus('disabled');
      console.log(PLUGIN_FAILURE_LOG);
      const detail: PortErrorDetail = { url: this.url, reason };
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SCALE_PORT_ERROR_EVENT, { detail }));
      this.opts.onPortError?.(detail);
      // the link stays down until reset(); stop the client so it does not retry by itself
      const old = this.client;
      this.client = undefined;
      void old?.deactivate();
    };
    c.onStompError = (f) => fail(f.headers.message ?? 'STOMP ERROR');
    c.onWebSocketError = () => fail('WebSocket error');
    c.onWebSocketClose = () => fail('WebSocket closed');
    this.setStatus('connecting');
    c.activate();
  }

  /** Spec §4 "reset reconnects". */
  reset(): void {
    this.disconnect();
    this.connect();
  }

  disconnect(): void {
    this.generation++;
    this.pushWeight.cancel();
    const c = this.client;
    this.client = undefined;
    void c?.deactivate();
    this.setStatus('idle');
  }
}
