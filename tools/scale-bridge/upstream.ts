/**
 * Optional upstream link: the bridge also publishes its weights to the server's broker (or RabbitMQ Web-STOMP,
 * BROKER_URL) so that other screens of the same department see them — spec §7.9: `/app/chat.addUser`
 * (sender deptId, type JOIN) once connected, then `/app/chat.sendMessage` (sender, content = the weight reading
 * as JSON, type CHAT). With RabbitMQ both go to `/topic/public.<tenant>.<dept>`.
 *
 * Sign-in: an access token (`--token`), or a refresh token (`--refresh-token` / `--token-file`) exchanged at
 * `--server` and rotated before it expires; the newest refresh token is written back to the token file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../core/contract/common.ts';
import {
  BROKER_DESTINATIONS,
  EXTERNAL_TOPIC_TEMPLATE,
  type WeightReading,
} from '../../core/contract/izs-weighing/socket.contract.ts';

export interface UpstreamOptions {
  brokerUrl: string;
  /** embedded: the server's /app destinations; external: RabbitMQ topic per tenant + dept. */
  mode: 'embedded' | 'external';
  deptId: string;
  tenantId: string;
  token?: string;
  refreshToken?: string;
  tokenFile?: string;
  /** http(s)://host:port of the Loopyard server, for the refresh grant. */
  server?: string;
  login?: string;
  passcode?: string;
  /** Send unchanged readings at most this often (ms); a change is sent at once. */
  minIntervalMs?: number;
  log?: (msg: string) => void;
  /** issue 24: the department's messages (the lane driver hears the server's takeover bell in them). */
  onContent?: (content: string) => void;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error_description?: string;
}

export class Upstream {
  private client: Client;
  private token: string | undefined;
  private refreshToken: string | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSent = '';
  private lastSentAt = 0;
  connected = false;

  constructor(private readonly opts: UpstreamOptions) {
    this.token = opts.token;
    this.refreshToken = opts.refreshToken ?? (opts.tokenFile ? readFileSync(opts.tokenFile, 'utf8').trim() : undefined);
    this.client = new Client({
      webSocketFactory: () => new WebSocket(opts.brokerUrl, ['v12.stomp']),
      reconnectDelay: 3000,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      beforeConnect: async (c) => {
        if (!this.token && this.refreshToken) await this.refresh();
        c.connectHeaders = {
          ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
          ...(opts.login ? { login: opts.login } : {}),
          ...(opts.passcode ? { passcode: opts.passcode } : {}),
          'Current-Dept-Id': opts.deptId,
        };
      },
      onConnect: () => {
        this.connected = true;
        this.log(`上游已连接 ${opts.brokerUrl}`);
        if (opts.onContent) {
          const sub = opts.mode === 'external' ? this.destination('sendMessage') : BROKER_DESTINATIONS.subscribe;
          this.client.subscribe(sub, (m) => {
            try {
              const d = JSON.parse(m.body) as { content?: string };
              if (typeof d.content === 'string') opts.onContent?.(d.content);
            } catch {
              /* not a chat message */
            }
          });
        }
        this.client.publish({
          destination: this.destination('addUser'),
          body: JSON.stringify({ sender: opts.deptId, type: 'JOIN' }),
        });
      },
      onStompError: (f) => this.log(`上游错误: ${f.headers.message ?? ''} ${f.body}`),
      onWebSocketClose: () => {
        if (this.connected) this.log('上游连接断开，稍后重连');
        this.connected = false;
      },
    });
  }

  private log(m: string) {
    this.opts.log?.(m);
  }

  private destination(kind: 'addUser' | 'sendMessage'): string {
    if (this.opts.mode === 'external') {
      return EXTERNAL_TOPIC_TEMPLATE.replace('{tenantId}', this.opts.tenantId).replace('{deptId}', this.opts.deptId);
    }
    return BROKER_DESTINATIONS[kind];
  }

  /** Refresh grant: a new access token (and a rotated refresh token). */
  async refresh(): Promise<void> {
    if (!this.opts.server || !this.refreshToken) return;
    const url = new URL('/api/blade-auth/oauth/token', this.opts.server);
    url.searchParams.set('grant_type', 'refresh_token');
    url.searchParams.set('refresh_token', this.refreshToken);
    url.searchParams.set('tenant', this.opts.tenantId);
    url.searchParams.set('scope', 'all');
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
        'Tenant-Id': this.opts.tenantId,
      },
    });
    const body = (await res.json()) as TokenAnswer;
    if (!res.ok || !body.access_token || !body.refresh_token) {
      throw new Error(`刷新令牌失败: ${body.error_description ?? res.status}`);
    }
    this.token = body.access_token;
    this.refreshToken = body.refresh_token;
    if (this.opts.tokenFile) writeFileSync(this.opts.tokenFile, body.refresh_token, { mode: 0o600 });
    const inMs = Math.max(60, (body.expires_in ?? 3600) - 300) * 1000;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refresh()
        .then(() => this.client.forceDisconnect())
        .catch((e: Error) => this.log(e.message));
    }, inMs);
    this.refreshTimer.unref?.();
  }

  start(): void {
    this.client.activate();
  }

  /** Sends a reading when it changed, or when `minIntervalMs` passed since the last one. */
  send(w: WeightReading): boolean {
    if (!this.connected) return false;
    const key = `${w.value}|${w.stable}`;
    const now = Date.now();
    if (key === this.lastSent && now - this.lastSentAt < (this.opts.minIntervalMs ?? 1000)) return false;
    this.lastSent = key;
    this.lastSentAt = now;
    this.client.publish({
      destination: this.destination('sendMessage'),
      body: JSON.stringify({ sender: this.opts.deptId, content: JSON.stringify(w), type: 'CHAT' }),
    });
    return true;
  }

  /** issue 24: any content on the department channel (the lane's snapshots), sent as it comes. */
  sendContent(content: string): boolean {
    if (!this.connected) return false;
    this.client.publish({
      destination: this.destination('sendMessage'),
      body: JSON.stringify({ sender: this.opts.deptId, content, type: 'CHAT' }),
    });
    return true;
  }

  async stop(): Promise<void> {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    await this.client.deactivate();
  }
}
