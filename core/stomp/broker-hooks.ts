/** What a STOMP broker's host provides and tunes (split from broker.ts, which re-exports it): transport, hooks, options. */
import type { ParserLimits, StompFrame } from './frame.ts';
import type { StompSession } from './session.ts';

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
