// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createDecoder,
  encodeToledo,
  encodeXk3190A9,
  encodeXk3190D2,
  formatDecimal,
  toledoChecksum,
  xorCheck,
} from './formats.ts';

const bytes = (...parts: (string | number | number[] | Uint8Array)[]) =>
  Uint8Array.from(
    parts.flatMap((p) =>
      typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : typeof p === 'number' ? [p] : Array.from(p),
    ),
  );
const values = (format: Parameters<typeof createDecoder>[0], ...chunks: Uint8Array[]) => {
  const d = createDecoder(format);
  const out = chunks.flatMap((c) => d.push(c).map((r) => r.value));
  return { out, stats: d.stats };
};

describe('formatDecimal', () => {
  it.each([
    ['003290', 0, false, '3290'],
    ['003290', 2, false, '32.90'],
    ['000050', 2, true, '-0.50'],
    ['000000', 3, true, '0.000'],
    ['123456', 4, false, '12.3456'],
  ])('%s with %i decimals (negative %s) → %s', (digits, dp, neg, want) => {
    expect(formatDecimal(digits, dp, neg)).toBe(want);
  });
});

describe('耀华 XK3190-A9 continuous (tF=0)', () => {
  // frames captured from a real A9 on a weighbridge: the check characters match the manual's XOR rule
  it('decodes frames taken from the field', () => {
    expect(xorCheck(bytes('+0032900'))).toEqual([0x31, 0x33]); // "13"
    expect(values('xk3190-a9', bytes(2, '+0032900', '13', 3)).out).toEqual(['3290']);
    expect(values('xk3190-a9', bytes(2, '+0032600', '1C', 3)).out).toEqual(['3260']);
  });

  it('applies the sign and the decimal position', () => {
    expect(values('xk3190-a9', encodeXk3190A9('-120')).out).toEqual(['-120']);
    expect(values('xk3190-a9', encodeXk3190A9('35.26')).out).toEqual(['35.26']);
    expect(values('xk3190-a9', encodeXk3190A9('1.2345')).out).toEqual(['1.2345']);
    expect(Array.from(encodeXk3190A9('35.26').subarray(1, 9), (b) => String.fromCharCode(b)).join('')).toBe('+0035262');
  });

  it('rejects a wrong check character, a bad sign, a bad decimal digit and a missing ETX', () => {
    const good = encodeXk3190A9('35260');
    const flip = (i: number, v: number) => {
      const c = Uint8Array.from(good);
      c[i] = v;
      return c;
    };
    for (const bad of [flip(10, good[10] === 0x30 ? 0x31 : 0x30), flip(1, 0x20), flip(8, 0x35), flip(11, 0x0d)]) {
      const r = values('xk3190-a9', bad);
      expect(r.out).toEqual([]);
      expect(r.stats.rejected).toBe(1);
    }
    // a flipped digit is caught by the XOR
    expect(values('xk3190-a9', flip(5, 0x39)).out).toEqual([]);
  });

  it('waits for partial frames and resynchronises after garbage and cut frames', () => {
    const f1 = encodeXk3190A9('35260');
    const f2 = encodeXk3190A9('35280');
    const cut = encodeXk3190A9('99999').subarray(0, 7);
    const stream = bytes([0x41, 0x00, 0xff], f1.subarray(0, 5));
    const d = createDecoder('xk3190-a9');
    expect(d.push(stream)).toEqual([]);
    expect(d.push(bytes(f1.subarray(5), cut, f2, 'noise')).map((r) => r.value)).toEqual(['35260', '35280']);
    expect(d.stats).toMatchObject({ frames: 2, rejected: 1 });
    expect(d.stats.skipped).toBeGreaterThanOrEqual(3);
  });

  it('decodes byte by byte', () => {
    const stream = bytes(encodeXk3190A9('100'), encodeXk3190A9('120'), encodeXk3190A9('-20'));
    const d = createDecoder('xk3190-a9');
    const out: string[] = [];
    for (const b of stream) out.push(...d.push(Uint8Array.of(b)).map((r) => r.value));
    expect(out).toEqual(['100', '120', '-20']);
  });
});

describe('耀华 XK3190-D2+ "=" reversed format', () => {
  it('decodes the manual examples', () => {
    // "current weight 3.000 → =000.3000", "-1.00 → =00.1000-"
    expect(values('xk3190-d2', bytes('=000.3000=000.3000')).out).toEqual(['3.000', '3.000']);
    expect(values('xk3190-d2', bytes('=00.1000-')).out).toEqual(['-1.00']);
    expect(values('xk3190-d2', bytes('=06253000')).out).toEqual(['35260']);
    expect(encodeXk3190D2('35260')).toEqual(bytes('=06253000'));
    expect(encodeXk3190D2('-1.00')).toEqual(bytes('=00.1000-'));
  });

  it('rejects letters, two decimal points and a bad sign byte, then resyncs', () => {
    const r = values('xk3190-d2', bytes('=0A253000', '=0.2.3000', '=062530X0', '=06253000'));
    expect(r.out).toEqual(['35260']);
    expect(r.stats.rejected).toBe(3);
  });

  it('drops a frame cut by the next start byte', () => {
    expect(values('xk3190-d2', bytes('=0625', '=06253000')).out).toEqual(['35260']);
  });
});

describe('托利多 Mettler Toledo continuous output', () => {
  it('decodes weight, tare, sign, motion and unit from the status words', () => {
    const d = createDecoder('toledo');
    const f = encodeToledo('35260', { tare: '12040' });
    const [r] = d.push(bytes(f, 2));
    expect(r).toEqual({
      value: '35260',
      unit: 'kg',
      motion: false,
      overload: false,
      net: false,
      tare: '12040',
    });
    const [m] = createDecoder('toledo').push(bytes(encodeToledo('-1.25', { motion: true }), 2));
    expect(m).toMatchObject({ value: '-1.25', motion: true });
  });

  it('decodes a hand-built frame by the documented bit layout', () => {
    // SWA: bit5=1, decimal code 0 (XXXX00 → ×100); SWB: bit4 kg, bit3 motion; SWC: bit5=1
    const swa = 0x20 | 0x08 | 0;
    const swb = 0x20 | 0x10 | 0x08;
    const frame = [2, swa, swb, 0x20, ...Array.from('000352000120', (c) => c.charCodeAt(0)), 0x0d];
    const [r] = createDecoder('toledo').push(bytes(frame, toledoChecksum(frame), 2));
    expect(r).toMatchObject({ value: '35200', tare: '12000', motion: true, unit: 'kg' });
  });

  it('accepts frames without the checksum and with 7E1 parity bits set', () => {
    const plain = encodeToledo('500', { checksum: false });
    expect(values('toledo', bytes(plain, plain, 2)).out).toEqual(['500', '500']);
    const parity = Uint8Array.from(encodeToledo('500'), (b, i) => (i === 2 || i === 5 ? b | 0x80 : b));
    expect(values('toledo', bytes(parity, 2)).out).toEqual(['500']);
  });

  it('rejects broken status bits, non-digits and a missing CR, and resyncs', () => {
    const good = encodeToledo('20000');
    const broken = (i: number, v: number) => {
      const c = Uint8Array.from(good);
      c[i] = v;
      return c;
    };
    const r = values('toledo', bytes(broken(1, 0x02 | 0x40), broken(6, 0x41), broken(16, 0x0a), good, 2));
    expect(r.out).toEqual(['20000']);
    expect(r.stats.rejected).toBeGreaterThanOrEqual(3);
  });

  it('flags overload', () => {
    const [r] = createDecoder('toledo').push(bytes(encodeToledo('0', { overload: true }), 2));
    expect(r.overload).toBe(true);
  });
});
