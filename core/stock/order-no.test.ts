import { describe, expect, it } from 'vitest';
import { formatOrderNo, ORDER_KINDS, ORDER_PREFIX, type OrderKind, parseOrderNo } from './order-no.ts';

/** Kinds sharing a prefix: prefix → kinds, only where more than one. */
function prefixClashes(table: Record<string, { prefix: string }>): Record<string, string[]> {
  const by: Record<string, string[]> = {};
  for (const [kind, { prefix }] of Object.entries(table)) by[prefix] = [...(by[prefix] ?? []), kind];
  return Object.fromEntries(Object.entries(by).filter(([, kinds]) => kinds.length > 1));
}

describe('order numbers', () => {
  it('formats prefix + yyyyMMdd + sequence', () => {
    expect(formatOrderNo('inStock', '2026-11-22', 1)).toBe('RK202611220001');
    expect(formatOrderNo('weighing', '2026-01-05', 12345)).toBe('GB2026010512345');
    expect(formatOrderNo('purchaseOrder', '2026-11-21', 1)).toBe('CG202611210001');
    expect(formatOrderNo('materialQuote', '2026-11-21', 7)).toBe('BJ20261121007');
    expect(formatOrderNo('transportOrder', '2026-11-21', 12)).toBe('YD202611210012');
    expect(() => formatOrderNo('inStock', '2026/11/22', 1)).toThrow();
    expect(() => formatOrderNo('inStock', '2026-11-22', 0)).toThrow();
  });
  it('parses back', () => {
    expect(parseOrderNo('CK202611220042')).toEqual({ kind: 'outStock', day: '2026-11-22', seq: 42 });
    expect(parseOrderNo('YS202611220042')).toEqual({ kind: 'receivable', day: '2026-11-22', seq: 42 });
    expect(parseOrderNo('BJ20261122042')).toEqual({ kind: 'materialQuote', day: '2026-11-22', seq: 42 });
    expect(parseOrderNo('BJ202611220042')).toBeNull();
    expect(parseOrderNo('CK20261122042')).toBeNull();
    expect(parseOrderNo('QQ202611220042')).toBeNull();
    expect(parseOrderNo('CK2026112')).toBeNull();
  });
});

describe('the one prefix table', () => {
  it('no two kinds share a prefix', () => {
    expect(prefixClashes(ORDER_KINDS)).toEqual({});
    // the check itself sees a clash (运输单 and 应收单 both drew YS before issue 23)
    expect(prefixClashes({ ...ORDER_KINDS, transportOrder: { prefix: 'YS' } })).toEqual({
      YS: ['receivable', 'transportOrder'],
    });
  });
  it('every prefix is two capital letters and every kind fits the sequence table (kind ≤ 24 characters)', () => {
    for (const kind of Object.keys(ORDER_PREFIX) as OrderKind[]) {
      expect(ORDER_PREFIX[kind]).toMatch(/^[A-Z]{2}$/);
      expect(kind.length).toBeLessThanOrEqual(24);
    }
  });
});
