/**
 * The JT/T 808 TCP gateway: one session per terminal connection. Registration (0x0100 → 0x8100 with the 鉴权码 the
 * server keeps for the car), authentication (0x0102 → 0x8001), heartbeat (0x0002 → 0x8001) and location reports
 * (0x0200 → stored by the server, then 0x8001) and batch uploads (0x0704, 正常批量 and 盲区补报: every item stored in
 * order, then one 0x8001; 补报 items are marked 补传 at the server and never alarmed). A location report is acknowledged only after the server answered
 * that it stored it: a gateway restart or a server outage loses nothing the terminal was told was received (the
 * terminal re-sends what was not acknowledged; the server stores a re-sent position once). Frames with a bad
 * checksum or escape are refused and logged (with their hex) at the server, never forwarded.
 */
import net from 'node:net';
import type { GatewayPosition } from '../../core/contract/izs-logistical/tracking.contract.ts';
import {
  Deframer,
  decodeFrame,
  encodeFrame,
  generalReplyBody,
  type Location,
  type Message,
  MSG,
  parseAuth,
  parseBatch,
  parseLocation,
  parseRegister,
  REPLY,
  registerReplyBody,
  toHex,
} from '../../core/logistics/jt808.ts';
import type { Upstream } from './upstream.ts';

const toPosition = (terminal: string, loc: Location, late = false): GatewayPosition => ({
  terminal,
  time: loc.time,
  lon: loc.lon,
  lat: loc.lat,
  speed: loc.speed,
  direction: loc.direction % 360,
  altitude: loc.altitude,
  alarmBits: loc.alarm,
  located: loc.located,
  mileageKm: loc.mileageKm,
  late,
});

export interface GatewayStats {
  frames: number;
  bad: number;
  stored: number;
  refused: number;
  sessions: number;
}

interface Session {
  /** the terminal's address: the server counts its failed sign-ins per address and terminal */
  address: string;
  phone: string;
  v2019: boolean;
  authed: boolean;
  serial: number;
}

export class Gateway {
  readonly stats: GatewayStats = { frames: 0, bad: 0, stored: 0, refused: 0, sessions: 0 };
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly up: Upstream,
    private readonly log: (msg: string) => void = (m) => console.log(m),
  ) {}

  listen(port: number, host = '0.0.0.0'): Promise<number> {
    this.server = net.createServer((sock) => this.accept(sock));
    return new Promise((resolve) =>
      this.server!.listen(port, host, () => resolve((this.server!.address() as net.AddressInfo).port)),
    );
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    await this.up.flush();
  }

  private accept(sock: net.Socket): void {
    sock.setNoDelay(true);
    this.sockets.add(sock);
    this.stats.sessions++;
    const de = new Deframer();
    const s: Session = { address: sock.remoteAddress ?? '', phone: '', v2019: false, authed: false, serial: 0 };
    /** too many failed sign-ins: answered 失败 and hung up (the terminal reconnects later) */
    const hangUp = () => setTimeout(() => sock.end(), 50);
    const reply = (m: Message, msgId: number, body: Uint8Array) => {
      if (sock.destroyed) return;
      s.serial = (s.serial + 1) & 0xffff;
      sock.write(
        encodeFrame({
          msgId,
          v2019: m.v2019,
          protocolVersion: m.protocolVersion,
          phone: m.phone,
          serial: s.serial,
          body,
        }),
      );
    };
    const general = (m: Message, result: number) =>
      reply(m, MSG.platformReply, generalReplyBody(m.serial, m.msgId, result));
    sock.on('data', (chunk) => {
      for (const raw of de.push(chunk)) {
        this.stats.frames++;
        const r = decodeFrame(raw);
        if (!r.ok) {
          this.stats.bad++;
          this.log(`拒收帧 (${r.error}) ${s.phone || sock.remoteAddress}: ${toHex(raw).slice(0, 120)}`);
          void this.up.reject(s.phone, r.error, toHex(raw), s.address).catch(() => undefined);
          continue;
        }
        void this.handle(r.msg, s, general, reply, hangUp).catch((e) => this.log(`处理失败 ${s.phone}: ${String(e)}`));
      }
    });
    sock.on('close', () => {
      this.sockets.delete(sock);
      this.stats.sessions--;
    });
    sock.on('error', () => sock.destroy());
  }

  private async handle(
    m: Message,
    s: Session,
    general: (m: Message, result: number) => void,
    reply: (m: Message, id: number, body: Uint8Array) => void,
    hangUp: () => void,
  ): Promise<void> {
    if (s.phone && s.phone !== m.phone) s.authed = false;
    s.phone = m.phone;
    s.v2019 = m.v2019;
    switch (m.msgId) {
      case MSG.register: {
        const reg = parseRegister(m.body, m.v2019);
        const r = await this.up.register(m.phone, reg?.plate ?? '', s.address);
        reply(m, MSG.registerReply, registerReplyBody(m.serial, r.result, r.authCode));
        if (r.locked) hangUp();
        return;
      }
      case MSG.auth: {
        const a = parseAuth(m.body, m.v2019);
        const r = a ? await this.up.auth(m.phone, a.code, s.address) : { ok: false, locked: false };
        s.authed = r.ok;
        general(m, s.authed ? REPLY.ok : REPLY.fail);
        if (r.locked) hangUp();
        return;
      }
      case MSG.heartbeat:
        general(m, s.authed ? REPLY.ok : REPLY.fail);
        return;
      case MSG.location: {
        if (!s.authed) return general(m, REPLY.fail);
        const loc = parseLocation(m.body);
        if (!loc || Number.isNaN(loc.time)) {
          this.stats.refused++;
          void this.up.reject(m.phone, '位置数据格式不正确', toHex(m.body), s.address).catch(() => undefined);
          return general(m, REPLY.bad);
        }
        const res = await this.up.position(toPosition(m.phone, loc));
        if (res === null) return; // server unreachable: no acknowledgement, the terminal re-sends
        if (res.ok) this.stats.stored++;
        else this.stats.refused++;
        return general(m, res.ok ? REPLY.ok : REPLY.bad);
      }
      case MSG.batchLocation: {
        // 定位数据批量上传 (type 0 正常批量, type 1 盲区补报): every item is sent to the server in one post, in the
        // terminal's order; the batch is acknowledged once the server has answered for every item (stored, or
        // refused and logged there — a refused item is not worth the terminal re-sending the whole backlog)
        if (!s.authed) return general(m, REPLY.fail);
        const batch = parseBatch(m.body);
        if (!batch || batch.items.length === 0) {
          this.stats.refused++;
          void this.up.reject(m.phone, '批量位置数据格式不正确', toHex(m.body), s.address).catch(() => undefined);
          return general(m, REPLY.bad);
        }
        const positions: GatewayPosition[] = [];
        for (const item of batch.items) {
          const loc = parseLocation(item);
          if (!loc || Number.isNaN(loc.time)) {
            this.stats.refused++;
            void this.up.reject(m.phone, '位置数据格式不正确', toHex(item), s.address).catch(() => undefined);
            continue;
          }
          positions.push(toPosition(m.phone, loc, batch.type === 1));
        }
        const res = positions.length ? await this.up.positions(positions) : [];
        if (res === null) return; // server unreachable: no acknowledgement, the terminal re-sends the batch
        for (const r of res) {
          if (r.ok) this.stats.stored++;
          else this.stats.refused++;
        }
        return general(m, REPLY.ok);
      }
      case MSG.terminalReply:
      case MSG.logout:
        if (m.msgId === MSG.logout) s.authed = false;
        if (m.msgId === MSG.logout) general(m, REPLY.ok);
        return;
      default:
        general(m, REPLY.unsupported);
    }
  }
}
