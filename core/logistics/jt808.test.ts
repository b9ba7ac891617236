import { describe, expect, it } from 'vitest';
import {
  bcdTime,
  Deframer,
  decodeFrame,
  encodeAuth,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  escapeBytes,
  fromHex,
  generalReplyBody,
  MAX_FRAME,
  MSG,
  parseAuth,
  parseLocation,
  parseRegister,
  registerReplyBody,
  timeBcd,
  toHex,
  unescapeBytes,
} from './jt808.ts';

// worked frames of the reference (logistics-trace-open.md §1.6), checksums re-verified there
const F2013 =
  '7E 0200 0026 123456789012 007D02 00000001 00000002 00BA7F0E 07E4F11C 0028 003C 0000 181015101010 01 04 00000064 02 02 007D01 13 7E';
const F2019 =
  '7e 0200 4026 01 00000000013912344329 0000 0000006f 00000016 01dc9a07 07456246 007b 0042 0003 250129223344 01 04 0000000c 02 02 0064 41 7e';
const R8001 = '7e8001400501000000000139123443290000006f020000dc7e';
const R8100 = '7e8100400d01000000000139123443290000006f006f6b2e2e6f6b2e2e6f6bd27e';

describe('escape / unescape', () => {
  it.each([
    ['30 7e 08 7d 55', '30 7d 02 08 7d 01 55'],
    ['7e 7e', '7d 02 7d 02'],
    ['01 02 03', '01 02 03'],
  ])('%s ⇄ %s', (plain, esc) => {
    expect(toHex(escapeBytes(fromHex(plain)))).toBe(toHex(fromHex(esc)));
    expect(toHex(unescapeBytes(fromHex(esc))!)).toBe(toHex(fromHex(plain)));
  });
  it.each(['7d 03', '7d 00', '01 7d'])('refuses a bad escape %s', (s) => {
    expect(unescapeBytes(fromHex(s))).toBeNull();
  });
});

describe('decodeFrame — reference vectors', () => {
  it('2013 0x0200 with escaped serial and fuel', () => {
    const r = decodeFrame(fromHex(F2013));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.msg).toMatchObject({ msgId: 0x0200, v2019: false, phone: '123456789012', serial: 0x7e });
    expect(r.msg.body.length).toBe(38);
    const l = parseLocation(r.msg.body)!;
    expect(l).toMatchObject({ alarm: 1, status: 2, lat: 12.222222, lon: 132.444444, altitude: 40, speed: 6 });
    expect(l.direction).toBe(0);
    expect(l.mileageKm).toBe(10);
    // 2018-10-15 10:10:10 GMT+8
    expect(new Date(l.time).toISOString()).toBe('2018-10-15T02:10:10.000Z');
  });

  it('2019 0x0200', () => {
    const r = decodeFrame(fromHex(F2019));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.msg).toMatchObject({ msgId: 0x0200, v2019: true, protocolVersion: 1, phone: '13912344329', serial: 0 });
    const l = parseLocation(r.msg.body)!;
    // status 0x16 has bit2 (南纬) set: the reference's "lat 31.234567" is the magnitude; the standard makes it south
    expect(l.status & 0x4).toBe(0x4);
    expect(l.lat).toBeCloseTo(-31.234567, 6);
    expect(l.lon).toBeCloseTo(121.987654, 6);
    expect(l.speed).toBeCloseTo(6.6, 6);
    expect(l.direction).toBe(3);
    expect(l.alarm).toBe(0x6f);
    expect(new Date(l.time).toISOString()).toBe('2025-01-29T14:33:44.000Z');
  });

  it('re-encodes the 2013 frame byte for byte (escapes included)', () => {
    const r = decodeFrame(fromHex(F2013));
    if (!r.ok) throw new Error(r.error);
    expect(toHex(encodeFrame(r.msg))).toBe(toHex(fromHex(F2013)));
  });

  it('builds the reference 0x8001 and 0x8100 replies', () => {
    const h = { v2019: true, protocolVersion: 1, phone: '13912344329', serial: 0 };
    expect(toHex(encodeFrame({ ...h, msgId: MSG.platformReply, body: generalReplyBody(0x6f, 0x0200, 0) }))).toBe(R8001);
    expect(toHex(encodeFrame({ ...h, msgId: MSG.registerReply, body: registerReplyBody(0x6f, 0, 'ok..ok..ok') }))).toBe(
      R8100,
    );
  });

  it('refuses a bad checksum', () => {
    const bad = fromHex(F2019);
    bad[bad.length - 2] ^= 0x01;
    expect(decodeFrame(bad)).toEqual({ ok: false, error: '校验码错误' });
  });

  it('refuses a flipped body byte (checksum no longer matches)', () => {
    const bad = fromHex(F2019);
    bad[30] ^= 0x10;
    expect(decodeFrame(bad).ok).toBe(false);
  });

  it('refuses a bad escape, a short frame and a wrong body length', () => {
    expect(decodeFrame(fromHex('7e 02 00 7d 05 7e'))).toEqual({ ok: false, error: '转义错误' });
    expect(decodeFrame(fromHex('7e 00 02 00 7e'))).toEqual({ ok: false, error: '帧太短' });
    const frame = encodeFrame({
      msgId: 2,
      v2019: false,
      protocolVersion: 0,
      phone: '1',
      serial: 1,
      body: new Uint8Array(0),
    });
    const plain = unescapeBytes(frame.subarray(1, frame.length - 1))!;
    plain[3] = 5; // claims 5 body bytes
    plain[plain.length - 1] = plain.subarray(0, plain.length - 1).reduce((a, b) => a ^ b, 0);
    expect(decodeFrame(plain)).toEqual({ ok: false, error: '消息体长度不符' });
  });
});

describe('Deframer', () => {
  it('splits frames across reads, also in the middle of an escape, and drops leading garbage', () => {
    const a = fromHex(F2013);
    const b = fromHex(F2019);
    const stream = new Uint8Array([0x11, 0x22, ...a, ...b]);
    const d = new Deframer();
    const cut = 15; // just after the 7D of 7D 02 of the 2013 frame's serial
    expect(stream[cut - 1]).toBe(0x7d);
    const frames = [
      ...d.push(stream.subarray(0, cut)),
      ...d.push(stream.subarray(cut, 50)),
      ...d.push(stream.subarray(50)),
    ];
    expect(frames).toHaveLength(2);
    expect(frames.map((f) => decodeFrame(f).ok)).toEqual([true, true]);
  });
  it('back-to-back frames sharing no delimiter and a 7E 7E pair', () => {
    const a = fromHex(F2013);
    const d = new Deframer();
    expect(d.push(new Uint8Array([...a, ...a]))).toHaveLength(2);
  });
});

// the codec finds delimiters and escapes with indexOf / set (issue 25); these pin it to the byte-by-byte rule
describe('escapes and frames against the byte-by-byte rule', () => {
  /** the standard's rule written the slow way: 0x7E → 7D 02, 0x7D → 7D 01 */
  const slowEscape = (b: Uint8Array) =>
    Uint8Array.from([...b].flatMap((x) => (x === 0x7e ? [0x7d, 0x02] : x === 0x7d ? [0x7d, 0x01] : [x])));
  let seed = 25;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  it('escape and unescape agree with it on 500 random byte strings full of 7E / 7D (seed 25)', () => {
    for (let n = 0; n < 500; n++) {
      const b = Uint8Array.from({ length: rnd() % 60 }, () => [0x7e, 0x7d, 0x01, 0x02, rnd() & 0xff][rnd() % 5]);
      const esc = escapeBytes(b);
      expect(toHex(esc), `seed 25, string ${n}: ${toHex(b)}`).toBe(toHex(slowEscape(b)));
      expect(toHex(unescapeBytes(esc)!)).toBe(toHex(b));
    }
  });
  it('a frame whose header, body and checksum all need escapes: built, split at every byte, read back', () => {
    // serial 0x7E7D, a body of 7E 7D 7E, and a phone chosen so that the checksum itself is 0x7E or 0x7D
    let frame: Uint8Array | undefined;
    for (let p = 0; p < 400 && !frame; p++) {
      const f = encodeFrame({
        msgId: MSG.location,
        v2019: true,
        protocolVersion: 1,
        phone: String(13900000000 + p),
        serial: 0x7e7d,
        body: Uint8Array.of(0x7e, 0x7d, 0x7e),
      });
      const plain = unescapeBytes(f.subarray(1, f.length - 1))!;
      if (plain[plain.length - 1] === 0x7e || plain[plain.length - 1] === 0x7d) frame = f;
    }
    if (!frame) throw new Error('no phone gives an escaped checksum');
    expect(frame.subarray(1, frame.length - 1).includes(0x7e)).toBe(false);
    const r = decodeFrame(frame);
    expect(r.ok && r.msg).toMatchObject({ serial: 0x7e7d, body: Uint8Array.of(0x7e, 0x7d, 0x7e) });
    const twice = new Uint8Array([0x55, ...frame, ...frame, 0x7e]);
    for (let cut = 0; cut <= twice.length; cut++) {
      for (const cut2 of [cut, Math.min(twice.length, cut + 3)]) {
        const d = new Deframer();
        const frames = [
          ...d.push(twice.subarray(0, cut)),
          ...d.push(twice.subarray(cut, cut2)),
          ...d.push(twice.subarray(cut2)),
        ];
        expect(
          frames.map((f) => toHex(f)),
          `cut at ${cut}/${cut2}`,
        ).toEqual([toHex(frame.subarray(1, -1)), toHex(frame.subarray(1, -1))]);
      }
    }
  });
  it('a bad checksum is refused, also behind an escape, and the frame after it is still read', () => {
    const good = encodeFrame({
      msgId: MSG.heartbeat,
      v2019: false,
      protocolVersion: 0,
      phone: '13912344329',
      serial: 0x7d7e,
      body: new Uint8Array(0),
    });
    const bad = good.slice();
    bad[bad.length - 2] ^= 0x01; // the checksum byte (not itself escaped here)
    expect(toHex(good.subarray(0, -2))).toContain('7d01');
    const d = new Deframer();
    const frames = d.push(new Uint8Array([...bad, ...good]));
    expect(frames.map((f) => decodeFrame(f).ok)).toEqual([false, true]);
    expect(decodeFrame(frames[0])).toEqual({ ok: false, error: '校验码错误' });
    // a 7D that ends the frame is a bad escape, not a short frame
    expect(decodeFrame(fromHex('7e 01 02 03 7d 7e'))).toEqual({ ok: false, error: '转义错误' });
  });
  it('a run longer than MAX_FRAME is dropped, in one read or across reads, and the next frame is read', () => {
    const good = fromHex(F2019);
    const long = new Uint8Array(MAX_FRAME + 1).fill(0x11);
    for (const split of [false, true]) {
      const d = new Deframer();
      const stream = new Uint8Array([0x7e, ...long, ...good]);
      const frames = split ? [...d.push(stream.subarray(0, 1000)), ...d.push(stream.subarray(1000))] : d.push(stream);
      expect(d.dropped).toBe(1);
      expect(frames.map((f) => decodeFrame(f).ok)).toEqual([true]);
    }
    // exactly MAX_FRAME bytes still pass the de-framer (and are then refused by their checksum)
    const d = new Deframer();
    expect(d.push(new Uint8Array([0x7e, ...new Uint8Array(MAX_FRAME).fill(0x11), 0x7e]))).toHaveLength(1);
    expect(d.dropped).toBe(0);
  });
  it('BCD time both ways; a nibble above 9 is not a time', () => {
    for (const t of [Date.UTC(2026, 0, 1, 0, 0, 0), Date.UTC(2025, 11, 31, 15, 59, 59), Date.UTC(2030, 5, 9, 23, 9, 7)])
      expect(bcdTime(timeBcd(t))).toBe(t);
    expect(toHex(timeBcd(Date.UTC(2025, 0, 29, 14, 33, 44)))).toBe('250129223344');
    expect(bcdTime(fromHex('25 01 29 22 33 4a'))).toBeNaN();
    expect(bcdTime(fromHex('25 13 29 22 33 44'))).toBeNaN();
  });
});

describe('bodies round-trip', () => {
  it('location with south/west hemispheres and mileage', () => {
    const t = Date.UTC(2026, 10, 24, 4, 5, 6);
    const body = encodeLocation({ lat: -31.5, lon: -121.25, speed: 88.8, direction: 359, time: t, mileageKm: 123.4 });
    const l = parseLocation(body)!;
    expect(l).toMatchObject({ lat: -31.5, lon: -121.25, direction: 359, time: t, mileageKm: 123.4, located: true });
    expect(l.speed).toBeCloseTo(88.8, 6);
  });
  it('registration (2013 and 2019)', () => {
    for (const v of [false, true]) {
      const r = {
        province: 44,
        city: 300,
        maker: 'LOOPY',
        model: 'GT-1',
        terminalId: 'T000001',
        plateColor: 2,
        plate: 'YA12345',
      };
      expect(parseRegister(encodeRegister(r, v), v)).toMatchObject(r);
    }
  });
  it('authentication (2013 and 2019)', () => {
    expect(parseAuth(encodeAuth('abc123', false), false)).toEqual({ code: 'abc123' });
    expect(parseAuth(encodeAuth('abc123', true, '860000000000001'), true)).toEqual({
      code: 'abc123',
      imei: '860000000000001',
    });
  });
});
