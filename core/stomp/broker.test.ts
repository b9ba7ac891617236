// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BrokerHooks, StompBroker, StompRefusal } from './broker.ts';
import { encodeFrame, FrameParser } from './frame.ts';

interface Fake {
  sent: string[];
  closed?: { code?: number; reason?: string };
}

function setup(opts: ConstructorParameters<typeof StompBroker>[1] = {}, hooks: Partial<BrokerHooks<string>> = {}) {
  const broker = new StompBroker<string>(
    {
      authenticate: async (h) => {
        if (h.passcode !== 'ok') throw new StompRefusal('请求未授权');
        return { principal: h.login ?? 'anon', partition: h.partition ?? 'p1' };
      },
      send: (session, destination, frame) => {
        broker.publish(session.partition, destination, frame.body.toString());
      },
      ...hooks,
    },
    opts,
  );
  const open = () => {
    const fake: Fake = { sent: [] };
    const session = broker.attach({
      send: (d) => fake.sent.push(d),
      close: (code, reason) => {
        fake.closed = { code, reason };
        session.transportClosed();
      },
    });
    return { fake, session };
  };
  return { broker, open };
}

const connect = (extra = '') => `CONNECT\naccept-version:1.1,1.2\npasscode:ok\n${extra}\n\0`;
const flush = () => new Promise((r) => setTimeout(r, 0));
const commands = (f: Fake) =>
  f.sent.map((s) =>
    s === '\n' ? 'EOL' : (new FrameParser().push(s)[0] as { frame: { command: string } }).frame.command,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('StompBroker', () => {
  it('connects, subscribes, publishes within the partition and unsubscribes', async () => {
    const { broker, open } = setup();
    const a = open();
    const b = open();
    const c = open();
    a.session.receive(connect());
    b.session.receive(connect());
    c.session.receive(connect('partition:p2\n'));
    await flush();
    a.session.receive('SUBSCRIBE\nid:s1\ndestination:/topic/x\n\n\0SUBSCRIBE\nid:s2\ndestination:/topic/x\n\n\0');
    c.session.receive('SUBSCRIBE\nid:s1\ndestination:/topic/x\n\n\0');
    await flush();
    b.session.receive('SEND\ndestination:/topic/x\n\nhello\0');
    await flush();
    // two subscriptions on one connection → two MESSAGE frames; the other partition gets nothing
    expect(commands(a.fake)).toEqual(['CONNECTED', 'MESSAGE', 'MESSAGE']);
    expect(a.fake.sent[1]).toContain('subscription:s1');
    expect(a.fake.sent[2]).toContain('subscription:s2');
    expect(commands(c.fake)).toEqual(['CONNECTED']);
    a.session.receive('UNSUBSCRIBE\nid:s1\nreceipt:u\n\n\0');
    await flush();
    expect(a.fake.sent.at(-1)).toBe('RECEIPT\nreceipt-id:u\n\n\0');
    expect(broker.publish('p1', '/topic/x', 'again')).toBe(1);
    a.session.receive('UNSUBSCRIBE\nid:s2\n\n\0');
    await flush();
    expect(broker.publish('p1', '/topic/x', 'none')).toBe(0);
  });

  it('moves subscriptions with the session to another partition', async () => {
    const { broker, open } = setup();
    const a = open();
    a.session.receive(connect());
    await flush();
    a.session.receive('SUBSCRIBE\nid:0\ndestination:/topic/x\n\n\0');
    await flush();
    a.session.movePartition('p9');
    expect(broker.publish('p1', '/topic/x', 'old')).toBe(0);
    expect(broker.publish('p9', '/topic/x', 'new')).toBe(1);
  });

  it('sends EOL heart-beats when idle and closes a silent peer', async () => {
    vi.useFakeTimers();
    const { broker, open } = setup({ heartbeat: [100, 100] });
    const a = open();
    a.session.receive(connect('heart-beat:100,100\n'));
    await vi.advanceTimersByTimeAsync(0);
    expect(a.session.outgoingMs).toBe(100);
    expect(a.session.incomingMs).toBe(100);
    await vi.advanceTimersByTimeAsync(150);
    expect(a.fake.sent.filter((s) => s === '\n').length).toBeGreaterThanOrEqual(1);
    a.session.receive('\n');
    await vi.advanceTimersByTimeAsync(150);
    expect(a.fake.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(a.fake.closed).toEqual({ code: 1001, reason: 'heart-beat timeout' });
    expect(broker.size).toBe(0);
  });

  it('does not enforce heart-beats the client did not offer', async () => {
    vi.useFakeTimers();
    const { open } = setup({ heartbeat: [100, 100] });
    const a = open();
    a.session.receive(connect('heart-beat:0,0\n'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(a.fake.closed).toBeUndefined();
    expect(a.fake.sent).toHaveLength(1);
  });

  it('closes a socket that never sends CONNECT', async () => {
    vi.useFakeTimers();
    const { open } = setup({ connectTimeoutMs: 500 });
    const a = open();
    await vi.advanceTimersByTimeAsync(600);
    expect(a.fake.sent[0]).toContain('message:no CONNECT frame received in time');
    expect(a.fake.closed?.code).toBe(1002);
  });

  it('ERROR carries the receipt-id of the failing frame', async () => {
    const { open } = setup();
    const a = open();
    a.session.receive(connect());
    await flush();
    a.session.receive('SUBSCRIBE\nid:1\ndestination:/q\nack:client\nreceipt:77\n\n\0');
    await flush();
    expect(a.fake.sent[1]).toBe('ERROR\nmessage:ack mode client is not supported (auto only)\nreceipt-id:77\n\n\0');
    expect(a.fake.closed?.code).toBe(1002);
  });

  it.each([
    ['a refused login', 'CONNECT\naccept-version:1.2\npasscode:no\n\n\0', '请求未授权'],
    [
      'a malformed heart-beat',
      'CONNECT\naccept-version:1.2\npasscode:ok\nheart-beat:x\n\n\0',
      'malformed heart-beat header',
    ],
  ])('refuses %s', async (_n, frame, message) => {
    const { open } = setup();
    const a = open();
    a.session.receive(frame);
    await flush();
    expect(a.fake.sent[0]).toContain(`message:${message}`);
    expect(a.fake.closed).toBeDefined();
  });

  it.each([
    [
      'a duplicate subscription id',
      'SUBSCRIBE\nid:1\ndestination:/a\n\n\0SUBSCRIBE\nid:1\ndestination:/b\n\n\0',
      'subscription id 1 is already in use',
    ],
    ['an unknown subscription', 'UNSUBSCRIBE\nid:9\n\n\0', 'no subscription with id 9'],
    ['a transaction', 'BEGIN\ntransaction:t\n\n\0', 'transactions are not supported'],
    ['an unknown command', 'FOO\n\n\0', 'unknown command FOO'],
    ['a second CONNECT', connect(), 'already connected'],
    ['SEND without destination', 'SEND\n\nx\0', 'SEND requires a destination header'],
  ])('answers %s with ERROR', async (_n, frames, message) => {
    const { open } = setup();
    const a = open();
    a.session.receive(connect());
    await flush();
    a.session.receive(frames);
    await flush();
    await flush();
    expect(a.fake.sent.at(-1)).toContain(`message:${message}`);
    expect(a.fake.closed?.code).toBe(1002);
  });

  it('accepts ACK in auto mode and caps subscriptions', async () => {
    const { open } = setup({ maxSubscriptions: 2 });
    const a = open();
    a.session.receive(connect());
    await flush();
    a.session.receive('ACK\nid:1\nreceipt:a\n\n\0');
    await flush();
    expect(a.fake.sent.at(-1)).toBe('RECEIPT\nreceipt-id:a\n\n\0');
    a.session.receive(['1', '2', '3'].map((id) => encodeFrame('SUBSCRIBE', { id, destination: '/t' })).join(''));
    await flush();
    await flush();
    expect(a.fake.sent.at(-1)).toContain('message:too many subscriptions');
  });
});
