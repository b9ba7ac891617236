import { describe, expect, it } from 'vitest';
import {
  Deframer,
  decodeFrame,
  encodeAuth,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  escapeBytes,
  fromHex,
  generalReplyBody,
  MSG,
  parseAuth,
  parseLocation,
  parseRegister,
  registerReplyBody,
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
