import { describe, expect, it } from 'vitest';
import { numberFormatter, toThousand } from './number.ts';
import { formatTime, parseTime } from './time.ts';
import { DEFAULT_AVATAR, isExternal, ossUrl } from './url.ts';

describe('parseTime', () => {
  const d = new Date(2024, 0, 5, 8, 3, 9); // a Friday
  it.each([
    [d, undefined, '2024-01-05 08:03:09'],
    [d, '{y}/{m}/{d}', '2024/01/05'],
    [d, '周{a}', '周五'],
    [Math.floor(d.getTime() / 1000), '{h}:{i}:{s}', '08:03:09'], // 10-digit seconds
    [String(d.getTime()), '{y}-{m}-{d}', '2024-01-05'], // numeric string
    ['2024-01-05 08:03:09', '{d}日{h}时', '05日08时'], // dashes → slashes
  ] as const)('%s with %s → %s', (input, fmt, expected) => {
    expect(parseTime(input, fmt)).toBe(expected);
  });
  it('returns null for an empty time', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime('')).toBeNull();
  });
});

describe('formatTime', () => {
  const now = new Date(2024, 5, 10, 12, 0, 0).getTime();
  it.each([
    [now - 10_000, '刚刚'],
    [now - 29_000, '刚刚'],
    [now - 30_000, '1分钟前'],
    [now - 5 * 60_000 - 1_000, '6分钟前'],
    [now - 2 * 3600_000, '2小时前'],
    [now - 30 * 3600_000, '1天前'],
    [now - 3 * 86400_000, '6月7日12时0分'],
  ])('%s → %s', (t, expected) => {
    expect(formatTime(t, undefined, now)).toBe(expected);
  });
  it('treats 10-digit timestamps as seconds', () => {
    expect(formatTime(Math.floor((now - 120_000) / 1000), undefined, now)).toBe('2分钟前');
  });
  it('uses the option format beyond two days', () => {
    expect(formatTime(now - 5 * 86400_000, '{y}-{m}-{d}', now)).toBe('2024-06-05');
  });
});

describe('numberFormatter', () => {
  it.each([
    [999, 0, '999'],
    [10000, 0, '10k'],
    [1234567, 2, '1.23M'],
    [1_500_000_000, 1, '1.5G'],
    [2e12, 0, '2T'],
    [3e15, 0, '3P'],
    [4e18, 0, '4E'],
    [1000, 2, '1k'],
  ])('%s (%s digits) → %s', (n, digits, expected) => {
    expect(numberFormatter(n, digits)).toBe(expected);
  });
});

describe('toThousand', () => {
  it.each([
    [10000, '10,000'],
    [1234567.891, '1,234,567.891'],
    [-9876543, '-9,876,543'],
    [12, '12'],
    ['abc', '0'],
  ])('%s → %s', (n, expected) => {
    expect(toThousand(n)).toBe(expected);
  });
});

describe('isExternal', () => {
  it.each([
    ['https://a.cn', true],
    ['http://a.cn', true],
    ['mailto:x@y.cn', true],
    ['tel:123', true],
    ['/system/user', false],
    ['ftp://x', false],
  ])('%s → %s', (p, expected) => {
    expect(isExternal(p)).toBe(expected);
  });
});

describe('ossUrl', () => {
  it.each([
    ['upload/a.png', '/oss/upload/a.png'],
    ['/upload/a.png', '/oss/upload/a.png'],
    ['/oss/upload/a.png', '/oss/upload/a.png'],
    ['https://cdn.cn/a.png', 'https://cdn.cn/a.png'],
  ])('%s → %s', (p, expected) => {
    expect(ossUrl(p)).toBe(expected);
  });
  it('gives the default avatar when empty', () => {
    expect(ossUrl('')).toBe(DEFAULT_AVATAR);
    expect(ossUrl(null)).toBe(DEFAULT_AVATAR);
  });
});
