/**
 * JT/T 808 (2013 and 2019) framing and the few bodies the GPS gateway handles — written from the standard
 * (reference logistics-trace-open.md §1; npm has no maintained JT/T 808 package). Pure: Uint8Array only.
 *
 * Frame: 0x7E | header | body | XOR check | 0x7E, with 0x7E → 0x7D 0x02 and 0x7D → 0x7D 0x01 inside.
 * Receive: de-frame → unescape → verify XOR → parse. Send: build → XOR → escape → delimit.
 * Header: msgId WORD, props WORD (bit14 = 2019, bit13 = subpackage, bits 0–9 body length), [2019: version BYTE],
 * phone BCD[6] (2013) / BCD[10] (2019), serial WORD, [subpackage: total WORD, index WORD].
 *
 * Cost (issue 25: a gateway reads and answers every report of every terminal, ~1,000 a second): no per-byte arrays
 * — the de-framer and the escapes find the 0x7E / 0x7D with the typed array's own `indexOf` and copy runs with
 * `set`; BCD digits go through a byte → text table and plain arithmetic, never a regular expression per frame.
 */

export const MSG = {
  terminalReply: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  location: 0x0200,
  /** 定位数据批量上传: type 0 正常位置批量汇报, type 1 盲区补报 */
  batchLocation: 0x0704,
  platformReply: 0x8001,
  registerReply: 0x8100,
} as const;

/** Result byte of 0x8001. */
export const REPLY = { ok: 0, fail: 1, bad: 2, unsupported: 3 } as const;

/** Escaped bytes between two 0x7E: a 1023-byte body fully escaped, plus the longest header. */
export const MAX_FRAME = 2 * (1023 + 21 + 1);

export interface Header {
  msgId: number;
  /** 2019 header (bit14 of the body properties). */
  v2019: boolean;
  protocolVersion: number;
  /** Terminal phone number, BCD digits without leading zeros. */
  phone: string;
  serial: number;
  subpackage?: { total: number; index: number };
}

export interface Message extends Header {
  body: Uint8Array;
}

export type DecodeResult = { ok: true; msg: Message } | { ok: false; error: string };

/** How many bytes of `bytes` need an escape (0x7E and 0x7D). */
function specials(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0x7e); i !== -1; i = bytes.indexOf(0x7e, i + 1)) n++;
  for (let i = bytes.indexOf(0x7d); i !== -1; i = bytes.indexOf(0x7d, i + 1)) n++;
  return n;
}

/** Writes `bytes` escaped into `out` from `at` (room for `bytes.length + specials(bytes)`); answers the end. */
function escapeInto(bytes: Uint8Array, out: Uint8Array, at: number): number {
  let o = at;
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x7e && b !== 0x7d) continue;
    out.set(bytes.subarray(from, i), o);
    o += i - from;
    out[o++] = 0x7d;
    out[o++] = b === 0x7e ? 0x02 : 0x01;
    from = i + 1;
  }
  out.set(bytes.subarray(from), o);
  return o + bytes.length - from;
}

/** 0x7E → 7D 02, 0x7D → 7D 01. */
export function escapeBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + specials(bytes));
  escapeInto(bytes, out, 0);
  return out;
}

/** Inverse of `escape`; null when a 0x7D is followed by anything but 01/02 (or ends the frame). */
export function unescapeBytes(bytes: Uint8Array): Uint8Array | null {
  let i = bytes.indexOf(0x7d);
  if (i === -1) return bytes.slice();
  const out = new Uint8Array(bytes.length);
  let n = 0;
  let from = 0;
  while (i !== -1) {
    out.set(bytes.subarray(from, i), n);
    n += i - from;
    const next = bytes[i + 1];
    if (next === 0x01) out[n++] = 0x7d;
    else if (next === 0x02) out[n++] = 0x7e;
    else return null;
    from = i + 2;
    i = bytes.indexOf(0x7d, from);
  }
  out.set(bytes.subarray(from), n);
  return out.subarray(0, n + bytes.length - from);
}

export function xor(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0;
  for (let i = from; i < to; i++) c ^= bytes[i];
  return c;
}

/** byte → its two BCD nibbles as hex text ('00' … 'ff'; a non-decimal nibble shows as a–f) */
const NIBBLES = Array.from({ length: 256 }, (_, x) => x.toString(16).padStart(2, '0'));

function bcdToDigits(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += NIBBLES[b[i]];
  return s;
}

function digitsToBcd(digits: string, bytes: number): Uint8Array {
  if (!/^\d*$/.test(digits)) throw new Error(`not BCD digits: ${digits}`);
  const s = digits.padStart(bytes * 2, '0').slice(-bytes * 2);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = (Number(s[2 * i]) << 4) | Number(s[2 * i + 1]);
  return out;
}

/** A terminal's phone as BCD, kept: every frame to or from a terminal carries the same one. */
const phoneBcd = new Map<string, Uint8Array>();
function phoneToBcd(phone: string, bytes: number): Uint8Array {
  const key = bytes === 10 ? phone : `${phone}/6`;
  let b = phoneBcd.get(key);
  if (!b) {
    b = digitsToBcd(phone, bytes);
    if (phoneBcd.size >= 100_000) phoneBcd.clear();
    phoneBcd.set(key, b);
  }
  return b;
}

const u16 = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u32 = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);

/**
 * Splits a TCP byte stream into raw frames (the escaped bytes between two 0x7E). Every 0x7E both ends the frame
 * being collected and starts the next one (a 0x7E never occurs inside a frame: it is escaped), so a truncated frame
 * — a terminal that lost its connection mid-frame, a corrupted byte — costs only itself: the frame after it is
 * read from its own opening 0x7E, not swallowed as the broken one's tail. The broken piece is handed on like any
 * frame (its checksum refuses it and it is logged). Garbage before the first 0x7E is dropped; a run longer than
 * MAX_FRAME is dropped up to the next 0x7E; empty frames (7E 7E, the close of one frame and the open of the next)
 * yield nothing.
 */
export class Deframer {
  /** the bytes of a frame split across reads (allocated at the first such frame) */
  private buf: Uint8Array | undefined;
  private len = 0;
  private inFrame = false;
  private overflow = false;
  dropped = 0;

  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    let i = 0;
    while (i < chunk.length) {
      const d = chunk.indexOf(0x7e, i);
      const end = d === -1 ? chunk.length : d;
      if (this.inFrame && !this.overflow && end > i) {
        if (d !== -1 && this.len === 0) {
          // the whole frame in this read (the usual case): one copy, no collecting
          if (end - i > MAX_FRAME) this.dropped++;
          else frames.push(chunk.slice(i, end));
          i = d + 1;
          continue;
        }
        this.collect(chunk, i, end);
      }
      if (d === -1) break;
      if (this.inFrame && this.len > 0 && !this.overflow) frames.push(this.buf!.slice(0, this.len));
      this.len = 0;
      this.overflow = false;
      this.inFrame = true;
      i = d + 1;
    }
    return frames;
  }

  private collect(chunk: Uint8Array, from: number, to: number): void {
    if (this.len + (to - from) > MAX_FRAME) {
      this.dropped++;
      this.len = 0;
      this.overflow = true;
      return;
    }
    this.buf ??= new Uint8Array(MAX_FRAME);
    this.buf.set(chunk.subarray(from, to), this.len);
    this.len += to - from;
  }
}

/** Parses one raw frame (escaped bytes between the delimiters, delimiters optional). */
export function decodeFrame(raw: Uint8Array): DecodeResult {
  let r = raw;
  if (r[0] === 0x7e) r = r.subarray(1);
  if (r[r.length - 1] === 0x7e) r = r.subarray(0, r.length - 1);
  const b = unescapeBytes(r);
  if (!b) return { ok: false, error: '转义错误' };
  if (b.length < 13) return { ok: false, error: '帧太短' };
  const check = b[b.length - 1];
  if (xor(b, 0, b.length - 1) !== check) return { ok: false, error: '校验码错误' };
  const msgId = u16(b, 0);
  const props = u16(b, 2);
  const v2019 = (props & 0x4000) !== 0;
  const sub = (props & 0x2000) !== 0;
  const len = props & 0x03ff;
  if ((props & 0x1c00) !== 0) return { ok: false, error: '不支持加密消息' };
  let o = 4;
  let protocolVersion = 0;
  if (v2019) protocolVersion = b[o++];
  const phoneLen = v2019 ? 10 : 6;
  const phone = bcdToDigits(b.subarray(o, o + phoneLen)).replace(/^0+(?=\d)/, '');
  o += phoneLen;
  const serial = u16(b, o);
  o += 2;
  let subpackage: Header['subpackage'];
  if (sub) {
    subpackage = { total: u16(b, o), index: u16(b, o + 2) };
    o += 4;
  }
  if (o + len !== b.length - 1) return { ok: false, error: '消息体长度不符' };
  return {
    ok: true,
    msg: { msgId, v2019, protocolVersion, phone, serial, subpackage, body: b.slice(o, o + len) },
  };
}

/** Builds a complete frame (with delimiters). */
export function encodeFrame(h: Omit<Header, 'subpackage'> & { body: Uint8Array }): Uint8Array {
  if (h.body.length > 0x03ff) throw new Error('body longer than 1023 bytes');
  const phone = phoneToBcd(h.phone, h.v2019 ? 10 : 6);
  const headLen = 4 + (h.v2019 ? 1 : 0) + phone.length + 2;
  const plain = new Uint8Array(headLen + h.body.length + 1);
  const props = (h.v2019 ? 0x4000 : 0) | h.body.length;
  plain[0] = h.msgId >> 8;
  plain[1] = h.msgId & 0xff;
  plain[2] = props >> 8;
  plain[3] = props & 0xff;
  let o = 4;
  if (h.v2019) plain[o++] = h.protocolVersion & 0xff;
  plain.set(phone, o);
  o += phone.length;
  plain[o++] = (h.serial >> 8) & 0xff;
  plain[o++] = h.serial & 0xff;
  plain.set(h.body, o);
  plain[plain.length - 1] = xor(plain, 0, plain.length - 1);
  const out = new Uint8Array(plain.length + specials(plain) + 2);
  out[0] = 0x7e;
  escapeInto(plain, out, 1);
  out[out.length - 1] = 0x7e;
  return out;
}

export function toHex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export function fromHex(s: string): Uint8Array {
  const h = s.replace(/[^0-9a-fA-F]/g, '');
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** 0x8001 body: reply serial, reply id, result. */
export function generalReplyBody(serial: number, msgId: number, result: number): Uint8Array {
  return Uint8Array.of(serial >> 8, serial & 0xff, msgId >> 8, msgId & 0xff, result);
}

/** 0x8100 body: reply serial, result, auth code (only when result = 0). */
export function registerReplyBody(serial: number, result: number, authCode: string): Uint8Array {
  const code = result === 0 ? new TextEncoder().encode(authCode) : new Uint8Array(0);
  const out = new Uint8Array(3 + code.length);
  out.set([serial >> 8, serial & 0xff, result], 0);
  out.set(code, 3);
  return out;
}

export interface Registration {
  province: number;
  city: number;
  maker: string;
  model: string;
  terminalId: string;
  plateColor: number;
  /** 车牌 (GBK in the wild; ASCII/UTF-8 decoded here, callers may re-decode `plateBytes`). */
  plate: string;
  plateBytes: Uint8Array;
}

const ascii = (b: Uint8Array) => new TextDecoder('latin1').decode(b).replace(/\0+$/g, '').trim();

export function parseRegister(body: Uint8Array, v2019: boolean): Registration | null {
  const [mk, md, id] = v2019 ? [11, 30, 30] : [5, 20, 7];
  const fixed = 4 + mk + md + id + 1;
  if (body.length < fixed) return null;
  let o = 4;
  const maker = ascii(body.subarray(o, o + mk));
  o += mk;
  const model = ascii(body.subarray(o, o + md));
  o += md;
  const terminalId = ascii(body.subarray(o, o + id));
  o += id;
  const plateColor = body[o++];
  const plateBytes = body.slice(o);
  return {
    province: u16(body, 0),
    city: u16(body, 2),
    maker,
    model,
    terminalId,
    plateColor,
    plateBytes,
    plate: new TextDecoder('utf-8').decode(plateBytes).replace(/\0+$/g, ''),
  };
}

export function encodeRegister(r: Omit<Registration, 'plateBytes'>, v2019: boolean): Uint8Array {
  const [mk, md, id] = v2019 ? [11, 30, 30] : [5, 20, 7];
  const plate = new TextEncoder().encode(r.plate);
  const out = new Uint8Array(4 + mk + md + id + 1 + plate.length);
  out.set([r.province >> 8, r.province & 0xff, r.city >> 8, r.city & 0xff], 0);
  const put = (s: string, at: number, n: number) => out.set(new TextEncoder().encode(s).subarray(0, n), at);
  put(r.maker, 4, mk);
  put(r.model, 4 + mk, md);
  put(r.terminalId, 4 + mk + md, id);
  out[4 + mk + md + id] = r.plateColor;
  out.set(plate, 5 + mk + md + id);
  return out;
}

/** 0x0102: 2013 = the whole body is the code; 2019 = length BYTE, code, IMEI[15], software version[20]. */
export function parseAuth(body: Uint8Array, v2019: boolean): { code: string; imei?: string } | null {
  if (!v2019) return { code: ascii(body) };
  if (body.length < 1) return null;
  const n = body[0];
  if (body.length < 1 + n) return null;
  return { code: ascii(body.subarray(1, 1 + n)), imei: ascii(body.subarray(1 + n, 16 + n)) };
}

export function encodeAuth(code: string, v2019: boolean, imei = ''): Uint8Array {
  const c = new TextEncoder().encode(code);
  if (!v2019) return c;
  const out = new Uint8Array(1 + c.length + 15 + 20);
  out[0] = c.length;
  out.set(c, 1);
  out.set(new TextEncoder().encode(imei).subarray(0, 15), 1 + c.length);
  return out;
}

export interface Location {
  alarm: number;
  status: number;
  /** degrees, signed by the hemisphere bits */
  lat: number;
  lon: number;
  altitude: number;
  /** km/h (the frame carries 1/10 km/h) */
  speed: number;
  direction: number;
  /** epoch ms (the frame's BCD time is GMT+8) */
  time: number;
  /** 0x01 里程 in km, when present */
  mileageKm?: number;
  /** status bit1 = 0 → 未定位 */
  located: boolean;
  acc: boolean;
}

/** BCD YYMMDDhhmmss in GMT+8 → epoch ms; NaN when the digits are not a time. */
export function bcdTime(b: Uint8Array): number {
  if (b.length !== 6) return Number.NaN;
  const v: number[] = [];
  for (let i = 0; i < 6; i++) {
    const hi = b[i] >> 4;
    const lo = b[i] & 0x0f;
    if (hi > 9 || lo > 9) return Number.NaN;
    v.push(hi * 10 + lo);
  }
  const [y, mo, da, h, mi, s] = v;
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59 || s > 59) return Number.NaN;
  return Date.UTC(2000 + y, mo - 1, da, h - 8, mi, s);
}

export function timeBcd(ms: number): Uint8Array {
  const d = new Date(ms + 8 * 3600_000);
  const bcd = (x: number) => (Math.floor(x / 10) << 4) | (x % 10);
  return Uint8Array.of(
    bcd(d.getUTCFullYear() % 100),
    bcd(d.getUTCMonth() + 1),
    bcd(d.getUTCDate()),
    bcd(d.getUTCHours()),
    bcd(d.getUTCMinutes()),
    bcd(d.getUTCSeconds()),
  );
}

export function parseLocation(body: Uint8Array): Location | null {
  if (body.length < 28) return null;
  const status = u32(body, 4);
  const lat = u32(body, 8) / 1e6;
  const lon = u32(body, 12) / 1e6;
  const loc: Location = {
    alarm: u32(body, 0),
    status,
    lat: status & 0x4 ? -lat : lat,
    lon: status & 0x8 ? -lon : lon,
    altitude: u16(body, 16),
    speed: u16(body, 18) / 10,
    direction: u16(body, 20),
    time: bcdTime(body.subarray(22, 28)),
    located: (status & 0x2) !== 0,
    acc: (status & 0x1) !== 0,
  };
  let o = 28;
  while (o + 2 <= body.length) {
    const id = body[o];
    const len = body[o + 1];
    if (o + 2 + len > body.length) break;
    if (id === 0x01 && len === 4) loc.mileageKm = u32(body, o + 2) / 10;
    o += 2 + len;
  }
  return loc;
}

/** 0x0704 body: item count WORD, type BYTE (0 正常批量, 1 盲区补报), then per item its length WORD and a 0x0200 body. */
export interface LocationBatch {
  type: number;
  items: Uint8Array[];
}

export function parseBatch(body: Uint8Array): LocationBatch | null {
  if (body.length < 3) return null;
  const count = u16(body, 0);
  const type = body[2];
  const items: Uint8Array[] = [];
  let o = 3;
  for (let i = 0; i < count; i++) {
    if (o + 2 > body.length) return null;
    const len = u16(body, o);
    o += 2;
    if (o + len > body.length) return null;
    items.push(body.subarray(o, o + len));
    o += len;
  }
  return { type, items };
}

export function encodeBatch(type: number, items: Uint8Array[]): Uint8Array {
  const out: number[] = [items.length >> 8, items.length & 0xff, type];
  for (const it of items) out.push(it.length >> 8, it.length & 0xff, ...it);
  return Uint8Array.from(out);
}

export function encodeLocation(l: {
  alarm?: number;
  lat: number;
  lon: number;
  speed: number;
  direction: number;
  time: number;
  altitude?: number;
  acc?: boolean;
  mileageKm?: number;
}): Uint8Array {
  const out = new Uint8Array(28 + (l.mileageKm !== undefined ? 6 : 0));
  const dv = new DataView(out.buffer);
  const status = (l.acc === false ? 0 : 1) | 0x2 | (l.lat < 0 ? 0x4 : 0) | (l.lon < 0 ? 0x8 : 0);
  dv.setUint32(0, l.alarm ?? 0);
  dv.setUint32(4, status);
  dv.setUint32(8, Math.round(Math.abs(l.lat) * 1e6));
  dv.setUint32(12, Math.round(Math.abs(l.lon) * 1e6));
  dv.setUint16(16, l.altitude ?? 0);
  dv.setUint16(18, Math.round(l.speed * 10));
  dv.setUint16(20, Math.round(l.direction) % 360);
  out.set(timeBcd(l.time), 22);
  if (l.mileageKm !== undefined) {
    out.set([0x01, 4], 28);
    dv.setUint32(30, Math.round(l.mileageKm * 10));
  }
  return out;
}
