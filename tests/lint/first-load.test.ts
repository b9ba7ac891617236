// @vitest-environment node
/**
 * The first loads stay light (issue 16: the login page ≤ 133 kB gzip; issue 25: admin + layout + home ≤ 200 kB, see
 * `npm run bench` and tests/e2e/first-load.spec.ts): the modules a browser loads for them, followed through their
 * static imports, reach none of the heavy packages a screen needs only later — zod (the contracts' schemas: the shell
 * calls its endpoints through zod-free routes, core/contract/route.ts), decimal.js (the home page shows the server's
 * figures with core/format/decimal-text.ts), fuse.js (the header search loads it when idle), the chart and map
 * libraries. Type-only imports and dynamic `import()` are not followed: neither is in the load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Packages no first load may reach. */
const HEAVY = ['zod', 'decimal.js', 'fuse.js', 'echarts', '@antv/', 'maplibre-gl', 'exceljs', 'xlsx'];

/**
 * The specifiers a module loads when it is evaluated: its imports and re-exports after the build's own TypeScript
 * transform (Vite's transformWithOxc), which drops type-only imports and imports used only as types; not `import()`.
 */
async function staticImports(file: string): Promise<string[]> {
  const js = await transformWithOxc(readFileSync(file, 'utf8'), file, { jsx: 'preserve' });
  const { module } = parseSync(
    file.replace(/\.(ts|tsx)$/, (_m, x: string) => (x === 'tsx' ? '.jsx' : '.js')),
    js.code,
  );
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
  ];
}

/** Every package the start modules reach, with the chain of modules that reaches it first. */
async function reachedPackages(starts: string[]): Promise<Map<string, string[]>> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = starts.map((s) => ({ file: join(root, s), chain: [s] }));
  while (queue.length) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] };
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of await staticImports(file)) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (/\.tsx?$/.test(target) && existsSync(target))
          queue.push({ file: target, chain: [...chain, relative(root, target)] });
      } else if (!packages.has(spec)) packages.set(spec, [...chain, spec]);
    }
  }
  return packages;
}

async function heavyIn(starts: string[]): Promise<string[]> {
  return [...(await reachedPackages(starts))]
    .filter(([spec]) => HEAVY.some((h) => spec === h || spec.startsWith(h.endsWith('/') ? h : `${h}/`)))
    .map(([, chain]) => chain.join(' → '));
}

describe('the first loads reach no heavy package through static imports', () => {
  it('the login page (admin entry + login screen)', async () => {
    expect(await heavyIn(['entries/admin/main.tsx', 'screens/shell/login.tsx'])).toEqual([]);
  });

  it('after sign-in: the admin entry, the shell layout and the home dashboard', async () => {
    expect(
      await heavyIn(['entries/admin/main.tsx', 'features/shell/layout.tsx', 'screens/shell/dashboard.tsx']),
    ).toEqual([]);
  });

  it('follows re-exports and drops what the build drops (the walk itself)', async () => {
    expect(await staticImports(join(root, 'core/contract/common.ts'))).toContain('./wire.ts'); // export * from
    expect((await reachedPackages(['core/contract/izs-visual/metrics.contract.ts'])).get('zod')).toBeTruthy();
    // izs-visual.api.ts imports its contracts as types only
    expect(await staticImports(join(root, 'core/api/izs-visual.api.ts'))).toEqual(['./endpoints.ts']);
  });
});
