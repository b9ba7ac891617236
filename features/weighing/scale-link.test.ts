import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CarReading,
  type ChatDelivery,
  PLUGIN_DEFAULT_URL,
  SCALE_PORT_ERROR_EVENT,
  type SocketConfig,
  type WeightReading,
} from '../../core/contract/izs-weighing/socket.contract.ts';
import { DeptChannel, resolveBrokerUrl, resolveDestinations } from './dept-channel.ts';
import { debounceMax, ScaleLink, type StompLike } from './scale-link.ts';

/** A stand-in for @stomp/stompjs' Client that the test drives by hand. */
class FakeClient implements StompLike {
  onConnect: (f: unknown) => void = () => undefined;
  onStompError: (f: { headers: Record<string, string>; body: string }) => void = () => undefined;
  onWebSocketError: (e: unknown) => void = () => undefined;
  onWebSocketClose: (e: unknown) => void = () => undefined;
  active = false;
  subs = new Map<string, (m: { body: string }) => void>();
  published: { destination: string; body: string }[] = [];
  constructor(
    readonly url: string,
    readonly headers: Record<string, string> = {},
  ) {}
  activate() {
    this.active = true;
  }
  deactivate() {
    this.active = false;
  }
  subscribe(d: string, cb: (m: { body: string }) => void) {
    this.subs.set(d, cb);
    return {};
  }
  publish(p: { destination: string; body: string }) {
    this.published.push(p);
  }
  emit(d: string, body: unknown) {
    this.subs.get(d)?.({ body: JSON.stringify(body) });
  }
}

const w = (value: string, stable = false): WeightReading => ({ value, unit: 'kg', stable, scale: 'B1', time: 1 });

describe('ScaleLink (spec §4 weighing-scale socket)', () => {
  let clients: FakeClient[];
  const make = (extra: Partial<ConstructorParameters<typeof ScaleLink>[0]> = {}) => {
    const weights: WeightReading[] = [];
    const cars: CarReading[] = [];
    const statuses: string[] = [];
    const link = new ScaleLink({
      createClient: (url) => {
        const c = new FakeClient(url);
        clients.push(c);
        return c;
      },
      onWeight: (x) => weights.push(x),
      onCar: (x) => cars.push(x),
      onStatus: (s) => statuses.push(s),
      ...extra,
    });
    return { link, weights, cars, statuses };
  };

  beforeEach(() => {
    clients = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects to the default plugin address, enables on success and subscribes to weight and car', () => {
    const { link, statuses } = make();
    link.connect();
    expect(clients[0].url).toBe(PLUGIN_DEFAULT_URL);
    expect(clients[0].active).toBe(true);
    expect(statuses).toEqual(['connecting']);
    clients[0].onConnect({});
    expect(link.status).toBe('enabled');
    expect([...clients[0].subs.keys()]).toEqual(['/topic/weight', '/topic/car']);
  });

  it('debounces weights to at most one per 100 ms with the newest value', () => {
    const { link, weights } = make();
    link.connect();
    clients[0].onConnect({});
    const c = clients[0];
    c.emit('/topic/weight', w('100'));
    c.emit('/topic/weight', w('200'));
    c.emit('/topic/weight', w('300'));
    expect(weights).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(weights).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(weights.map((x) => x.value)).toEqual(['300']);
    // a scale sending every 40 ms still gets a steady update every 100 ms (never starved)
    for (let i = 0; i < 10; i++) {
      c.emit('/topic/weight', w(String(1000 + i), i > 5));
      vi.advanceTimersByTime(40);
    }
    // emits at 100…460 ms; flushes at 200, 320, 440 carry the newest value then, the last one lands at 560
    expect(weights.map((x) => x.value)).toEqual(['300', '1002', '1005', '1008']);
    vi.advanceTimersByTime(100);
    expect(weights.map((x) => x.value)).toEqual(['300', '1002', '1005', '1008', '1009']);
    expect(weights.at(-1)?.stable).toBe(true);
  });

  it('passes every frame to onReading at once, undebounced (the anti-cheat readings, issue 24)', () => {
    const readings: WeightReading[] = [];
    const { link, weights } = make({ onReading: (x) => readings.push(x) });
    link.connect();
    clients[0].onConnect({});
    // the truck has left (0, stable) and the next is on the deck within the same 100 ms
    clients[0].emit('/topic/weight', w('0', true));
    clients[0].emit('/topic/weight', w('39000', true));
    clients[0].emit('/topic/weight', { value: 'abc' });
    expect(readings.map((x) => x.value)).toEqual(['0', '39000']);
    vi.advanceTimersByTime(100);
    expect(weights.map((x) => x.value)).toEqual(['39000']); // the display keeps only the newest
  });

  it('passes plates on at once and ignores malformed messages', () => {
    const { link, cars, weights } = make();
    link.connect();
    clients[0].onConnect({});
    clients[0].emit('/topic/car', { carNumber: '苏E12345', color: '黄', scale: 'B1', time: 5 });
    clients[0].emit('/topic/car', { plate: 'x' });
    clients[0].subs.get('/topic/weight')?.({ body: 'not json' });
    clients[0].emit('/topic/weight', { value: 'abc' });
    vi.advanceTimersByTime(200);
    expect(cars).toEqual([{ carNumber: '苏E12345', color: '黄', scale: 'B1', time: 5 }]);
    expect(weights).toEqual([]);
  });

  it('on failure: disabled, logs 插件通讯失败, raises the port-error event once, stays down', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const events: CustomEvent[] = [];
    const onEvent = (e: Event) => events.push(e as CustomEvent);
    window.addEventListener(SCALE_PORT_ERROR_EVENT, onEvent);
    const errors: unknown[] = [];
    const { link } = make({ url: 'ws://127.0.0.1:9999/ws', onPortError: (d) => errors.push(d) });
    link.connect();
    clients[0].onWebSocketError({});
    clients[0].onWebSocketClose({});
    window.removeEventListener(SCALE_PORT_ERROR_EVENT, onEvent);
    expect(link.status).toBe('disabled');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('插件通讯失败');
    expect(events).toHaveLength(1);
    expect(events[0].detail).toEqual({ url: 'ws://127.0.0.1:9999/ws', reason: 'WebSocket error' });
    expect(errors).toHaveLength(1);
    expect(clients[0].active).toBe(false);
    expect(clients).toHaveLength(1);
  });

  it('a STOMP ERROR or a dropped link after success also disables; a pending weight is dropped', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { link, weights } = make();
    link.connect();
    clients[0].onConnect({});
    clients[0].emit('/topic/weight', w('500'));
    clients[0].onWebSocketClose({});
    vi.advanceTimersByTime(200);
    expect(link.status).toBe('disabled');
    expect(weights).toEqual([]);
  });

  it('reset reconnects with a fresh client; the old client cannot touch the new state', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { link, weights, statuses } = make();
    link.connect();
    clients[0].onWebSocketError({});
    link.reset();
    expect(clients).toHaveLength(2);
    expect(clients[1].active).toBe(true);
    clients[1].onConnect({});
    expect(link.status).toBe('enabled');
    clients[0].onWebSocketClose({}); // late event of the dead client
    clients[0].emit('/topic/weight', w('1'));
    clients[1].emit('/topic/weight', w('2'));
    vi.advanceTimersByTime(100);
    expect(link.status).toBe('enabled');
    expect(weights.map((x) => x.value)).toEqual(['2']);
    expect(statuses).toEqual(['connecting', 'disabled', 'idle', 'connecting', 'enabled']);
  });
});

describe('debounceMax', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('cancel drops the pending call', () => {
    const calls: number[] = [];
    const f = debounceMax((x: number) => calls.push(x), 100);
    f(1);
    f.cancel();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
  });
});

describe('DeptChannel (server broker, spec §7.9)', () => {
  const embedded: SocketConfig = {
    mode: 'embedded',
    brokerUrl: '/api/izs-weighing/ws',
    destinations: { subscribe: '/topic/public', addUser: '/app/chat.addUser', sendMessage: '/app/chat.sendMessage' },
    login: '',
    passcode: '',
    pluginUrl: PLUGIN_DEFAULT_URL,
  };
  const external: SocketConfig = {
    ...embedded,
    mode: 'external',
    brokerUrl: 'ws://mq:15674/ws',
    destinations: {
      subscribe: '/topic/public.{tenantId}.{deptId}',
      addUser: '/topic/public.{tenantId}.{deptId}',
      sendMessage: '/topic/public.{tenantId}.{deptId}',
    },
    login: 'yard',
    passcode: 'pw',
  };

  it('resolves the broker URL and the destinations', () => {
    expect(resolveBrokerUrl(embedded, 'https://yard.example')).toBe('wss://yard.example/api/izs-weighing/ws');
    expect(resolveBrokerUrl(embedded, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/api/izs-weighing/ws');
    expect(resolveBrokerUrl(external, 'https://yard.example')).toBe('ws://mq:15674/ws');
    expect(resolveDestinations(external, '000000', '12')).toEqual({
      subscribe: '/topic/public.000000.12',
      addUser: '/topic/public.000000.12',
      sendMessage: '/topic/public.000000.12',
    });
  });

  it('sends the token, joins the department, publishes weights and reports a lost link', () => {
    let client: FakeClient | undefined;
    const got: ChatDelivery[] = [];
    let lost = 0;
    const ch = new DeptChannel({
      config: external,
      token: 'tk',
      tenantId: '000000',
      deptId: '12',
      onMessage: (m) => got.push(m),
      onLost: () => lost++,
      createClient: (url, headers) => {
        client = new FakeClient(url, headers);
        return client;
      },
    });
    expect(ch.sendWeight('1')).toBe(false);
    ch.connect();
    expect(client?.headers).toEqual({
      Authorization: 'Bearer tk',
      'Current-Dept-Id': '12',
      login: 'yard',
      passcode: 'pw',
    });
    client!.onConnect({});
    expect(client!.published[0]).toEqual({
      destination: '/topic/public.000000.12',
      body: JSON.stringify({ sender: '12', type: 'JOIN' }),
    });
    expect(ch.sendWeight('35260')).toBe(true);
    expect(JSON.parse(client!.published[1].body)).toEqual({ sender: '12', content: '35260', type: 'CHAT' });
    client!.emit('/topic/public.000000.12', {
      sender: '12',
      content: '35260',
      type: 'CHAT',
      account: 'clerk',
      time: 1,
    });
    expect(got).toHaveLength(1);
    client!.onWebSocketClose({});
    expect(lost).toBe(1);
    expect(ch.sendWeight('1')).toBe(false);
  });
});
