// @vitest-environment node
/**
 * Issue 23: core/contract holds the wire of a resource; what only a screen shows lives beside the screen in
 * `screens/<area>/<name>.resource.ts` (`withLayout`, screens/README). This test counts, per core/contract file, the
 * screen-only keys of resource.ts (`COLUMN_LAYOUT`, `FORM_LAYOUT`) written on a field's line (`field: '…'`) and the
 * `detail:` card lists, and fails when a file not in ALLOWED has one or a file has more than ALLOWED says.
 *
 * ALLOWED listed the files whose layout had not moved when the first move stopped; the rest moved in session 10 (a
 * layout two areas share lives in features/layouts/, a built resource is laid out per kind, a field list that is no
 * resource with `withFormLayout`), so it is empty: a contract that gains a screen-only key fails here.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLUMN_LAYOUT, FORM_LAYOUT } from '../../core/contract/resource.ts';
import { sources } from './source-files.ts';

const root = resolve(import.meta.dirname, '../..');

const ALLOWED: Record<string, number> = {};

const KEYS = new RegExp(`\\b(${[...new Set([...COLUMN_LAYOUT, ...FORM_LAYOUT])].join('|')})\\s*:`, 'g');

/** Screen-only keys on the lines that describe a field, and `detail:` card lists. */
function countLayout(source: string): number {
  let n = 0;
  for (const line of source.split('\n')) {
    if (/\bfield:\s*'/.test(line)) n += line.match(KEYS)?.length ?? 0;
    if (/^\s*detail:\s*[[(]/.test(line)) n++;
  }
  return n;
}

const counts = new Map<string, number>();
for (const file of sources(join(root, 'core/contract'))) {
  const rel = relative(root, file).split('\\').join('/');
  const n = countLayout(readFileSync(file, 'utf8'));
  if (n) counts.set(rel, n);
}

describe('screen layouts live beside their screens, not in core/contract', () => {
  it('counts a field line’s layout keys and the detail cards', () => {
    expect(countLayout("  { field: 'remark', label: '备注', kind: 'textarea', span: 2 },")).toBe(1);
    expect(countLayout("  { field: 'a', label: 'A', kind: 'text', sortable: true, hideInTable: true },")).toBe(2);
    expect(countLayout("  { field: 'a', label: 'A', kind: 'money', width: 110 },")).toBe(0);
    expect(countLayout('  detail: [\n')).toBe(1);
  });

  it('no core/contract file holds more screen layout than when the move stopped', () => {
    const over = [...counts]
      .filter(([f, n]) => n > (ALLOWED[f] ?? 0))
      .map(([f, n]) => `${f}: ${n} > ${ALLOWED[f] ?? 0}`);
    expect(over, 'move the layout to screens/<area>/<name>.resource.ts (withLayout)').toEqual([]);
  });

  it('ALLOWED shrinks as layouts move: no file is listed above its count', () => {
    const stale = Object.entries(ALLOWED)
      .filter(([f, n]) => (counts.get(f) ?? 0) < n)
      .map(([f, n]) => `${f}: ${counts.get(f) ?? 0} < ${n}`);
    expect(stale).toEqual([]);
  });
});
