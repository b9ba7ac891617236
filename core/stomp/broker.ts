/**
 * A small STOMP 1.2 broker core, independent of the transport (the server's WebSocket route and the scale
 * bridge's plugin link both use it).
 *
 * - CONNECT / STOMP: version negotiation (1.2 only), authentication through the host's hook, heart-beat
 *   negotiation (spec "Heart-beating") and enforcement: a connection silent for twice the agreed interval is
 *   closed; the broker sends an EOL when it has sent nothing for its interval. A socket that sends no CONNECT
 *   within `connectTimeoutMs` is closed.
 * - SUBSCRIBE (id, destination, ack:auto) / UNSUBSCRIBE (id), per-connection subscription ids.
 * - SEND: handed to the host's hook, which publishes with `publish(partition, destination, …)`.
 * - DISCONNECT, RECEIPT for any frame carrying `receipt`, ACK/NACK accepted (auto mode, nothing to settle).
 * - ERROR then close on every protocol error (malformed frame, unknown command, frame before CONNECT, …).
 *
 * Messages are routed by partition (the host decides: tenant + department for the server, one partition for
 * the local plugin link) and destination, so a subscriber never sees another partition's messages.
 */
import { randomUUID } from 'node:crypto';
import { encodeFrame, FrameParser, type ParserLimits, type StompFrame, StompProtocolError } from './frame.ts';

/** The transport a session runs over (a WebSocket in practice). */
export interface StompTransport {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Thrown by hooks: the broker answers ERROR with `message` (and `detail` as body) and closes. */
export class StompRefusal extends Error {
  constructor(
    message: string,
    public readonly detail = '',
  ) {
    super(message);
    this.name = 'StompRefusal';
  }
}

export interface BrokerHooks<P> {
  /** CONNECT headers → the principal and its first partition; throw StompRefusal to refuse. */
  authenticate(headers: Record<string, string>, session: StompSession<P>): Promise<{ principal: P; partition: string }>;
  /** May the session subscribe to this destination? Throw StompRefusal to refuse. */
  subscribe?(session: StompSession<P>, destination: string): Promise<void> | void;
  /** Called once a subscription is registered (e.g. to replay the latest value to it). */
  subscribed?(session: StompSession<P>, subscription: { id: string; destination: string }): void;
  /** A SEND frame; the host validates it and publishes. Throw StompRefusal to refuse. */
  send(session: StompSession<P>, destination: string, frame: StompFrame): Promise<void> | void;
}

export interface BrokerOptions {
  /** Server heart-beat offer `sx,sy` (ms): how often the broker can send, how often it wants to hear. */
  heartbeat: [number, number];
  /** Silence allowed = factor × agreed client interval (the spec asks for "some tolerance"). */
  heartbeatTolerance: number;
  /** Close a socket that has not sent CONNECT within this time. */
  connectTimeoutMs: number;
  maxSubscriptions: number;
  serverName: string;
  limits: Partial<ParserLimits>;
}

export const DEFAULT_BROKER_OPTIONS: BrokerOptions = {
  heartbeat: [10_000, 1_000],
  heartbeatTolerance: 2,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 64,
  serverName: 'Loopyard/1.2',
  limits: {},
};

const SUPPORTED = '1.2';

interface Subscription {
  id: string;
  destination: string;
}

export class StompSession<P> {
  readonly id = randomUUID();
  principal: P | undefined;
  partition = '';
  connected = false;
  closed = false;
  readonly subscriptions = new Map<string, Subscription>();
  /** Agreed intervals in ms (0 = none): broker → client and client → broker. */
  outgoingMs = 0;
  incomingMs = 0;
  private readonly parser: FrameParser;
  private lastIn = Date.now();
  private lastOut = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Frames are handled one after the other (hooks are async). */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly broker: StompBroker<P>,
    private readonly transport: StompTransport,
  ) {
    this.parser = new FrameParser(broker.options.limits);
    this.connectTimer = setTimeout(
      () => this.fail('no CONNECT frame received in time'),
      broker.options.connectTimeoutMs,
    );
  }

  /** Bytes from the transport. */
  receive(data: Buffer | string): void {
    if (this.closed) return;
    this.lastIn = Date.now();
    let events: ReturnType<FrameParser['push']>;
    try {
      events = this.parser.push(data);
    } catch (e) {
      this.fail(e instanceof StompProtocolError ? e.message : 'malformed frame');
      return;
    }
    for (const ev of events) {
      if (ev.type !== 'frame') continue;
      const frame = ev.frame;
      this.queue = this.queue.then(() => this.handle(frame)).catch(() => undefined);
    }
  }

  /** The transport closed (by the peer or by us). */
  transportClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimers();
    this.broker.detach(this);
  }

  /** Sends a frame (string from encodeFrame). */
  write(data: string): void {
    if (this.closed) return;
    this.lastOut = Date.now();
    try {
      this.transport.send(data);
    } catch {
      this.transportClosed();
    }
  }

  /** ERROR frame, then close (spec: "the server MUST then close the connection"). */
  fail(message: string, detail = '', receipt?: string): void {
    if (this.closed) return;
    this.write(
      encodeFrame(
        'ERROR',
        { message, 'receipt-id': receipt, 'content-type': detail ? 'text/plain;charset=utf-8' : undefined },
        detail,
      ),
    );
    this.closeTransport(1002, message.slice(0, 100));
  }

  closeTransport(code = 1000, reason = ''): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimers();
    this.broker.detach(this);
    try {
      this.transport.close(code, reason);
    } catch {
      /* already gone */
    }
  }

  private stopTimers(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.timer = undefined;
    this.connectTimer = undefined;
  }

  private receipt(frame: StompFrame): void {
    const r = frame.headers.receipt;
    if (r !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': r }));
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.closed) return;
    const { command, headers } = frame;
    const receipt = headers.receipt;
    try {
      if (!this.connected) {
        if (command !== 'CONNECT' && command !== 'STOMP') {
          throw new StompRefusal(`expected CONNECT, got ${command}`);
        }
        await this.connect(frame);
        return;
      }
      switch (command) {
        case 'SUBSCRIBE':
          await this.subscribe(frame);
          break;
        case 'UNSUBSCRIBE': {
          const id = headers.id;
          if (!id) throw new StompRefusal('UNSUBSCRIBE requires an id header');
          if (!this.subscriptions.has(id)) throw new StompRefusal(`no subscription with id ${id}`);
          this.broker.unindex(this, id);
          this.subscriptions.delete(id);
          break;
        }
        case 'SEND': {
          const destination = headers.destination;
          if (!destination) throw new StompRefusal('SEND requires a destination header');
          if (headers.transaction !== undefined) throw new StompRefusal('transactions are not supported');
          await this.broker.hooks.send(this, destination, frame);
          break;
        }
        case 'ACK':
        case 'NACK':
          // every subscription is ack:auto — nothing to settle
          if (!headers.id) throw new StompRefusal(`${command} requires an id header`);
          break;
        case 'DISCONNECT':
          this.receipt(frame);
          this.closeTransport(1000, 'disconnect');
          return;
        case 'CONNECT':
        case 'STOMP':
          throw new StompRefusal('already connected');
        case 'BEGIN':
        case 'COMMIT':
        case 'ABORT':
          throw new StompRefusal('transactions are not supported');
        default:
          throw new StompRefusal(`unknown command ${command.slice(0, 20)}`);
      }
      this.receipt(frame);
    } catch (e) {
      if (e instanceof StompRefusal) this.fail(e.message, e.detail, receipt);
      else this.fail('internal error', '', receipt);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const h = frame.headers;
    const versions = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes(SUPPORTED)) {
      this.write(encodeFrame('ERROR', { version: SUPPORTED, message: 'Supported protocol versions are 1.2' }));
      this.closeTransport(1002, 'unsupported version');
      return;
    }
    let cx = 0;
    let cy = 0;
    if (h['heart-beat'] !== undefined) {
      const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(h['heart-beat']);
      if (!m) throw new StompRefusal('malformed heart-beat header');
      cx = Number(m[1]);
      cy = Number(m[2]);
    }
    const who = await this.broker.hooks.authenticate(h, this);
    if (this.closed) return;
    this.principal = who.principal;
    this.partition = who.partition;
    this.connected = true;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    const [sx, sy] = this.broker.options.heartbeat;
    this.outgoingMs = sx === 0 || cy === 0 ? 0 : Math.max(sx, cy);
    this.incomingMs = cx === 0 || sy === 0 ? 0 : Math.max(cx, sy);
    this.write(
      encodeFrame('CONNECTED', {
        version: SUPPORTED,
        'heart-beat': `${sx},${sy}`,
        server: this.broker.options.serverName,
        session: this.id,
      }),
    );
    this.receipt(frame);
    this.startHeartbeat();
  }

  private startHeartbeat(): void {
    const out = this.outgoingMs;
    const inc = this.incomingMs;
    if (!out && !inc) return;
    const tick = Math.max(20, Math.min(out || Number.POSITIVE_INFINITY, inc || Number.POSITIVE_INFINITY) / 4);
    const tolerance = inc * this.broker.options.heartbeatTolerance;
    this.timer = setInterval(() => {
      const now = Date.now();
      if (inc && now - this.lastIn > tolerance) {
        // the peer is dead or stuck: no ERROR frame (nobody reads it), just close
        this.closeTransport(1001, 'heart-beat timeout');
        return;
      }
      if (out && now - this.lastOut >= out) this.write('\n');
    }, tick);
    this.timer.unref?.();
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { id, destination } = frame.headers;
    const ack = frame.headers.ack ?? 'auto';
    if (!id) throw new StompRefusal('SUBSCRIBE requires an id header');
    if (!destination) throw new StompRefusal('SUBSCRIBE requires a destination header');
    if (ack !== 'auto') throw new StompRefusal(`ack mode ${ack.slice(0, 20)} is not supported (auto only)`);
    if (this.subscriptions.has(id)) throw new StompRefusal(`subscription id ${id} is already in use`);
    if (this.subscriptions.size >= this.broker.options.maxSubscriptions)
      throw new StompRefusal('too many subscriptions');
    await this.broker.hooks.subscribe?.(this, destination);
    const sub = { id, destination };
    this.subscriptions.set(id, sub);
    this.broker.index(this, sub);
    this.broker.hooks.subscribed?.(this, sub);
  }

  /** Sends one MESSAGE to one of this session's subscriptions. */
  deliver(subscriptionId: string, body: string, headers: Record<string, string> = {}): void {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) return;
    this.write(
      encodeFrame(
        'MESSAGE',
        { ...headers, subscription: sub.id, 'message-id': this.broker.nextMessageId(), destination: sub.destination },
        body,
      ),
    );
  }

  /** Moves the session (and its subscriptions) to another partition, e.g. after chat.addUser. */
  movePartition(partition: string): void {
    if (partition === this.partition) return;
    for (const id of this.subscriptions.keys()) this.broker.unindex(this, id);
    this.partition = partition;
    for (const sub of this.subscriptions.values()) this.broker.index(this, sub);
  }
}

export class StompBroker<P> {
  readonly options: BrokerOptions;
  private readonly sessions = new Set<StompSession<P>>();
  /** partition → destination → subscribers */
  private readonly routes = new Map<string, Map<string, Map<StompSession<P>, Set<string>>>>();
  private seq = 0;

  constructor(
    readonly hooks: BrokerHooks<P>,
    options: Partial<BrokerOptions> = {},
  ) {
    this.options = { ...DEFAULT_BROKER_OPTIONS, ...options };
  }

  /** A new transport connection. Feed it bytes with `session.receive`, call `transportClosed` on close. */
  attach(transport: StompTransport): StompSession<P> {
    const s = new StompSession(this, transport);
    this.sessions.add(s);
    return s;
  }

  /** Number of open sessions (for tests and the health line). */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Delivers a MESSAGE to every subscription of `destination` in `partition`; answers how many got it.
   * `body` is text (JSON in practice); content-length is its UTF-8 byte length.
   */
  publish(partition: string, destination: string, body: string, headers: Record<string, string> = {}): number {
    const subs = this.routes.get(partition)?.get(destination);
    if (!subs) return 0;
    const messageId = this.nextMessageId();
    let n = 0;
    for (const [session, ids] of subs) {
      for (const id of ids) {
        session.write(
          encodeFrame('MESSAGE', { ...headers, subscription: id, 'message-id': messageId, destination }, body),
        );
        n++;
      }
    }
    return n;
  }

  nextMessageId(): string {
    return `${Date.now().toString(36)}-${(++this.seq).toString(36)}`;
  }

  /** Closes every session (server shutdown). */
  closeAll(): void {
    for (const s of [...this.sessions]) s.closeTransport(1001, 'server shutting down');
  }

  detach(s: StompSession<P>): void {
    for (const id of s.subscriptions.keys()) this.unindex(s, id);
    this.sessions.delete(s);
  }

  index(s: StompSession<P>, sub: Subscription): void {
    let byDest = this.routes.get(s.partition);
    if (!byDest) {
      byDest = new Map();
      this.routes.set(s.partition, byDest);
    }
    let subs = byDest.get(sub.destination);
    if (!subs) {
      subs = new Map();
      byDest.set(sub.destination, subs);
    }
    let ids = subs.get(s);
    if (!ids) {
      ids = new Set();
      subs.set(s, ids);
    }
    ids.add(sub.id);
  }

  unindex(s: StompSession<P>, id: string): void {
    const sub = s.subscriptions.get(id);
    const destination = sub?.destination;
    const byDest = this.routes.get(s.partition);
    if (!byDest) return;
    const scan = destination ? [destination] : [...byDest.keys()];
    for (const d of scan) {
      const subs = byDest.get(d);
      const ids = subs?.get(s);
      if (!subs || !ids) continue;
      ids.delete(id);
      if (ids.size === 0) subs.delete(s);
      if (subs.size === 0) byDest.delete(d);
    }
    if (byDest.size === 0) this.routes.delete(s.partition);
  }
}
