/**
 * One STOMP 1.2 connection and what its host provides (split from broker.ts, whose header states the protocol
 * handled): transport, hooks and options; frame parsing, CONNECT and heart-beats, SUBSCRIBE / UNSUBSCRIBE, SEND
 * through the host's hook, RECEIPT, ERROR then close.
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

/** One SUBSCRIBE of a session. */
export interface Subscription {
  id: string;
  destination: string;
}

/** What a session needs of its broker (StompBroker, broker.ts). */
export interface SessionHost<P> {
  readonly options: BrokerOptions;
  readonly hooks: BrokerHooks<P>;
  index(s: StompSession<P>, sub: Subscription): void;
  unindex(s: StompSession<P>, id: string): void;
  detach(s: StompSession<P>): void;
  nextMessageId(): string;
}

const SUPPORTED = '1.2';

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
    private readonly broker: SessionHost<P>,
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
