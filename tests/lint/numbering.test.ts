// @vitest-environment node
/**
 * Issue 23: every document number is drawn by the one numbering service, `drawOrderNo` in
 * server/platform/numbering.ts, with its prefix from the one table core/stock/order-no.ts. This test fails when
 * another server file writes the sequence table, draws a number by max()/count() under its own lock, or formats a
 * 4-digit daily sequence by hand.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sources } from './source-files.ts';

const root = resolve(import.meta.dirname, '../..');
const SERVICE = 'server/platform/numbering.ts';

/** What a hand-made numbering looks like. */
const SIGNS: [string, RegExp][] = [
  ['writes izs_order_sequence', /izs_order_sequence|\borderSequence\b/],
  ['locks a number range by hand', /pg_advisory_xact_lock\(hashtext\(\$\{`(order-no|material-quote)/],
  ['pads a daily sequence', /padStart\(\s*4\s*,\s*'0'\s*\)/],
];

function signsIn(source: string): string[] {
  return SIGNS.filter(([, re]) => re.test(source)).map(([what]) => what);
}

const found: string[] = [];
for (const dir of ['server/modules', 'server/platform', 'server/seed']) {
  for (const file of sources(join(root, dir))) {
    const rel = relative(root, file).split('\\').join('/');
    if (rel === SERVICE) continue;
    for (const what of signsIn(readFileSync(file, 'utf8'))) found.push(`${rel}: ${what}`);
  }
}

describe('one numbering service (server/platform/numbering.ts)', () => {
  it('the detector sees the old copies', () => {
    expect(
      signsIn("sql`insert into izs_order_sequence (tenant_id, kind, day, last) values (1, 'x', '20261121', 1)`"),
    ).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text
    expect(signsIn("`YS${day}${String(n).padStart(4, '0')}`")).toEqual(['pads a daily sequence']);
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text
      signsIn('await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-no:${t}:${head}`}))`)'),
    ).toEqual(['locks a number range by hand']);
    expect(signsIn("String(month).padStart(2, '0')")).toEqual([]);
  });
  it('no server file draws a document number by itself', () => {
    expect(found).toEqual([]);
  });
});
