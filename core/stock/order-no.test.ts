import { describe, expect, it } from 'vitest';
import { formatOrderNo, parseOrderNo } from './order-no.ts';

describe('order numbers', () => {
  it('formats prefix + yyyyMMdd + sequence', () => {
    expect(formatOrderNo('inStock', '2026-11-22', 1)).toBe('RK202611220001');
    expect(formatOrderNo('weighing', '2026-01-05', 12345)).toBe('GB2026010512345');
    expect(() => formatOrderNo('inStock', '2026/11/22', 1)).toThrow();
    expect(() => formatOrderNo('inStock', '2026-11-22', 0)).toThrow();
  });
  it('parses back', () => {
    expect(parseOrderNo('CK202611220042')).toEqual({ kind: 'outStock', day: '2026-11-22', seq: 42 });
    expect(parseOrderNo('QQ202611220042')).toBeNull();
    expect(parseOrderNo('CK2026112')).toBeNull();
  });
});
