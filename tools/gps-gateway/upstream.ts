/**
 * The gateway's link to the server: register / auth look-ups and batched position posts
 * (POST /api/izs-logistical/ingest/gateway, header X-Gateway-Token). Positions wait at most `flushMs` (or until
 * `maxBatch` are queued) and each caller gets its own result; a failed post answers null to every caller of that
 * batch (not acknowledged → the terminal re-sends).
 */
import { LG } from '../../core/contract/izs-logistical/fields.ts';
import type { GatewayPosition } from '../../core/contract/izs-logistical/tracking.contract.ts';

type Result = { ok: boolean; msg?: string } | null;

export class Upstream {
  private queue: { p: GatewayPosition; done: (r: Result) => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight = new Set<Promise<void>>();

  constructor(
    readonly server: string,
    readonly token: string,
    readonly flushMs = 15,
    readonly maxBatch = 500,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.server}${LG}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-token': this.token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: T; msg: string };
    if (json.code !== 200) throw new Error(`${res.status} ${json.msg}`);
    return json.data;
  }

  /** `address`: the terminal's own address (the server counts failed sign-ins per address and terminal). */
  register(terminal: string, plate: string, address = '') {
    return this.post<{ result: number; authCode: string; locked?: boolean }>('/ingest/gateway/register', {
      terminal,
      plate,
      address: address.slice(0, 64),
    });
  }

  /** ok: the 鉴权码 is right; locked: too many failed sign-ins from this address or for this terminal. */
  async auth(terminal: string, code: string, address = ''): Promise<{ ok: boolean; locked: boolean }> {
    const r = await this.post<{ ok: boolean; locked?: boolean }>('/ingest/gateway/auth', {
      terminal,
      code: code.slice(0, 64),
      address: address.slice(0, 64),
    });
    return { ok: r.ok, locked: !!r.locked };
  }

  async reject(terminal: string, reason: string, raw: string, address = ''): Promise<void> {
    await this.post('/ingest/gateway/reject', {
      terminal: terminal.slice(0, 24),
      reason,
      raw: raw.slice(0, 8192),
      address: address.slice(0, 64),
    });
  }

  position(p: GatewayPosition): Promise<Result> {
    return new Promise((done) => {
      this.queue.push({ p, done });
      if (this.queue.length >= this.maxBatch) this.send();
      else this.timer ??= setTimeout(() => this.send(), this.flushMs);
    });
  }

  /**
   * A 0x0704 batch: posted at once as one request (its items stay together and in order), answered per item;
   * null when the server could not be reached.
   */
  async positions(list: GatewayPosition[]): Promise<{ ok: boolean; msg?: string }[] | null> {
    try {
      const r = await this.post<{ results: { ok: boolean; msg?: string }[] }>('/ingest/gateway', { positions: list });
      return list.map((_, i) => r.results[i] ?? { ok: false });
    } catch {
      return null;
    }
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const run = this.post<{ results: { ok: boolean; msg?: string }[] }>('/ingest/gateway', {
      positions: batch.map((b) => b.p),
    })
      .then((r) => {
        for (const [i, b] of batch.entries()) b.done(r.results[i] ?? null);
      })
      .catch(() => {
        for (const b of batch) b.done(null);
      })
      .finally(() => this.inflight.delete(run));
    this.inflight.add(run);
  }

  async flush(): Promise<void> {
    this.send();
    await Promise.all([...this.inflight]);
  }
}
