/**
 * Continuous-output formats of truck-scale weight indicators, decoded from a byte stream that may start in the
 * middle of a frame, carry line noise, or lose bytes. Each decoder scans for its start byte, validates the whole
 * frame (fixed positions, digit classes, check characters where the format has them) and otherwise skips one
 * byte and resynchronises on the next start byte. Broken frames are counted, never turned into readings.
 *
 *  xk3190-a9  耀华 XK3190-A9 / A9+ / A12 / A23 / A26, continuous format tF=0 (manuals: "Continuous
 *             communication format 0"): 12 bytes
 *               STX(02h) · sign '+'|'-' · 6 digits high→low · decimals '0'..'4' · XOR hi · XOR lo · ETX(03h)
 *             XOR over bytes 2–9; each nibble sent as ASCII hex ('0'–'9', 'A'–'F').
 *             e.g. 02 "+003290" "0" "13" 03 = 3290 kg.
 *  xk3190-d2  耀华 XK3190-D2+/D2/DS1/DS3 and the A-series "continuous format 1": 9 bytes
 *               '=' · 7 characters of the displayed value *lowest first* (decimal point included) · '0'|'-'
 *             no check character: "=000.3000" = 3.000, "=00.1000-" = −1.00.
 *  toledo     Mettler Toledo standard continuous output (also offered by many Chinese indicators as 托利多
 *             连续输出): 17 bytes, or 18 with the checksum
 *               STX · SWA · SWB · SWC · 6 digits displayed weight · 6 digits tare · CR · [CHK]
 *             SWA bits 0–2 decimal position (0: ×100, 1: ×10, 2: ×1, 3…7: 1…5 decimals);
 *             SWB bit 0 net, bit 1 negative, bit 2 out of range, bit 3 in motion, bit 4 kg (else lb);
 *             SWC bit 0 grams. CHK = two's complement of the 7-bit sum of all preceding bytes incl. STX and CR.
 *             Bit 7 (parity) is ignored, so 7E1 data read as 8N1 still decodes.
 */

export type IndicatorFormat = 'xk3190-a9' | 'xk3190-d2' | 'toledo';
export const FORMATS: { id: IndicatorFormat; label: string; serial: string }[] = [
  { id: 'xk3190-a9', label: '耀华 XK3190-A9 连续输出 tF=0 (STX…ETX, XOR)', serial: '9600 8N1' },
  { id: 'xk3190-d2', label: '耀华 XK3190-D2+ / 连续方式1 ("=" 逆序)', serial: '9600 8N1' },
  { id: 'toledo', label: '托利多 Mettler Toledo 连续输出 (STX SWA SWB SWC)', serial: '9600 7E1 或 8N1' },
];

export interface IndicatorReading {
  /** Displayed weight as a canonical decimal string (no leading zeros, '-' for negatives, e.g. "35260", "-0.50"). */
  value: string;
  unit: 'kg' | 'lb' | 'g';
  /** What the indicator says about motion, when the format carries it (Toledo); undefined otherwise. */
  motion?: boolean;
  /** Over range / overload (Toledo SWB bit 2). */
  overload?: boolean;
  /** Net weight mode (Toledo SWB bit 0). */
  net?: boolean;
  /** Tare (Toledo only). */
  tare?: string;
}

export interface DecoderStats {
  frames: number;
  /** Frames that started like a frame but failed validation. */
  rejected: number;
  /** Bytes skipped while searching for a start byte. */
  skipped: number;
}

export interface IndicatorDecoder {
  readonly format: IndicatorFormat;
  readonly stats: DecoderStats;
  push(chunk: Uint8Array): IndicatorReading[];
}

const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** "003290" with 2 decimals → "32.90"; sign applied; no leading zeros; "-0" → "0". */
export function formatDecimal(digits: string, decimals: number, negative: boolean): string {
  let int = decimals > 0 ? digits.slice(0, digits.length - decimals) : digits;
  const frac = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  int = int.replace(/^0+/, '') || '0';
  const body = frac ? `${int}.${frac}` : int;
  const zero = /^[0.]+$/.test(body);
  return negative && !zero ? `-${body}` : body;
}

const hexNibble = (n: number) => (n < 10 ? 0x30 + n : 0x37 + n);

/** The two ASCII check characters of the XK3190 frames. */
export function xorCheck(bytes: Uint8Array | number[]): [number, number] {
  let x = 0;
  for (const b of bytes) x ^= b;
  return [hexNibble((x >> 4) & 0x0f), hexNibble(x & 0x0f)];
}

/** Toledo checksum: two's complement of the 7 low bits of the sum. */
export function toledoChecksum(bytes: Uint8Array | number[]): number {
  let s = 0;
  for (const b of bytes) s += b & 0x7f;
  return -s & 0x7f;
}

abstract class StreamDecoder implements IndicatorDecoder {
  abstract readonly format: IndicatorFormat;
  readonly stats: DecoderStats = { frames: 0, rejected: 0, skipped: 0 };
  protected buf: Uint8Array = new Uint8Array(0);
  /** Longest frame; a buffer is never kept longer than this plus one chunk. */
  protected abstract readonly maxFrame: number;
  protected abstract isStart(b: number): boolean;
  /**
   * Try to decode a frame at buf[0] (a start byte). Answer the reading and its length, 'wait' when more bytes are
   * needed, or 'bad' to drop the start byte and resync.
   */
  protected abstract tryAt(buf: Uint8Array): { reading: IndicatorReading; length: number } | 'wait' | 'bad';

  push(chunk: Uint8Array): IndicatorReading[] {
    const merged = new Uint8Array(this.buf.length + chunk.length);
    merged.set(this.buf, 0);
    merged.set(chunk, this.buf.length);
    let buf = merged;
    const out: IndicatorReading[] = [];
    for (;;) {
      let i = 0;
      while (i < buf.length && !this.isStart(buf[i])) i++;
      this.stats.skipped += i;
      buf = buf.subarray(i);
      if (buf.length === 0) break;
      const r = this.tryAt(buf);
      if (r === 'wait') break;
      if (r === 'bad') {
        this.stats.rejected++;
        buf = buf.subarray(1);
        continue;
      }
      this.stats.frames++;
      out.push(r.reading);
      buf = buf.subarray(r.length);
    }
    this.buf = buf.length > this.maxFrame * 4 ? buf.slice(buf.length - this.maxFrame) : buf.slice();
    return out;
  }
}

const STX = 0x02;
const ETX = 0x03;
const CR = 0x0d;

export class Xk3190A9Decoder extends StreamDecoder {
  readonly format = 'xk3190-a9' as const;
  protected readonly maxFrame = 12;
  protected isStart(b: number) {
    return b === STX;
  }
  protected tryAt(buf: Uint8Array) {
    // a start byte inside the frame means this one was cut short: resync there
    const limit = Math.min(buf.length, 12);
    for (let k = 1; k < limit; k++) if (buf[k] === STX && k < 11) return 'bad' as const;
    if (buf.length < 12) return 'wait' as const;
    const f = buf.subarray(0, 12);
    const sign = f[1];
    if (sign !== 0x2b && sign !== 0x2d) return 'bad' as const;
    for (let k = 2; k <= 7; k++) if (!isDigit(f[k])) return 'bad' as const;
    if (f[8] < 0x30 || f[8] > 0x34) return 'bad' as const;
    if (f[11] !== ETX) return 'bad' as const;
    const [hi, lo] = xorCheck(f.subarray(1, 9));
    if (f[9] !== hi || f[10] !== lo) return 'bad' as const;
    const digits = String.fromCharCode(...f.subarray(2, 8));
    const value = formatDecimal(digits, f[8] - 0x30, sign === 0x2d);
    return { reading: { value, unit: 'kg' as const }, length: 12 };
  }
}

export class Xk3190D2Decoder extends StreamDecoder {
  readonly format = 'xk3190-d2' as const;
  protected readonly maxFrame = 9;
  protected isStart(b: number) {
    return b === 0x3d; // '='
  }
  protected tryAt(buf: Uint8Array) {
    const limit = Math.min(buf.length, 9);
    for (let k = 1; k < limit; k++) if (buf[k] === 0x3d) return 'bad' as const;
    if (buf.length < 9) return 'wait' as const;
    const data = Array.from(buf.subarray(1, 8)).reverse();
    const sign = buf[8];
    if (sign !== 0x30 && sign !== 0x2d) return 'bad' as const;
    let dots = 0;
    for (const b of data) {
      if (b === 0x2e) dots++;
      else if (!isDigit(b)) return 'bad' as const;
    }
    if (dots > 1 || data[0] === 0x2e || data[6] === 0x2e) return 'bad' as const;
    const text = String.fromCharCode(...data);
    const dot = text.indexOf('.');
    const value = formatDecimal(text.replace('.', ''), dot === -1 ? 0 : text.length - dot - 1, sign === 0x2d);
    return { reading: { value, unit: 'kg' as const }, length: 9 };
  }
}

const TOLEDO_DECIMALS: Record<number, { shift: number; decimals: number }> = {
  0: { shift: 2, decimals: 0 },
  1: { shift: 1, decimals: 0 },
  2: { shift: 0, decimals: 0 },
  3: { shift: 0, decimals: 1 },
  4: { shift: 0, decimals: 2 },
  5: { shift: 0, decimals: 3 },
  6: { shift: 0, decimals: 4 },
  7: { shift: 0, decimals: 5 },
};

export class ToledoDecoder extends StreamDecoder {
  readonly format = 'toledo' as const;
  protected readonly maxFrame = 18;
  protected isStart(b: number) {
    return (b & 0x7f) === STX;
  }
  protected tryAt(raw: Uint8Array) {
    const limit = Math.min(raw.length, 16);
    for (let k = 1; k < limit; k++) if ((raw[k] & 0x7f) === STX && k >= 4) return 'bad' as const;
    if (raw.length < 17) return 'wait' as const;
    const f = Array.from(raw.subarray(0, 17), (b) => b & 0x7f);
    const [, swa, swb, swc] = f;
    // fixed bits: SWA bit 5 = 1, bit 6 = 0; SWC bit 5 = 1
    if ((swa & 0x60) !== 0x20 || (swc & 0x20) === 0) return 'bad' as const;
    if (f[16] !== CR) return 'bad' as const;
    const field = (from: number) => {
      const bytes = f.slice(from, from + 6).map((b) => (b === 0x20 ? 0x30 : b));
      return bytes.every(isDigit) ? String.fromCharCode(...bytes) : undefined;
    };
    const shown = field(4);
    const tareDigits = field(10);
    if (shown === undefined || tareDigits === undefined) return 'bad' as const;
    let length = 17;
    if (raw.length >= 18) {
      const next = raw[17] & 0x7f;
      if (next === toledoChecksum(f)) length = 18;
    } else if (raw.length === 17) {
      // the optional checksum may still be on its way; decide with the next byte
      return 'wait' as const;
    }
    const dp = TOLEDO_DECIMALS[swa & 0x07];
    const scale = (d: string) => `${d}${'0'.repeat(dp.shift)}`;
    const negative = (swb & 0x02) !== 0;
    const unit = (swc & 0x01) !== 0 ? 'g' : (swb & 0x10) !== 0 ? 'kg' : 'lb';
    return {
      reading: {
        value: formatDecimal(scale(shown), dp.decimals, negative),
        unit: unit as IndicatorReading['unit'],
        motion: (swb & 0x08) !== 0,
        overload: (swb & 0x04) !== 0,
        net: (swb & 0x01) !== 0,
        tare: formatDecimal(scale(tareDigits), dp.decimals, false),
      },
      length,
    };
  }
}

export function createDecoder(format: IndicatorFormat): IndicatorDecoder {
  switch (format) {
    case 'xk3190-a9':
      return new Xk3190A9Decoder();
    case 'xk3190-d2':
      return new Xk3190D2Decoder();
    case 'toledo':
      return new ToledoDecoder();
  }
}

// ---- encoders: what an indicator sends (used by --simulate and by the tests) ----

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** Integer kg (or a decimal with ≤ 4 decimals) → one XK3190-A9 tF=0 frame. */
export function encodeXk3190A9(value: string): Uint8Array {
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace('-', '').split('.');
  const digits = `${int}${frac}`.padStart(6, '0').slice(-6);
  const body = ascii(`${negative ? '-' : '+'}${digits}${frac.length}`);
  return Uint8Array.from([STX, ...body, ...xorCheck(body), ETX]);
}

/** → one "=" frame (7 characters lowest first, then the sign). */
export function encodeXk3190D2(value: string): Uint8Array {
  const negative = value.startsWith('-');
  const text = value.replace('-', '').padStart(7, '0').slice(-7);
  return Uint8Array.from(ascii(`=${[...text].reverse().join('')}${negative ? '-' : '0'}`));
}

/** → one Toledo frame (kg, integer or decimals ≤ 5), with the checksum unless `checksum` is false. */
export function encodeToledo(
  value: string,
  opts: { motion?: boolean; tare?: string; checksum?: boolean; overload?: boolean } = {},
): Uint8Array {
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace('-', '').split('.');
  const swa = 0x20 | (1 << 3) | (frac.length === 0 ? 2 : frac.length + 2);
  const swb = 0x20 | 0x10 | (negative ? 0x02 : 0) | (opts.motion ? 0x08 : 0) | (opts.overload ? 0x04 : 0);
  const swc = 0x20;
  const [tInt, tFrac = ''] = (opts.tare ?? '0').split('.');
  const shown = `${int}${frac}`.padStart(6, '0').slice(-6);
  const tare = `${tInt}${tFrac.padEnd(frac.length, '0').slice(0, frac.length)}`.padStart(6, '0').slice(-6);
  const f = [STX, swa, swb, swc, ...ascii(shown), ...ascii(tare), CR];
  return Uint8Array.from(opts.checksum === false ? f : [...f, toledoChecksum(f)]);
}

export function encodeFrameFor(format: IndicatorFormat, value: string, motion = false): Uint8Array {
  if (format === 'xk3190-a9') return encodeXk3190A9(value);
  if (format === 'xk3190-d2') return encodeXk3190D2(value);
  return encodeToledo(value, { motion });
}
