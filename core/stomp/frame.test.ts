// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeFrame, escapeHeader, FrameParser, StompProtocolError, unescapeHeader } from './frame.ts';

const frames = (p: FrameParser, chunk: string | Buffer) =>
  p.push(chunk).flatMap((e) => (e.type === 'frame' ? [e.frame] : []));

describe('STOMP header escaping', () => {
  it('escapes backslash, CR, LF and colon and reverses it', () => {
    const v = 'a:b\\c\nd\re';
    expect(escapeHeader(v)).toBe('a\\cb\\\\c\\nd\\re');
    expect(unescapeHeader(escapeHeader(v))).toBe(v);
  });

  it('treats an undefined escape as a fatal protocol error', () => {
    expect(() => unescapeHeader('tab\\there')).toThrow(StompProtocolError);
    expect(() => unescapeHeader('trailing\\')).toThrow(StompProtocolError);
  });
});

describe('encodeFrame', () => {
  it('writes command, headers, blank line, body and NUL with a byte content-length', () => {
    const s = encodeFrame('MESSAGE', { destination: '/topic/public', 'message-id': '1' }, '过磅 12.5t');
    expect(s).toBe('MESSAGE\ndestination:/topic/public\nmessage-id:1\ncontent-length:12\n\n过磅 12.5t\0');
    expect(Buffer.byteLength('过磅 12.5t')).toBe(12);
  });

  it('escapes header values except in CONNECTED frames', () => {
    expect(encodeFrame('RECEIPT', { 'receipt-id': 'a:b' })).toBe('RECEIPT\nreceipt-id:a\\cb\n\n\0');
    expect(encodeFrame('CONNECTED', { version: '1.2', server: 'x:y' })).toBe(
      'CONNECTED\nversion:1.2\nserver:x:y\n\n\0',
    );
  });

  it('keeps a caller content-length and skips it for empty bodies', () => {
    expect(encodeFrame('SEND', { destination: '/a' })).not.toContain('content-length');
    expect(encodeFrame('SEND', { destination: '/a', 'content-length': 2 }, 'hi')).toBe(
      'SEND\ndestination:/a\ncontent-length:2\n\nhi\0',
    );
  });
});

describe('FrameParser', () => {
  it('parses a frame encoded by encodeFrame (round trip, UTF-8 body)', () => {
    const p = new FrameParser();
    const [f] = frames(
      p,
      encodeFrame('SEND', { destination: '/app/chat.sendMessage', note: 'x:y\nz' }, '{"w":"过磅"}'),
    );
    expect(f.command).toBe('SEND');
    expect(f.headers).toEqual({ destination: '/app/chat.sendMessage', note: 'x:y\nz', 'content-length': '14' });
    expect(f.body.toString('utf8')).toBe('{"w":"过磅"}');
  });

  it('accepts CRLF line ends', () => {
    const p = new FrameParser();
    const [f] = frames(p, 'SEND\r\ndestination:/a\r\nreceipt:7\r\n\r\nbody\0');
    expect(f.headers).toEqual({ destination: '/a', receipt: '7' });
    expect(f.body.toString()).toBe('body');
  });

  it('reads a body by content-length even when it contains NUL', () => {
    const p = new FrameParser();
    const [f] = frames(p, Buffer.from('SEND\ndestination:/a\ncontent-length:3\n\na\0b\0'));
    expect([...f.body]).toEqual([0x61, 0, 0x62]);
  });

  it('reports EOLs between frames as heart-beats', () => {
    const p = new FrameParser();
    const ev = p.push('\n\r\nSEND\ndestination:/a\n\n\0\n');
    expect(ev.map((e) => e.type)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat']);
  });

  it('keeps the first value of a repeated header', () => {
    const p = new FrameParser();
    const [f] = frames(p, 'MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(f.headers.foo).toBe('World');
  });

  it('does not unescape CONNECT headers (STOMP 1.0 compatibility)', () => {
    const p = new FrameParser();
    const [f] = frames(p, 'CONNECT\naccept-version:1.2\npasscode:a\\b:c\n\n\0');
    expect(f.headers.passcode).toBe('a\\b:c');
  });

  it('assembles a frame split across many chunks and several frames in one chunk', () => {
    const whole =
      encodeFrame('SEND', { destination: '/a' }, '称重数据') + encodeFrame('SEND', { destination: '/b' }, 'x');
    const bytes = Buffer.from(whole);
    const p = new FrameParser();
    const got = [];
    for (let i = 0; i < bytes.length; i += 3) got.push(...frames(p, bytes.subarray(i, i + 3)));
    expect(got.map((f) => [f.headers.destination, f.body.toString()])).toEqual([
      ['/a', '称重数据'],
      ['/b', 'x'],
    ]);
    expect(p.pending).toBe(0);
    const q = new FrameParser();
    expect(frames(q, whole)).toHaveLength(2);
  });

  it('waits for the rest of a frame without producing anything', () => {
    const p = new FrameParser();
    expect(p.push('SEND\ndestination:/a\ncontent-length:10\n\n12345')).toEqual([]);
    expect(p.pending).toBeGreaterThan(0);
    const [e] = p.push('67890\0');
    expect(e.type === 'frame' && e.frame.body.toString()).toBe('1234567890');
  });

  it.each([
    ['a lowercase command', 'send\ndestination:/a\n\n\0', /malformed command/],
    ['a header without colon', 'SEND\ndestination\n\n\0', /malformed header/],
    ['an empty header name', 'SEND\n:x\n\n\0', /malformed header/],
    ['a bad escape', 'SEND\ndestination:/a\\t\n\n\0', /undefined escape/],
    ['a non-numeric content-length', 'SEND\ncontent-length:abc\n\nabc\0', /invalid content-length/],
    ['a body longer than content-length', 'SEND\ncontent-length:2\n\nabc\0', /not followed by NUL/],
    ['NUL inside the header block', 'SEND\ndestination:/a\0', /ended before the blank line/],
  ])('rejects %s', (_name, raw, msg) => {
    expect(() => new FrameParser().push(raw)).toThrow(msg);
  });

  it('enforces the size limits', () => {
    expect(() => new FrameParser({ maxBodyBytes: 4 }).push('SEND\ncontent-length:5\n\n12345\0')).toThrow(/too large/);
    expect(() => new FrameParser({ maxBodyBytes: 4 }).push('SEND\n\n123456')).toThrow(/too large/);
    expect(() => new FrameParser({ maxHeaderBytes: 16 }).push(`SEND\nx:${'y'.repeat(40)}`)).toThrow(/too large/);
    expect(() => new FrameParser({ maxHeaders: 2 }).push('SEND\na:1\nb:2\nc:3\n\n\0')).toThrow(/too many headers/);
  });
});
