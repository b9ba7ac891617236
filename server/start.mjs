// `npm start`: the server as one bundled module instead of ~1,000 TypeScript files through tsx's loader (issue 25,
// "first start"). Measured at load 7: importing server/app.ts through tsx took 9.4 s CPU with a cold tsx cache (a
// fresh clone) and 6.4 s warm — every module a round trip to the loader's thread; the esbuild bundle of the same
// code takes 0.6 s CPU to make and 2.5 s to import.
//
// The bundle (node_modules/.cache/loopyard-server/<checkout>/main.mjs, one per checkout path: worktrees may share
// node_modules) is made again when any file it was made from changed (stamp.json: the SHA-256 of each input
// esbuild's metafile names); two servers starting at once make it one after the other (a lock folder). Packages
// stay outside the bundle (node resolves them as before). `import.meta.url` / `.dirname` / `.filename` keep naming
// the source file, so the migrations folder, the file worker and the project root resolve as they do under tsx.
// Development keeps tsx (`npm run dev:server`); unit and API tests import the TypeScript sources; the browser tests
// start their servers through this file, as `npm start` does. LOOPYARD_BUNDLE=0 runs the sources through tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(
  ROOT,
  'node_modules/.cache/loopyard-server',
  createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
);
const OUT = join(OUT_DIR, 'main.mjs');
const STAMP = join(OUT_DIR, 'stamp.json');

const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

function isFresh() {
  if (!existsSync(OUT) || !existsSync(STAMP)) return false;
  try {
    const { inputs } = JSON.parse(readFileSync(STAMP, 'utf8'));
    return Object.entries(inputs).every(([f, h]) => existsSync(join(ROOT, f)) && sha(join(ROOT, f)) === h);
  } catch {
    return false;
  }
}

/** `import.meta.url` / `.dirname` / `.filename` of a source file: its own location, not the bundle's */
const metaPlugin = {
  name: 'loopyard-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents, loader, resolveDir: dirname(args.path) };
    });
  },
};

async function bundle() {
  const { build } = await import('esbuild');
  const t0 = Date.now();
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [metaPlugin],
  });
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs)
      .map((f) => relative(ROOT, resolve(process.cwd(), f)).split('\\').join('/'))
      .filter((f) => !f.startsWith('node_modules/'))
      .map((f) => [f, sha(join(ROOT, f))]),
  );
  writeFileSync(STAMP, JSON.stringify({ inputs }));
  console.log(`服务端打包 / server bundled: ${Object.keys(inputs).length} 个源文件, ${Date.now() - t0} ms`);
}

/** One bundler at a time per checkout; a lock older than a minute is a crashed start's and is taken over. */
async function withLock(fn) {
  const lock = join(OUT_DIR, 'lock');
  mkdirSync(OUT_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (process.env.LOOPYARD_BUNDLE === '0') {
  const { register } = await import('tsx/esm/api');
  register();
  const m = await import(pathToFileURL(join(ROOT, 'server/main.ts')).href);
  await m.main();
} else {
  if (!isFresh()) await withLock(async () => isFresh() || (await bundle()));
  process.setSourceMapsEnabled(true);
  const m = await import(pathToFileURL(OUT).href);
  await m.main();
}
