/**
 * Simulated JT/T 808 terminals over TCP (`--simulate N`, the bench): each registers (0x0100), authenticates with
 * the code it was given (0x0102), then reports its position (0x0200, 2019 header) every second along a road
 * between the demo sites, with stops and one speeding vehicle (core/logistics/simulate.ts). A report stays
 * "unacknowledged" until its 0x8001 arrives: it is sent again after 10 s without an answer, and after a reconnect
 * the terminal re-sends every unacknowledged report.
 */
import net from 'node:net';
import {
  Deframer,
  decodeFrame,
  encodeAuth,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  MSG,
} from '../../core/logistics/jt808.ts';
import { DEMO_SITES, type RouteWalker, simPhone, simVehicle } from '../../core/logistics/simulate.ts';

/** A report without its 0x8001 answer after this long is sent again (the timeout retransmission of JT/T 808). */
export const RETRANSMIT_MS = 10_000;

export interface TerminalStats {
  sent: number;
  acked: number;
  refused: number;
  /** report time → ack time (ms) */
  ackLatency: number[];
}

export class SimTerminal {
  private sock: net.Socket | undefined;
  private serial = 0;
  private authCode = '';
  private authed = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly unacked = new Map<number, { frame: Uint8Array; at: number; sentAt: number }>();
  private readonly walker: RouteWalker;
  readonly phone: string;
  stopped = false;

  constructor(
    readonly index: number,
    readonly host: string,
    readonly port: number,
    readonly stats: TerminalStats,
    readonly hz = 1,
    /** called with each report's send time (the bench measures report → map latency from it) */
    readonly onReport?: (phone: string, time: number) => void,
  ) {
    this.phone = simPhone(index);
    this.walker = simVehicle(
      index,
      DEMO_SITES.map(([, , lon, lat]) => [lon, lat]),
    );
  }

  private frame(msgId: number, body: Uint8Array): { serial: number; bytes: Uint8Array } {
    this.serial = (this.serial + 1) & 0xffff;
    return {
      serial: this.serial,
      bytes: encodeFrame({ msgId, v2019: true, protocolVersion: 1, phone: this.phone, serial: this.serial, body }),
    };
  }

  connect(): void {
    if (this.stopped) return;
    const sock = net.connect(this.port, this.host);
    this.sock = sock;
    sock.setNoDelay(true);
    const de = new Deframer();
    sock.on('connect', () => {
      this.authed = false;
      const reg = encodeRegister(
        {
          province: 44,
          city: 600,
          maker: 'LOOPY',
          model: 'SIM-808',
          terminalId: `T${this.index}`,
          plateColor: 2,
          plate: `SIM${this.index}`,
        },
        true,
      );
      sock.write(this.frame(MSG.register, reg).bytes);
      // no answer (the platform busy or its server unreachable): register again after 5 s, as terminals retransmit
      const retry = setInterval(() => {
        if (this.authed || this.stopped || sock.destroyed) return clearInterval(retry);
        sock.write(this.frame(MSG.register, reg).bytes);
      }, 5000);
    });
    sock.on('data', (chunk) => {
      for (const raw of de.push(chunk)) {
        const r = decodeFrame(raw);
        if (r.ok) this.onMessage(r.msg.msgId, r.msg.body);
      }
    });
    sock.on('error', () => undefined);
    sock.on('close', () => {
      this.authed = false;
      clearInterval(this.timer);
      if (!this.stopped) setTimeout(() => this.connect(), 1000);
    });
  }

  private onMessage(msgId: number, body: Uint8Array): void {
    if (msgId === MSG.registerReply) {
      if (body[2] !== 0) return;
      this.authCode = new TextDecoder().decode(body.subarray(3));
      this.sock?.write(this.frame(MSG.auth, encodeAuth(this.authCode, true, '860000000000000')).bytes);
      return;
    }
    if (msgId !== MSG.platformReply) return;
    const serial = (body[0] << 8) | body[1];
    const replyTo = (body[2] << 8) | body[3];
    const result = body[4];
    if (replyTo === MSG.auth && result === 0 && !this.authed) {
      this.authed = true;
      // re-send what was never acknowledged, then report every second
      for (const u of this.unacked.values()) this.sock?.write(u.frame);
      this.timer = setInterval(() => this.report(), 1000 / this.hz);
      return;
    }
    if (replyTo === MSG.location) {
      const u = this.unacked.get(serial);
      if (!u) return;
      this.unacked.delete(serial);
      if (result === 0) {
        this.stats.acked++;
        this.stats.ackLatency.push(Date.now() - u.at);
      } else this.stats.refused++;
    }
  }

  private report(): void {
    if (!this.authed || !this.sock || this.stopped) return;
    const f = this.walker.step(1 / this.hz);
    const now = Date.now();
    const body = encodeLocation({ ...f, time: now, alarm: 0 });
    const { serial, bytes } = this.frame(MSG.location, body);
    this.unacked.set(serial, { frame: bytes, at: now, sentAt: now });
    // JT/T 808 retransmission: a report with no answer for RETRANSMIT_MS is sent again (the platform stores it once)
    for (const u of this.unacked.values()) {
      if (now - u.sentAt < RETRANSMIT_MS) continue;
      u.sentAt = now;
      this.sock.write(u.frame);
    }
    this.stats.sent++;
    this.sock.write(bytes);
    this.onReport?.(this.phone, now);
  }

  get pending(): number {
    return this.unacked.size;
  }

  /** registered and authenticated: reporting */
  get ready(): boolean {
    return this.authed;
  }

  /** Stops reporting but keeps the connection, so the acknowledgements still on their way arrive. */
  pause(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.sock?.destroy();
  }
}

export function simulateTerminals(
  n: number,
  host: string,
  port: number,
  hz = 1,
  onReport?: (phone: string, time: number) => void,
  /** index of the first terminal (device id 13900000000 + first); several processes each take a range */
  first = 0,
) {
  const stats: TerminalStats = { sent: 0, acked: 0, refused: 0, ackLatency: [] };
  const terminals = Array.from({ length: n }, (_, i) => new SimTerminal(first + i, host, port, stats, hz, onReport));
  for (const [i, t] of terminals.entries()) setTimeout(() => t.connect(), Math.floor((i * 1000) / Math.max(1, n)));
  return {
    stats,
    terminals,
    stop: () => {
      for (const t of terminals) t.stop();
    },
    pause: () => {
      for (const t of terminals) t.pause();
    },
    pending: () => terminals.reduce((a, t) => a + t.pending, 0),
    ready: () => terminals.filter((t) => t.ready).length,
  };
}
