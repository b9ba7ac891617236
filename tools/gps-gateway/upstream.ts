/**
 * The gateway's link to the server: register / auth look-ups and batched position posts
 * (POST /api/izs-logistical/ingest/gateway, header X-Gateway-Token). Each caller gets its own result; a failed post
 * answers null to every caller of that batch (not acknowledged → the terminal re-sends).
 *
 * Batches are self-clocked: a batch goes `flushMs` after its first position, but not while the previous post is
 * still on its way — what arrives meanwhile goes in the next one, sent as soon as the answer is back (at once when
 * its first position has already waited `flushMs`). Quiet, that is one post every `flushMs` as before; when the
 * server is slow (a busy machine), the batches grow instead of the posts queueing up at the server, so the cost of a
 * request (HTTP, the INSERT's commit, the STOMP push) is paid once for more positions exactly when CPU is short.
 * Nothing waits on a stuck post longer than `maxWaitMs`, and `maxBatch` queued positions go at once.
 */
import { LG } from '../../core/contract/izs-logistical/fields.ts';
import type { GatewayPosition } from '../../core/contract/izs-logistical/tracking.contract.ts';

type Result = { ok: boolean; msg?: string } | null;

export class Upstream {
  private queue: { p: GatewayPosition; done: (r: Result) => void }[] = [];
  /** when the first position of `queue` arrived */
  private queuedAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight = new Set<Promise<void>>();
  /** the position posts on their way (the 0x0704 batches and look-ups are not held back by them) */
  private posting = 0;

  constructor(
    readonly server: string,
    readonly token: string,
    readonly flushMs = 15,
    readonly maxBatch = 500,
    readonly maxWaitMs = 250,
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
      if (this.queue.length === 0) this.queuedAt = Date.now();
      this.queue.push({ p, done });
      if (this.queue.length >= this.maxBatch) this.send();
      else this.schedule();
    });
  }

  /** Sends the queue when it is due: `flushMs` after its first position and the previous post answered. */
  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const waited = Date.now() - this.queuedAt;
    const due = this.posting === 0 ? this.flushMs - waited : this.maxWaitMs - waited;
    if (due <= 0) this.send();
    else this.timer = setTimeout(() => this.send(), due);
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
    this.posting++;
    const run = this.post<{ results: { ok: boolean; msg?: string }[] }>('/ingest/gateway', {
      positions: batch.map((b) => b.p),
    })
      .then((r) => {
        for (const [i, b] of batch.entries()) b.done(r.results[i] ?? null);
      })
      .catch(() => {
        for (const b of batch) b.done(null);
      })
      .finally(() => {
        this.inflight.delete(run);
        this.posting--;
        // what queued while this post was on its way: its timer (if any) counted on the maxWaitMs wait
        clearTimeout(this.timer);
        this.timer = undefined;
        this.schedule();
      });
    this.inflight.add(run);
  }

  async flush(): Promise<void> {
    this.send();
    await Promise.all([...this.inflight]);
  }
}
