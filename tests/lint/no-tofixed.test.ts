// @vitest-environment node
/**
 * Issue 10: money and weight strings come from the one module core/format/amounts.ts (moneyFixed, weightFixed,
 * priceFixed, rateFixed, decimalFixed), not from scattered `.toFixed(2)` / `.toFixed(3)`. This test fails when one
 * appears in server/modules or core outside core/format/ (test files excepted: they may use Decimal#toFixed as an
 * independent oracle). `x.toFixed()` (the plain wire form of an exact decimal) and other places (coordinates 6,
 * km 1) are not counted.
 *
 * ALLOWED lists the files other engineers still held when the sweep ran, with their count then. A file may go down,
 * never up; a file that reaches 0 must leave the list (the lead shrinks it at merge).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sources } from './source-files.ts';

const root = resolve(import.meta.dirname, '../..');

const ALLOWED: Record<string, number> = {};

/** `.toFixed(2)` / `.toFixed(3)` calls, with or without a rounding argument. */
function countToFixed(source: string): number {
  return source.match(/\.toFixed\(\s*[23]\s*[,)]/g)?.length ?? 0;
}

const counts = new Map<string, number>();
for (const dir of ['server/modules', 'core']) {
  for (const file of sources(join(root, dir))) {
    const rel = relative(root, file).split('\\').join('/');
    if (rel.startsWith('core/format/')) continue;
    const n = countToFixed(readFileSync(file, 'utf8'));
    if (n) counts.set(rel, n);
  }
}

describe('no scattered .toFixed(2)/.toFixed(3) on money and weight (core/format/amounts.ts instead)', () => {
  it('the detector sees what it must and nothing else', () => {
    expect(countToFixed('a: x.toFixed(2), b: y.plus(1).toFixed(3), c: z.toFixed(2, Decimal.ROUND_HALF_UP)')).toBe(3);
    expect(countToFixed('x.toFixed() + y.toFixed(6) + z.toFixed(1) + moneyFixed(w) + t.toFixed(places)')).toBe(0);
  });

  it('no new ones outside the allow-list, and none added to an allowed file', () => {
    const over = [...counts].filter(([f, n]) => n > (ALLOWED[f] ?? 0)).map(([f, n]) => `${f}: ${n}`);
    expect(over, 'use moneyFixed / weightFixed / priceFixed / rateFixed from core/format/amounts.ts').toEqual([]);
  });

  it('the allow-list holds no file that is already clean (remove it)', () => {
    expect(Object.keys(ALLOWED).filter((f) => !counts.has(f))).toEqual([]);
  });
});
