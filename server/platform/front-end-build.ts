/**
 * The front end `npm start` serves, built only when its sources changed (issue 25, "first start").
 *
 * `vite build` writes `dist/.source-stamp`: a SHA-256 over the path and content of every file the build reads
 * (the four entries, core, features, screens, print, the Vite/TypeScript config and the lock file). At start the
 * server compares that stamp with the sources: equal → the build is skipped; different or missing → `vite build`
 * runs in a child process while the database is migrated and seeded, and the server listens once both are done.
 * `BUILD_ON_START=0` never builds (the end-to-end and scale-out suites run on the build `npm test` made).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['entries', 'core', 'features', 'screens', 'print'];
const SOURCE_FILES = ['vite.config.ts', 'tsconfig.json', 'package-lock.json', 'server/platform/front-end-build.ts'];
export const STAMP_FILE = '.source-stamp';

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    // tests are not part of the bundle: editing one must not force a rebuild
    return /\.test\.(ts|tsx)$/.test(name) ? [] : [path];
  });
}

/** SHA-256 over the sorted (path, content) pairs of the build's sources, hex. */
export function sourceStamp(root = ROOT): string {
  const files = [...SOURCE_DIRS.flatMap((d) => walk(join(root, d))), ...SOURCE_FILES.map((f) => join(root, f))]
    .filter((f) => existsSync(f))
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `distDir` holds a build of exactly today's sources. */
export function isBuildFresh(distDir: string, root = ROOT): boolean {
  const stampPath = join(distDir, STAMP_FILE);
  if (!existsSync(stampPath) || !existsSync(join(distDir, 'entries/admin/index.html'))) return false;
  return readFileSync(stampPath, 'utf8').trim() === sourceStamp(root);
}

/**
 * Builds the front end into `distDir` unless it is fresh. Resolves when the build is there; rejects when the build
 * fails. Only the project's own `dist/` is built (a DIST_DIR elsewhere is served as it is).
 */
export async function ensureFrontEnd(
  distDir: string,
  log: (m: string) => void,
  root = ROOT,
): Promise<'fresh' | 'built' | 'skipped'> {
  if (process.env.BUILD_ON_START === '0' || resolve(distDir) !== join(root, 'dist')) return 'skipped';
  if (isBuildFresh(distDir, root)) return 'fresh';
  const t0 = performance.now(); // monotonic: npm's prepare makes the demo's history beside it, which sets Date to past hours
  log('前端构建中 / building the front end (sources changed since the last build)…');
  await new Promise<void>((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
  log(`前端构建完成 / front end built in ${Math.round(performance.now() - t0)} ms`);
  return 'built';
}
