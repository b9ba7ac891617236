/**
 * The department channel on the server broker (spec §7.9): subscribe to /topic/public, announce with
 * /app/chat.addUser (sender deptId, type JOIN), publish weights with /app/chat.sendMessage (sender, content
 * weight, type CHAT). With an external broker (RabbitMQ Web-STOMP) the socket-config answer maps all three to
 * `/topic/public.<tenantId>.<deptId>`. Losing an established connection calls `onLost` (spec §8 "Socket loss":
 * the screen alerts 系统正在更新 and reloads).
 */
import { Client } from '@stomp/stompjs';
import type { ChatDelivery, SocketConfig } from '../../core/contract/izs-weighing/socket.contract.ts';
import type { StompLike } from './scale-link.ts';

export interface ChannelDestinations {
  subscribe: string;
  addUser: string;
  sendMessage: string;
}

export function resolveDestinations(cfg: SocketConfig, tenantId: string, deptId: string): ChannelDestinations {
  const fill = (d: string) => d.replace('{tenantId}', tenantId).replace('{deptId}', deptId);
  return {
    subscribe: fill(cfg.destinations.subscribe),
    addUser: fill(cfg.destinations.addUser),
    sendMessage: fill(cfg.destinations.sendMessage),
  };
}

/** The broker URL as a ws(s) URL: the embedded path is resolved against the page's origin. */
export function resolveBrokerUrl(cfg: SocketConfig, origin: string): string {
  if (/^wss?:\/\//.test(cfg.brokerUrl)) return cfg.brokerUrl;
  const u = new URL(cfg.brokerUrl, origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}

export interface DeptChannelOptions {
  config: SocketConfig;
  token: string;
  tenantId: string;
  deptId: string;
  origin?: string;
  onMessage?: (m: ChatDelivery) => void;
  onConnected?: () => void;
  onLost?: () => void;
  onError?: (message: string) => void;
  createClient?: (
    url: string,
    connectHeaders: Record<string, string>,
  ) => StompLike & { publish(p: { destination: string; body: string }): void };
}

export class DeptChannel {
  private client: ReturnType<NonNullable<DeptChannelOptions['createClient']>> | undefined;
  private connected = false;
  readonly destinations: ChannelDestinations;

  constructor(private readonly opts: DeptChannelOptions) {
    this.destinations = resolveDestinations(opts.config, opts.tenantId, opts.deptId);
  }

  connect(): void {
    const { config, token } = this.opts;
    const url = resolveBrokerUrl(config, this.opts.origin ?? globalThis.location?.origin ?? 'http://localhost');
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Current-Dept-Id': this.opts.deptId,
      ...(config.login ? { login: config.login } : {}),
      ...(config.passcode ? { passcode: config.passcode } : {}),
    };
    const c =
      this.opts.createClient?.(url, headers) ??
      (new Client({ brokerURL: url, connectHeaders: headers, reconnectDelay: 0 }) as unknown as NonNullable<
        typeof this.client
      >);
    this.client = c;
    c.onConnect = () => {
      this.connected = true;
      c.subscribe(this.destinations.subscribe, (m) => {
        try {
          this.opts.onMessage?.(JSON.parse(m.body) as ChatDelivery);
        } catch {
          /* not ours */
        }
      });
      c.publish({
        destination: this.destinations.addUser,
        body: JSON.stringify({ sender: this.opts.deptId, type: 'JOIN' }),
      });
      this.opts.onConnected?.();
    };
    c.onStompError = (f) => this.opts.onError?.(f.headers.message ?? 'ERROR');
    c.onWebSocketError = () => undefined;
    c.onWebSocketClose = () => {
      if (this.connected) this.opts.onLost?.();
      this.connected = false;
    };
    c.activate();
  }

  /** Publishes a weight (decimal string or a JSON reading) to the department. */
  sendWeight(content: string): boolean {
    if (!this.connected || !this.client) return false;
    this.client.publish({
      destination: this.destinations.sendMessage,
      body: JSON.stringify({ sender: this.opts.deptId, content, type: 'CHAT' }),
    });
    return true;
  }

  disconnect(): void {
    this.connected = false;
    const c = this.client;
    this.client = undefined;
    void c?.deactivate();
  }
}
