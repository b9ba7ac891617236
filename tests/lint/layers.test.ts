// @vitest-environment node
/**
 * The layer rules of biome.json (issue 10) bite: planted imports that go up a layer or across business areas fail
 * `biome lint`, and the allowed directions pass. Runs Biome with the repository's own biome.json on a scratch tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

/**
 * core/ folders by who may import them (server/README "Import rules"): pure domain code shared with the server, and
 * browser code the server must never import. Every folder of core/ is in exactly one list (a test below).
 */
const SERVER_SHARED = [
  'contract',
  'accounting',
  'finance-ar',
  'format',
  'logistics',
  'report',
  'scf',
  'stock',
  'stomp',
  'trace',
  'trade',
  'weighing',
];
const BROWSER_ONLY = [
  'api',
  'biz-cache',
  'csp',
  'permissions',
  'printer',
  'router',
  'session',
  'settings',
  'store',
  'tabs',
];

const forbidden: [string, string, string][] = [
  ...BROWSER_ONLY.map((d): [string, string, string] => [
    'server/modules/planted.ts',
    `../../core/${d}/x.ts`,
    'browser code',
  ]),
  ['server/platform/crud/planted.ts', '../../../core/store/store.ts', 'browser code, deeper'],
  ['server/planted.ts', '../features/ui/select.tsx', 'a feature'],
  ['server/planted.ts', '../print/bridge.ts', 'print'],
  ['screens/finance/planted.tsx', '../accounting/home.tsx', 'another area'],
  ['screens/supply-chain/weighing/planted.tsx', '../../finance/carry-down.tsx', 'another area'],
  ['features/voucher/planted.tsx', '../../screens/finance/carry-down.tsx', 'up a layer'],
  ['features/voucher/planted.tsx', '../account-set/account-set-dialog.tsx', "another feature's internals"],
  ['core/api/planted.ts', '../../features/ui/select.tsx', 'up a layer'],
  ['server/modules/planted.ts', '../../core/api/api.ts', 'client state'],
  ['server/modules/planted.ts', '../../screens/finance/carry-down.tsx', 'up a layer'],
  ['tools/scale-bridge/planted.ts', '../../server/platform/r.ts', 'tools into the server'],
  ['server/modules/x/planted.ts', '../../app.ts', 'a module into the app that imports it'],
  ['server/modules/x/y/planted.ts', '../../../app.ts', 'a module into the app, deeper'],
  ['entries/visual/planted.tsx', '../admin/main.tsx', 'another entry'],
];
const allowed: [string, string][] = [
  ...SERVER_SHARED.map((d): [string, string] => ['server/modules/planted.ts', `../../core/${d}/x.ts`]),
  ['server/modules/planted.ts', 'drizzle-orm/pg-core'],
  ['screens/finance/planted.tsx', '../../features/voucher/voucher-editor.tsx'],
  ['screens/finance/planted.tsx', './carry-down.tsx'],
  ['screens/supply-chain/weighing/planted.tsx', '../purchase/in-stock.resource.ts'],
  ['features/voucher/planted.tsx', '../ui/select.tsx'],
  ['features/voucher/planted.tsx', '../../core/api/api.ts'],
  ['server/modules/planted.ts', '../../core/contract/endpoint.ts'],
  ['server/modules/x/planted.ts', '../../platform/context.ts'],
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
  // the one Biome run over every planted case takes its time on a busy machine: before the cases, not inside the first
  beforeAll(() => void lintAll(), 120_000);

  it.each(forbidden.map((c, i) => [...c, i] as const))('%s importing %s (%s) fails', (_p, _s, _w, i) => {
    expect(lintAll().has(`bad-${i}`)).toBe(true);
  });

  it.each(allowed.map((c, i) => [...c, i] as const))('%s importing %s passes', (_p, _s, i) => {
    expect(lintAll().has(`good-${i}`)).toBe(false);
  });
});

describe('what the server may import from core/', () => {
  it('every folder of core/ is either shared with the server or browser-only, never both', () => {
    const folders = readdirSync(join(root, 'core'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect([...SERVER_SHARED, ...BROWSER_ONLY].sort()).toEqual(folders);
  });

  it('server/README states the same shared folders', () => {
    const readme = readFileSync(join(root, 'server/README.md'), 'utf8');
    // the bullet of "Import rules" that starts so, up to the next bullet
    const rule = /^- `server\/\*\*` may import[\s\S]*?(?=\n- |\n\n)/m.exec(readme)?.[0];
    expect(rule).toBeTruthy();
    const named = [...rule!.matchAll(/`core\/([a-z-]+)\/\*\*`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...SERVER_SHARED].sort());
  });
});
