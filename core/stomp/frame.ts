/**
 * STOMP 1.2 frame codec (https://stomp.github.io/stomp-specification-1.2.html "Augmented BNF").
 *
 * No maintained npm package implements the *server* side of STOMP (the only embeddable broker, stomp-broker-js,
 * speaks 1.1, counts content-length in characters and truncates Chinese bodies — DESIGN §7), so the codec is
 * ours: small, byte-oriented and tested in frame.test.ts.
 *
 *   frame   = command EOL *(header EOL) EOL *OCTET NUL *(EOL)
 *   EOL     = [CR] LF
 *   header  = name ":" value      (escapes \r \n \c \\ except in CONNECT / CONNECTED frames; first repeat wins)
 *
 * A body is read by content-length (bytes, may contain NUL) when the header is present, else up to the first NUL.
 * EOLs between frames are heart-beats.
 */

export interface StompFrame {
  command: string;
  /** Header values after unescaping; a repeated header keeps its first value (spec "Repeated Header Entries"). */
  headers: Record<string, string>;
  body: Buffer;
}

export class StompProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StompProtocolError';
  }
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** Frames whose headers are not escaped (backward compatibility with STOMP 1.0). */
const RAW_HEADER_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export function escapeHeader(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

export function unescapeHeader(v: string): string {
  if (!v.includes('\\')) return v;
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = v[++i];
    if (n === 'r') out += '\r';
    else if (n === 'n') out += '\n';
    else if (n === 'c') out += ':';
    else if (n === '\\') out += '\\';
    // spec: "Undefined escape sequences such as \t MUST be treated as a fatal protocol error"
    else throw new StompProtocolError(`undefined escape sequence \\${n ?? ''} in header`);
  }
  return out;
}

export interface EncodeOptions {
  /** Add content-length (bytes) — on by default for frames with a body. */
  contentLength?: boolean;
}

/**
 * Serialises one frame to a string (text WebSocket message). Header order is kept; `content-length` is computed
 * from the UTF-8 byte length of the body unless the caller passed one.
 */
export function encodeFrame(
  command: string,
  headers: Record<string, string | number | undefined> = {},
  body = '',
  opts: EncodeOptions = {},
): string {
  const raw = RAW_HEADER_COMMANDS.has(command);
  let out = `${command}\n`;
  let hasLength = false;
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    if (k === 'content-length') hasLength = true;
    const name = raw ? k : escapeHeader(k);
    const value = raw ? String(v).replace(/[\r\n]/g, ' ') : escapeHeader(String(v));
    out += `${name}:${value}\n`;
  }
  if (!hasLength && body !== '' && opts.contentLength !== false) {
    out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  }
  return `${out}\n${body}\0`;
}

export type ParserEvent = { type: 'frame'; frame: StompFrame } | { type: 'heartbeat' };

export interface ParserLimits {
  /** Largest command + header block in bytes. */
  maxHeaderBytes: number;
  /** Most header lines in one frame. */
  maxHeaders: number;
  /** Largest body in bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: ParserLimits = { maxHeaderBytes: 16 * 1024, maxHeaders: 64, maxBodyBytes: 256 * 1024 };

/**
 * Streaming parser: push bytes as they arrive (a WebSocket message may hold a part of a frame or several frames);
 * complete frames and heart-beats come out in order. A syntax error throws StompProtocolError — the connection
 * is then unusable (the broker answers ERROR and closes).
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);
  private readonly limits: ParserLimits;

  constructor(limits: Partial<ParserLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  push(chunk: Buffer | string): ParserEvent[] {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length === 0 ? b : Buffer.concat([this.buf, b]);
    const events: ParserEvent[] = [];
    for (;;) {
      // EOLs between frames are heart-beats
      let i = 0;
      while (i < this.buf.length) {
        if (this.buf[i] === LF) {
          events.push({ type: 'heartbeat' });
          i++;
        } else if (this.buf[i] === CR && i + 1 < this.buf.length && this.buf[i + 1] === LF) {
          events.push({ type: 'heartbeat' });
          i += 2;
        } else break;
      }
      if (i > 0) this.buf = this.buf.subarray(i);
      if (this.buf.length === 0) break;
      const frame = this.tryFrame();
      if (!frame) break;
      events.push({ type: 'frame', frame });
    }
    return events;
  }

  /** Bytes held while waiting for the rest of a frame. */
  get pending(): number {
    return this.buf.length;
  }

  private tryFrame(): StompFrame | undefined {
    const buf = this.buf;
    // find the blank line that ends the header block: LF (CR)? LF
    let end = -1;
    let bodyStart = -1;
    for (let p = buf.indexOf(LF); p !== -1; p = buf.indexOf(LF, p + 1)) {
      if (buf[p + 1] === LF) {
        end = p;
        bodyStart = p + 2;
        break;
      }
      if (buf[p + 1] === CR && buf[p + 2] === LF) {
        end = p;
        bodyStart = p + 3;
        break;
      }
      if (p + 2 >= buf.length) break;
    }
    if (end === -1) {
      if (buf.length > this.limits.maxHeaderBytes) throw new StompProtocolError('frame header too large');
      const nul = buf.indexOf(NUL);
      if (nul !== -1) throw new StompProtocolError('frame ended before the blank line after the headers');
      return undefined;
    }
    if (end > this.limits.maxHeaderBytes) throw new StompProtocolError('frame header too large');
    const lines = buf
      .subarray(0, end)
      .toString('utf8')
      .split('\n')
      .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines[0];
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError(`malformed command line "${command.slice(0, 40)}"`);
    if (lines.length - 1 > this.limits.maxHeaders) throw new StompProtocolError('too many headers');
    const raw = RAW_HEADER_COMMANDS.has(command);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError(`malformed header line "${line.slice(0, 40)}"`);
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(name in headers)) headers[name] = value;
    }
    let body: Buffer;
    let next: number;
    const cl = headers['content-length'];
    if (cl !== undefined) {
      if (!/^\d{1,9}$/.test(cl)) throw new StompProtocolError(`invalid content-length "${cl.slice(0, 20)}"`);
      const n = Number(cl);
      if (n > this.limits.maxBodyBytes) throw new StompProtocolError('frame body too large');
      if (buf.length < bodyStart + n + 1) return undefined;
      if (buf[bodyStart + n] !== NUL) throw new StompProtocolError('frame body is not followed by NUL');
      body = Buffer.from(buf.subarray(bodyStart, bodyStart + n));
      next = bodyStart + n + 1;
    } else {
      const nul = buf.indexOf(NUL, bodyStart);
      if (nul === -1) {
        if (buf.length - bodyStart > this.limits.maxBodyBytes) throw new StompProtocolError('frame body too large');
        return undefined;
      }
      body = Buffer.from(buf.subarray(bodyStart, nul));
      next = nul + 1;
    }
    this.buf = buf.subarray(next);
    return { command, headers, body };
  }
}
