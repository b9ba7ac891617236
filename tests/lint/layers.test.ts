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

const forbidden: [string, string, string][] = [
  ['screens/finance/planted.tsx', '../accounting/home.tsx', 'another area'],
  ['screens/supply-chain/weighing/planted.tsx', '../../finance/carry-down.tsx', 'another area'],
  ['features/voucher/planted.tsx', '../../screens/finance/carry-down.tsx', 'up a layer'],
  ['features/voucher/planted.tsx', '../account-set/account-set-dialog.tsx', "another feature's internals"],
  ['core/api/planted.ts', '../../features/ui/select.tsx', 'up a layer'],
  ['server/modules/planted.ts', '../../core/api/api.ts', 'client state'],
  ['server/modules/planted.ts', '../../screens/finance/carry-down.tsx', 'up a layer'],
  ['tools/scale-bridge/planted.ts', '../../server/platform/r.ts', 'tools into the server'],
  ['entries/visual/planted.tsx', '../admin/main.tsx', 'another entry'],
];
const allowed: [string, string][] = [
  ['screens/finance/planted.tsx', '../../features/voucher/voucher-editor.tsx'],
  ['screens/finance/planted.tsx', './carry-down.tsx'],
  ['screens/supply-chain/weighing/planted.tsx', '../purchase/in-stock.resource.ts'],
  ['features/voucher/planted.tsx', '../ui/select.tsx'],
  ['features/voucher/planted.tsx', '../../core/api/api.ts'],
  ['server/modules/planted.ts', '../../core/contract/endpoint.ts'],
  ['tools/scale-bridge/planted.ts', '../../core/stomp/broker.ts'],
  ['entries/admin/planted.tsx', '../../screens/finance/carry-down.tsx'],
];

/**
 * Every planted file lives in its own case folder of ONE scratch tree, linted by ONE Biome run (the rules match on
 * paths inside the tree, so `case-N/screens/…` is judged as `screens/…`). Answers the case folders whose file got a
 * restricted-import diagnostic.
 */
let flagged: Set<string> | undefined;
function lintAll(): Set<string> {
  if (flagged) return flagged;
  const plant = (name: string, path: string, specifier: string) => {
    const file = join(scratch, name, path);
    mkdirSync(dirname(file), { recursive: true });
    // a nested configuration per case (Biome 2 monorepo style): its override paths are relative to the case folder
    writeFileSync(join(scratch, name, 'biome.json'), JSON.stringify({ ...config, root: false }));
    writeFileSync(file, `import { x } from '${specifier}';\nexport const y = x;\n`);
  };
  for (const [i, [path, specifier]] of forbidden.entries()) plant(`bad-${i}`, path, specifier);
  for (const [i, [path, specifier]] of allowed.entries()) plant(`good-${i}`, path, specifier);
  const r = spawnSync(biome, ['lint', '--max-diagnostics=1000', '.'], { cwd: scratch, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  // a diagnostic's first line names the file: `bad-3/features/voucher/planted.tsx:1:19 lint/style/noRestrictedImports`
  flagged = new Set(
    out
      .split('\n')
      .filter((l) => l.includes('noRestrictedImports'))
      .map((l) => /((?:bad|good)-\d+)\//.exec(l)?.[1])
      .filter((c): c is string => !!c),
  );
  return flagged;
}

describe('layer rules in npm run lint', () => {
  it.each(forbidden.map((c, i) => [...c, i] as const))('%s importing %s (%s) fails', (_p, _s, _w, i) => {
    expect(lintAll().has(`bad-${i}`)).toBe(true);
  });

  it.each(allowed.map((c, i) => [...c, i] as const))('%s importing %s passes', (_p, _s, i) => {
    expect(lintAll().has(`good-${i}`)).toBe(false);
  });
});
