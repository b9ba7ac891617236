// @vitest-environment node
/**
 * Which snapshot of the demo's year a new data directory starts from (snapshot.ts): today's, made by today's loader
 * with today's migrations, before any other; else the newest whose migrations are the first of today's (migrated the
 * rest of the way on opening); never one of another zone, length, PGlite or a migration chain that went elsewhere,
 * and never one dated after today. Saving keeps one snapshot only.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrationDigests } from '../../db/pglite-template.ts';
import { findDemoSnapshot, readSnapshot, saveDemoSnapshot } from './snapshot.ts';

const TZ = 'Asia/Shanghai';
// 2026-11-29 10:00 in Shanghai
const NOW = new Date('2026-11-29T02:00:00Z');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'loopyard-demo-snap-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;
/** saves into a scratch copy (saving keeps one only) and moves both files into `dir` */
function put(tag: string, meta: { day: string; months?: number; tz?: string; migrations?: string[] }) {
  const scratch = mkdtempSync(join(tmpdir(), 'loopyard-demo-one-'));
  const file = saveDemoSnapshot(bytes(tag), { months: 12, tz: TZ, summary: tag, ...meta }, scratch);
  for (const name of readdirSync(scratch)) {
    const to = join(dir, `${tag}-${name}`);
    renameSync(join(scratch, name), to);
  }
  rmSync(scratch, { recursive: true, force: true });
  return file;
}

it('prefers today’s snapshot, else the newest that is usable; reads back what was saved', async () => {
  expect(findDemoSnapshot(12, TZ, NOW, dir)).toBeNull();
  put('old', { day: '2026-11-20' });
  put('older', { day: '2026-11-10' });
  let found = findDemoSnapshot(12, TZ, NOW, dir);
  expect([found?.meta.summary, found?.current]).toEqual(['old', false]);
  put('today', { day: '2026-11-29' });
  put('future', { day: '2026-11-30' }); // a clock set back: never a history that ends after today
  found = findDemoSnapshot(12, TZ, NOW, dir);
  expect([found?.meta.summary, found?.current]).toEqual(['today', true]);
  expect(await readSnapshot(found as never).text()).toBe('today');
});

it('an earlier migration chain is usable (migrated on opening) but not current; another chain, zone or length is not', () => {
  const chain = migrationDigests();
  put('other-chain', { day: '2026-11-29', migrations: [...chain.slice(0, -1), '0099_elsewhere.sql:0000000000000000'] });
  put('other-zone', { day: '2026-11-29', tz: 'UTC' });
  put('six-months', { day: '2026-11-29', months: 6 });
  expect(findDemoSnapshot(12, TZ, NOW, dir)).toBeNull();
  put('earlier-chain', { day: '2026-11-29', migrations: chain.slice(0, -1) });
  const found = findDemoSnapshot(12, TZ, NOW, dir);
  expect([found?.meta.summary, found?.current]).toEqual(['earlier-chain', false]);
  expect(findDemoSnapshot(6, TZ, NOW, dir)?.meta.summary).toBe('six-months');
});

it('saving keeps one snapshot, its tarball and what it was made from', () => {
  const a = saveDemoSnapshot(bytes('a'), { day: '2026-11-28', months: 12, tz: TZ, summary: 'a' }, dir);
  const b = saveDemoSnapshot(bytes('b'), { day: '2026-11-29', months: 12, tz: TZ, summary: 'b' }, dir);
  expect(existsSync(a)).toBe(false);
  expect(readdirSync(dir).sort()).toEqual(
    [b.slice(dir.length + 1), b.slice(dir.length + 1).replace('.tar.gz', '.json')].sort(),
  );
  const meta = JSON.parse(readFileSync(b.replace('.tar.gz', '.json'), 'utf8'));
  expect(meta.migrations).toEqual(migrationDigests());
  expect(meta.code).toMatch(/^[0-9a-f]{16}$/);
});
