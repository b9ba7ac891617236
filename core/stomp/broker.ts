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

import { encodeFrame } from './frame.ts';
import {
  type BrokerHooks,
  type BrokerOptions,
  DEFAULT_BROKER_OPTIONS,
  StompSession,
  type StompTransport,
  type Subscription,
} from './session.ts';

// The parts, re-exported: the server, the scale bridge and the tests import the broker from this one path.
export * from './session.ts';

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
