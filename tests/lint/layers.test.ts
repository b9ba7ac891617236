// @vitest-environment node
/**
 * The layer rules of biome.json (issue 10) bite: planted imports that go up a layer or across business areas fail
 * `biome lint`, and the allowed directions pass. Runs Biome with the repository's own biome.json on a scratch tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');
const scratch = mkdtempSync(join(tmpdir(), 'loopyard-layers-'));
const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
config.files = { includes: ['**'] };
config.formatter = { ...config.formatter, enabled: false };
config.assist = { enabled: false };
writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** Lints one planted file; answers the restricted-import messages Biome printed. */
function lint(path: string, specifier: string): string[] {
  const dir = join(scratch, `case-${n++}`);
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  writeFileSync(file, `import { x } from '${specifier}';\nexport const y = x;\n`);
  const r = spawnSync(biome, ['lint', '--max-diagnostics=50', '.'], { cwd: dir, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  return out.includes('noRestrictedImports') ? out.split('\n').filter((l) => l.includes('×')) : [];
}

describe('layer rules in npm run lint', () => {
  it.each([
    ['screens/finance/planted.tsx', '../accounting/home.tsx', 'another area'],
    ['screens/supply-chain/weighing/planted.tsx', '../../finance/carry-down.tsx', 'another area'],
    ['features/voucher/planted.tsx', '../../screens/finance/carry-down.tsx', 'up a layer'],
    ['features/voucher/planted.tsx', '../account-set/account-set-dialog.tsx', "another feature's internals"],
    ['core/api/planted.ts', '../../features/ui/select.tsx', 'up a layer'],
    ['server/modules/planted.ts', '../../core/api/api.ts', 'client state'],
    ['server/modules/planted.ts', '../../screens/finance/carry-down.tsx', 'up a layer'],
    ['tools/scale-bridge/planted.ts', '../../server/platform/r.ts', 'tools into the server'],
    ['entries/visual/planted.tsx', '../admin/main.tsx', 'another entry'],
  ])('%s importing %s (%s) fails', (path, specifier) => {
    expect(lint(path, specifier).length).toBeGreaterThan(0);
  });

  it.each([
    ['screens/finance/planted.tsx', '../../features/voucher/voucher-editor.tsx'],
    ['screens/finance/planted.tsx', './carry-down.tsx'],
    ['screens/supply-chain/weighing/planted.tsx', '../purchase/in-stock.resource.ts'],
    ['features/voucher/planted.tsx', '../ui/select.tsx'],
    ['features/voucher/planted.tsx', '../../core/api/api.ts'],
    ['server/modules/planted.ts', '../../core/contract/endpoint.ts'],
    ['tools/scale-bridge/planted.ts', '../../core/stomp/broker.ts'],
    ['entries/admin/planted.tsx', '../../screens/finance/carry-down.tsx'],
  ])('%s importing %s passes', (path, specifier) => {
    expect(lint(path, specifier)).toEqual([]);
  });
});
